/**
 * The build page as crawlers and visitors without JavaScript get it: a plain fetch of the HTML carries
 * the content, the prices, the SEO tags (absolute URLs from PUBLIC_BASE_URL), valid JSON-LD (Article +
 * ItemList of Products with EUR Offers) and correctly marked affiliate links. Then Chromium with
 * JavaScript disabled reads the page, opens the menu and uses the filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EContext, newPage, startE2E, VIEWPORTS } from './harness';
import {
  AFFILIATE_REL,
  DEFAULT_AUTHOR,
  DEFAULT_TAG,
  euro,
  expectedTitles,
  expectNoErrors,
  italianDate,
  listPublished,
  plain,
  type PublishedSummary,
  seedBuild,
  SITE_NAME,
  SPEC_TEXT,
  TYPE_ORDER,
} from './public-fixtures';

const BASE_URL = 'https://buildpc.example.it';

let e2e: E2EContext;
let summary: PublishedSummary;
let html: string;
let response: Response;
const seed = seedBuild(expectedTitles({ category: 'gaming' })[0]!);
const components = [...seed.components].sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));

beforeAll(async () => {
  e2e = await startE2E({ PUBLIC_BASE_URL: BASE_URL });
  summary = (await listPublished(e2e.url)).find((candidate) => candidate.title === seed.title)!;
  response = await fetch(`${e2e.url}/build/${summary.slug}`);
  html = await response.text();
});
afterAll(() => e2e?.close());

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Attributes of an HTML start tag, decoded. */
function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)) result[match[1]!.toLowerCase()] = decode(match[2]!);
  return result;
}

/** Every start tag named `name` whose attributes include all of `where`. */
function tags(name: string, where: Record<string, string> = {}): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))]
    .map((match) => attributes(match[0]))
    .filter((attrs) => Object.entries(where).every(([key, value]) => attrs[key] === value));
}

function metaContent(where: Record<string, string>): string {
  const found = tags('meta', where);
  expect(found, JSON.stringify(where)).toHaveLength(1);
  return found[0]!.content!;
}

/** Visible text of the document body: tags removed, entities decoded, spaces collapsed. */
function bodyText(): string {
  const body = html.slice(html.indexOf('<body'), html.indexOf('</body>'));
  return plain(decode(body.replace(/<script\b[\s\S]*?<\/script>/gi, ' ').replace(/<[^>]+>/g, ' ')));
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

describe('build page HTML without JavaScript (plain fetch)', () => {
  it('is served as Italian HTML with title, description and canonical link', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="it"[ >]/);
    const title = /<title>([^<]*)<\/title>/.exec(html);
    expect(decode(title![1]!)).toBe(`${seed.meta_title} | ${SITE_NAME}`);
    expect(metaContent({ name: 'description' })).toBe(seed.meta_description);
    const canonical = tags('link', { rel: 'canonical' });
    expect(canonical).toHaveLength(1);
    expect(canonical[0]!.href).toBe(`${BASE_URL}/build/${summary.slug}`);
  });

  it('contains the build: heading, description, date, article, components with prices and the total', () => {
    const text = bodyText();
    const h1 = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => decode(match[1]!.replace(/<[^>]+>/g, '')));
    expect(h1).toEqual([seed.title]);
    expect(text).toContain(seed.description);
    expect(text).toContain(italianDate(summary.published_at));
    expect(text).toContain(SPEC_TEXT.backLink);
    expect(html).toContain('<h2>A chi è rivolta</h2>');
    let position = -1;
    for (const component of components) {
      const at = text.indexOf(component.name);
      expect(at, component.name).toBeGreaterThan(position); // in the spec's type order
      position = at;
      expect(text.slice(at)).toContain(euro(component.price));
    }
    const total = components.reduce((sum, component) => sum + Math.round(component.price * 100), 0) / 100;
    expect(text).toContain(`Totale ${euro(total)}`);
    expect(text).toMatch(/Prezzi aggiornati al \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(text).toContain(SPEC_TEXT.disclaimer);
    expect(text).toContain(SPEC_TEXT.buyAll);
    expect(text).toContain(SPEC_TEXT.disclosure);
  });

  it('carries no framework script: only the theme script in <head> and the page script at the end of <body>', () => {
    // Public pages are documents, never hydrated (decision 017).
    expect(html).not.toMatch(/modulepreload|type="module"|__reactRouterContext/i);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((match) => !match[1]!.includes('application/ld+json'));
    expect(scripts.map((match) => match[1])).toEqual(['', '']);
    expect(html.indexOf(scripts[0]![0])).toBeLessThan(html.indexOf('</head>'));
    expect(scripts[1]![2]).toContain('data-enhance=');
    expect(html.indexOf(scripts[1]![0])).toBeGreaterThan(html.indexOf('</footer>'));
  });

  it('has Open Graph and Twitter tags with absolute URLs', () => {
    const pageUrl = `${BASE_URL}/build/${summary.slug}`;
    expect(metaContent({ property: 'og:title' })).toBe(`${seed.meta_title} | ${SITE_NAME}`);
    expect(metaContent({ property: 'og:description' })).toBe(seed.meta_description);
    expect(metaContent({ property: 'og:type' })).toBe('article');
    expect(metaContent({ property: 'og:locale' })).toBe('it_IT');
    expect(metaContent({ property: 'og:site_name' })).toBe(SITE_NAME);
    expect(metaContent({ property: 'og:url' })).toBe(pageUrl);
    const image = metaContent({ property: 'og:image' });
    expect(isAbsoluteHttpUrl(image)).toBe(true);
    expect(image.startsWith(`${BASE_URL}/`)).toBe(true);
    expect(metaContent({ name: 'twitter:card' })).toBe('summary_large_image');
    expect(metaContent({ name: 'twitter:image' })).toBe(image);
    expect(metaContent({ property: 'article:published_time' })).toBe(summary.published_at);
    for (const meta of tags('meta')) {
      if (/^(og:url|og:image|twitter:image)$/.test(meta.property ?? meta.name ?? '')) expect(isAbsoluteHttpUrl(meta.content!)).toBe(true);
    }
  });

  it('the social image it points to exists', async () => {
    const image = new URL(metaContent({ property: 'og:image' }));
    const served = await fetch(`${e2e.url}${image.pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/(jpeg|png)$/);
  });

  it('has valid JSON-LD: an Article and an ItemList of the parts, Products with EUR Offers where availability is known', () => {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    const data = blocks.map((block) => JSON.parse(block) as Record<string, any>);
    const articles = data.filter((item) => item['@type'] === 'Article');
    const lists = data.filter((item) => item['@type'] === 'ItemList');
    expect(articles).toHaveLength(1);
    expect(lists).toHaveLength(1);

    const article = articles[0]!;
    expect(article['@context']).toBe('https://schema.org');
    expect(article.headline).toBe(seed.title);
    expect(article.description).toBe(seed.description);
    expect(article.datePublished).toBe(summary.published_at);
    expect(article.author).toEqual({ '@type': 'Person', name: DEFAULT_AUTHOR, url: `${BASE_URL}/` });
    expect(article.publisher).toMatchObject({ '@type': 'Organization', name: SITE_NAME, logo: { '@type': 'ImageObject', url: `${BASE_URL}/logo.png` } });
    expect(article.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': `${BASE_URL}/build/${summary.slug}` });
    expect(Date.parse(article.dateModified)).toBeGreaterThanOrEqual(Date.parse(article.datePublished));
    expect(isAbsoluteHttpUrl(article.image)).toBe(true);
    expect(article.inLanguage).toBe('it-IT');

    const list = lists[0]!;
    expect(list['@context']).toBe('https://schema.org');
    expect(list.itemListElement).toHaveLength(components.length);
    list.itemListElement.forEach((element: Record<string, any>, index: number) => {
      const component = components[index]!;
      expect(element['@type']).toBe('ListItem');
      expect(element.position).toBe(index + 1);
      const product = element.item;
      // The seed's prices are the author's, never checked with the retailer: no availability to state,
      // so the part is named without an Offer (tests/seo/structured-data-pages.test.ts has the Offers).
      if (product === undefined) {
        expect(element.name).toBe(component.name);
        return;
      }
      expect(product['@type']).toBe('Product');
      expect(product.name).toBe(component.name);
      const offer = product.offers;
      expect(offer['@type']).toBe('Offer');
      expect(offer.priceCurrency).toBe('EUR');
      expect(offer.price).toBe(component.price.toFixed(2));
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\//);
      expect(offer.url).toBe(`https://www.amazon.it/dp/${component.asin}?tag=${DEFAULT_TAG}`);
      expect(Number.isNaN(Date.parse(offer.validFrom))).toBe(false); // the date the price was taken
    });
  });

  it('marks every Amazon link as sponsored, nofollow, noopener, opening in a new tab', () => {
    const amazon = tags('a').filter((attrs) => /^https:\/\/([a-z0-9-]+\.)*amazon\.it\//.test(attrs.href ?? ''));
    // One per component, the cart link (twice: the phone summary's and the list's), the article's links.
    expect(amazon.length).toBeGreaterThan(components.length);
    for (const link of amazon) {
      expect(link.rel, link.href).toBe(AFFILIATE_REL);
      expect(link.target, link.href).toBe('_blank');
    }
    const cart = amazon.filter((link) => link.href!.startsWith('https://www.amazon.it/gp/aws/cart/add.html?'));
    expect(cart).toHaveLength(2);
    expect(cart[0]).toEqual(cart[1]);
    const cartUrl = new URL(cart[0]!.href!);
    expect(cartUrl.searchParams.get('AssociateTag')).toBe(DEFAULT_TAG);
    components.forEach((component, index) => {
      expect(cartUrl.searchParams.get(`ASIN.${index + 1}`)).toBe(component.asin);
      expect(cartUrl.searchParams.get(`Quantity.${index + 1}`)).toBe('1');
    });
  });
});

describe('Chromium with JavaScript disabled', () => {
  it('reads the build page, its phone summary leads to the list, and the home page filters through plain links', async () => {
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[0].viewport, javaScriptEnabled: false });
    try {
      const { page } = opened;
      await page.goto(`${e2e.url}/build/${summary.slug}`);
      expect(await page.locator('h1').textContent()).toBe(seed.title);
      expect(await page.locator('[data-testid="component"]').count()).toBe(components.length);
      const box = page.getByTestId('build-summary');
      expect(await box.getByRole('link', { name: SPEC_TEXT.buyAll, exact: true }).isVisible()).toBe(true);
      await box.getByRole('link', { name: 'Vedi i componenti', exact: true }).click();
      await page.waitForURL(`${e2e.url}/build/${summary.slug}#componenti`);
      await expect.poll(() => page.locator('#componenti').getByRole('link', { name: SPEC_TEXT.buyAll, exact: true }).isVisible()).toBe(true);

      // The menu opens without JavaScript, and its link leads to the grid.
      await page.getByTestId('menu-button').click();
      await page.locator('#mobile-menu').getByRole('link', { name: 'Build', exact: true }).click();
      await page.waitForURL(`${e2e.url}/#builds`);

      await page.getByRole('group', { name: 'Categoria' }).getByRole('link', { name: 'Ufficio', exact: true }).click();
      await page.waitForURL(`${e2e.url}/?categoria=office#builds`);
      expect(await page.locator('#builds [data-testid="build-grid"] h3').allTextContents()).toEqual(expectedTitles({ category: 'office' }));
      expectNoErrors(opened.errors);
    } finally {
      await opened.close();
    }
  });
});
