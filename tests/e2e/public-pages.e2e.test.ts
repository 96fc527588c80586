/**
 * Public pages in Chromium at phone and desktop size: home, filters, build page (with its summary on a
 * phone), missing build and the not-found page, with the exact Italian texts of the spec (product spec, "What
 * the product does and for whom", "Screens and routes", "Business constants and limits"). The pages are
 * documents (decision 017): every link loads a new one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { slugify } from '../../src/common/slug';
import { type E2EContext, newPage, type OpenedPage, startE2E, VIEWPORTS } from './harness';
import {
  AFFILIATE_REL,
  BUDGETS,
  DEFAULT_AUTHOR,
  DEFAULT_TAG,
  drafts,
  escapeHtml,
  euro,
  expectedTitles,
  expectNoErrors,
  ITALIAN_MONTHS,
  italianDate,
  listPublished,
  plain,
  published,
  type PublishedSummary,
  seedBuild,
  SITE_NAME,
  SPEC_TEXT,
  TYPE_ORDER,
} from './public-fixtures';

let e2e: E2EContext;
let summaries: PublishedSummary[];
/** The year when the server started: every page of this file is rendered (or cached) after it. */
let startYear: number;
beforeAll(async () => {
  startYear = new Date().getFullYear();
  e2e = await startE2E();
  summaries = await listPublished(e2e.url);
});
afterAll(() => e2e?.close());

const gamingTitle = expectedTitles({ category: 'gaming' })[0]!;
const officeTitle = expectedTitles({ category: 'office' })[0]!;
const slugOf = (title: string) => {
  const summary = summaries.find((candidate) => candidate.title === title);
  if (!summary) throw new Error(`not listed by /api/builds: ${title}`);
  return summary.slug;
};

const gridTitles = (page: Page) => page.locator('#builds [data-testid="build-grid"] h3').allTextContents();
const categoryChip = (page: Page, name: string) => page.getByRole('group', { name: 'Categoria' }).getByRole('link', { name, exact: true });
const budgetChip = (page: Page, name: string) => page.getByRole('group', { name: 'Budget' }).getByRole('link', { name, exact: true });

describe.each(VIEWPORTS)('public pages at $name', ({ viewport, mobile }) => {
  let opened: OpenedPage | undefined;
  const open = async () => {
    opened = await newPage(e2e.browser, { viewport });
    return opened.page;
  };
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('home: hero, author credit, one card per published build, why-choose block and footer', async () => {
    const page = await open();
    const response = await page.goto(`${e2e.url}/`);
    expect(response?.status()).toBe(200);

    expect(await page.locator('h1').allTextContents()).toEqual([SPEC_TEXT.heroTitle]);
    const hero = page.locator('main > section').first();
    expect(plain(await hero.textContent())).toContain(`A cura di ${DEFAULT_AUTHOR}`);

    const heading = page.locator('#builds h2');
    expect(await heading.textContent()).toBe(SPEC_TEXT.buildsHeading);
    expect(await heading.isVisible()).toBe(true);

    // One card per published demo build, newest first; the draft is not listed.
    const cards = page.locator('#builds .build-card');
    expect(await cards.count()).toBe(published.length);
    expect(await gridTitles(page)).toEqual(expectedTitles());
    const html = await page.content();
    for (const draft of drafts) expect(html).not.toContain(escapeHtml(draft.title));
    for (const card of await cards.all()) {
      const link = card.locator('h3 a');
      const title = (await link.textContent())!;
      expect(await link.getAttribute('href')).toBe(`/build/${slugOf(title)}`);
      expect(plain(await card.textContent())).toContain(`Totale${euro(summaries.find((s) => s.title === title)!.total_price)}`);
    }

    const reasons = page.locator('section[aria-labelledby="why-heading"] li h3');
    expect(await reasons.allTextContents()).toEqual(SPEC_TEXT.reasons);
    expect(await page.locator('#why-heading').textContent()).toBe('Perché scegliere le mie build');

    const footer = page.locator('footer');
    const footerText = plain(await footer.textContent());
    expect(footerText).toContain(SPEC_TEXT.disclosure);
    // The year the page was rendered in: the current one, unless the test runs across New Year's midnight.
    const year = Number(/© (\d{4}) /.exec(footerText)?.[1]);
    expect([startYear, new Date().getFullYear()]).toContain(year);
    expect(footerText).toContain(`© ${year} ${SITE_NAME} · ${DEFAULT_AUTHOR}. Tutti i diritti riservati.`);
    expect(footerText).toContain(`Guide e configurazioni PC di ${DEFAULT_AUTHOR}.`);
    expect(await footer.locator('code').textContent()).toBe(DEFAULT_TAG);
    expect(await footer.locator('a[href="/sitemap.xml"]').count()).toBe(1);
    expect(await footer.locator('a[href="/sitemap.xml"]').textContent()).toBe('Mappa del sito');
    expect(await footer.locator('a[href="/feed.xml"]').textContent()).toBe('Feed RSS');
    expect(await page.locator('head link[rel="alternate"][type="application/rss+xml"]').getAttribute('href')).toBe('/feed.xml');
    expect(await footer.getByRole('link', { name: 'Le Mie Build' }).getAttribute('href')).toBe('/#builds');
    expectNoErrors(opened!.errors);
  });

  it('filters: category chip, then a budget chip combined with it, each a new document with the filter in the URL', async () => {
    const page = await open();
    await page.goto(`${e2e.url}/`);
    expect(await categoryChip(page, 'Tutte').getAttribute('aria-current')).toBe('true');
    const follow = async (chip: ReturnType<typeof categoryChip>, url: string) => {
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await chip.click();
      await page.waitForURL(`${e2e.url}${url}`);
      await page.locator('#builds h2').waitFor();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    };

    await follow(categoryChip(page, 'Gaming'), '/?categoria=gaming#builds');
    expect(await gridTitles(page)).toEqual(expectedTitles({ category: 'gaming' }));
    expect(await gridTitles(page)).toEqual([gamingTitle]); // the draft gaming build stays hidden
    expect(await categoryChip(page, 'Gaming').getAttribute('aria-current')).toBe('true');
    expect(await categoryChip(page, 'Tutte').getAttribute('aria-current')).toBeNull();

    await follow(budgetChip(page, BUDGETS['800-1500'].label), '/?categoria=gaming&budget=800-1500#builds');
    expect(await budgetChip(page, BUDGETS['800-1500'].label).getAttribute('aria-current')).toBe('true');
    expect(await gridTitles(page)).toEqual(expectedTitles({ category: 'gaming', budget: '800-1500' }));
    expect(await categoryChip(page, 'Gaming').getAttribute('aria-current')).toBe('true');

    // Gaming under 800 euro: nothing published.
    await follow(budgetChip(page, BUDGETS['fino-800'].label), '/?categoria=gaming&budget=fino-800#builds');
    expect(await page.getByText(SPEC_TEXT.noBuilds, { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('[data-testid="build-grid"]').count()).toBe(0);

    // Back to every category: the budget filter stays.
    await follow(categoryChip(page, 'Tutte'), '/?budget=fino-800#builds');
    const cheap = expectedTitles({ budget: 'fino-800' });
    expect(cheap.length).toBeGreaterThan(1);
    expect(await gridTitles(page)).toEqual(cheap);
    // Every page carries the whole stylesheet inline.
    const stylesheetLength = await page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('head style')].map((style) => style.textContent.length)));
    expect(stylesheetLength).toBeGreaterThan(10_000);
    expectNoErrors(opened!.errors);
  });

  it('filters: /?categoria=office is rendered on the server with only the office build', async () => {
    const page = await open();
    const response = await page.goto(`${e2e.url}/?categoria=office`);
    expect(response?.status()).toBe(200);
    expect(await gridTitles(page)).toEqual([officeTitle]);
    expect(await categoryChip(page, 'Ufficio').getAttribute('aria-current')).toBe('true');
    expectNoErrors(opened!.errors);
  });

  it('filters: a filter with no results shows the empty-state text', async () => {
    const page = await open();
    await page.goto(`${e2e.url}/?categoria=office&budget=oltre-2500`);
    expect(plain(await page.locator('#builds').textContent())).toContain(SPEC_TEXT.noBuilds);
    expect(await page.getByText(SPEC_TEXT.noBuilds, { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('#builds .build-card').count()).toBe(0);
    expectNoErrors(opened!.errors);
  });

  it('build page: header, share links, article, components in spec order, total, cart link and disclosure', async () => {
    const page = await open();
    const seed = seedBuild(gamingTitle);
    const summary = summaries.find((candidate) => candidate.title === gamingTitle)!;
    const response = await page.goto(`${e2e.url}/build/${summary.slug}`);
    expect(response?.status()).toBe(200);

    expect(await page.title()).toBe(`${seed.meta_title} | ${SITE_NAME}`);
    const back = page.getByRole('link', { name: SPEC_TEXT.backLink });
    expect(await back.getAttribute('href')).toBe('/#builds');
    const header = page.locator('main header');
    expect(plain(await header.locator('span').first().textContent())).toBe('Gaming');
    expect(await page.locator('h1').allTextContents()).toEqual([seed.title]);
    expect(await header.locator('p').first().textContent()).toBe(seed.description);

    // Published date in Italian, e.g. '3 novembre 2026'.
    const time = header.locator('time');
    expect(await time.getAttribute('datetime')).toBe(summary.published_at);
    const date = await time.textContent();
    expect(date).toBe(italianDate(summary.published_at));
    expect(ITALIAN_MONTHS.some((month) => date!.includes(` ${month} `))).toBe(true);

    const views = plain(await header.getByText(/visualizzazioni$/).textContent());
    const viewsMatch = /^([\d.]+) visualizzazioni$/.exec(views);
    expect(viewsMatch, views).not.toBeNull();
    expect(Number(viewsMatch![1]!.replace(/\./g, ''))).toBeGreaterThanOrEqual(seed.views);

    // Share links: the page's own absolute URL and the text 'Guarda questa build PC: {title}'.
    const canonical = (await page.locator('link[rel="canonical"]').getAttribute('href'))!;
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+/build/${summary.slug}$`));
    const shareText = encodeURIComponent(`Guarda questa build PC: ${seed.title}`);
    const share = async (name: string) => {
      const link = header.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
      return (await link.getAttribute('href'))!;
    };
    expect(await share('Facebook')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical)}`);
    const twitter = await share('Twitter');
    expect(twitter).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?/);
    expect(twitter).toContain(`text=${shareText}`);
    expect(twitter).toContain(`url=${encodeURIComponent(canonical)}`);
    const whatsapp = await share('WhatsApp');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(whatsapp).toContain(shareText);
    expect(whatsapp).toContain(encodeURIComponent(canonical));
    const telegram = await share('Telegram');
    expect(telegram).toMatch(/^https:\/\/t\.me\/share\/url\?/);
    expect(telegram).toContain(`text=${shareText}`);

    // The article body rendered from markdown; links open in a new tab.
    const article = page.locator('article.article');
    expect(await article.locator('h2').first().textContent()).toBe('A chi è rivolta');
    expect(await article.locator('strong').first().textContent()).toBe('AMD Ryzen 5 9600X');
    const articleLink = article.locator('a[href^="https://www.amazon.it/"]').first();
    expect(await articleLink.getAttribute('target')).toBe('_blank');
    expect(await articleLink.getAttribute('rel')).toBe(AFFILIATE_REL);

    // Components in the spec's type order, with euro prices and their stamps.
    const rows = page.locator('[data-testid="component"]');
    const expected = [...seed.components].sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));
    expect(await rows.count()).toBe(expected.length);
    const types: string[] = [];
    for (const [index, component] of expected.entries()) {
      const row = rows.nth(index);
      types.push((await row.locator('span').first().textContent())!);
      expect(await row.locator('p.font-semibold').textContent()).toBe(component.name);
      const text = plain(await row.textContent());
      expect(text).toContain(euro(component.price));
      expect(text).toMatch(/Prezzo aggiornato al \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
      expect(text).not.toContain(SPEC_TEXT.replaced);
      const link = row.getByRole('link', { name: /Vedi su Amazon/ });
      expect(await link.getAttribute('href')).toBe(`https://www.amazon.it/dp/${component.asin}?tag=${DEFAULT_TAG}`);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe(AFFILIATE_REL);
    }
    expect(types).toEqual([...TYPE_ORDER]);
    expect(plain(await rows.first().textContent())).toContain('189,90 €');

    const section = page.locator('section[aria-labelledby="components-heading"]');
    const sectionText = plain(await section.textContent());
    const total = seed.components.reduce((sum, component) => sum + Math.round(component.price * 100), 0) / 100;
    expect(plain(await page.getByTestId('total').textContent())).toBe(euro(total));
    expect(euro(total)).toBe('1.298,30 €'); // thousands always grouped (Intl useGrouping: 'always')
    expect(sectionText).toContain(`Totale${euro(total)}`);
    expect(sectionText).not.toContain('Totale indicativo');
    expect(sectionText).toMatch(/Prezzi aggiornati al \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(sectionText).toContain(SPEC_TEXT.disclaimer);
    expect(sectionText).toContain(SPEC_TEXT.disclosure);

    const buyAll = section.getByRole('link', { name: SPEC_TEXT.buyAll, exact: true });
    // The list is `content-visibility: auto` below the fold: it renders once a reader scrolls near it.
    await buyAll.scrollIntoViewIfNeeded();
    await expect.poll(() => buyAll.isVisible()).toBe(true);
    const cartHref = (await buyAll.getAttribute('href'))!;
    expect(cartHref.startsWith(`https://www.amazon.it/gp/aws/cart/add.html?AssociateTag=${DEFAULT_TAG}&ASIN.1=`)).toBe(true);
    const cart = new URL(cartHref);
    expected.forEach((component, index) => {
      expect(cart.searchParams.get(`ASIN.${index + 1}`)).toBe(component.asin);
      expect(cart.searchParams.get(`Quantity.${index + 1}`)).toBe('1');
    });
    expect(cart.searchParams.get(`ASIN.${expected.length + 1}`)).toBeNull();
    expect(await buyAll.getAttribute('target')).toBe('_blank');
    expect(await buyAll.getAttribute('rel')).toBe(AFFILIATE_REL);
    expectNoErrors(opened!.errors);
  });

  it(`build page summary: ${mobile ? 'near the top on a phone, with total, price date, cart link and a link to the list' : 'not shown from 640 px up'}`, async () => {
    const page = await open();
    const summary = summaries.find((candidate) => candidate.title === gamingTitle)!;
    await page.goto(`${e2e.url}/build/${summary.slug}`);
    const box = page.getByTestId('build-summary');
    expect(await box.count()).toBe(1);
    expect(await box.isVisible()).toBe(mobile);
    if (!mobile) {
      expectNoErrors(opened!.errors);
      return;
    }
    // Between the header and the article, within the first screen.
    expect(await box.evaluate((element) => element.previousElementSibling?.tagName)).toBe('HEADER');
    expect(await box.evaluate((element) => element.nextElementSibling?.tagName)).toBe('ARTICLE');
    const boxTop = (await box.boundingBox())!.y;
    expect(boxTop).toBeGreaterThan(0);

    const list = page.locator('#componenti');
    const seed = seedBuild(gamingTitle);
    const total = seed.components.reduce((sum, component) => sum + Math.round(component.price * 100), 0) / 100;
    expect(plain(await box.getByTestId('summary-total').textContent())).toBe(euro(total));
    expect(plain(await box.textContent())).toContain(`Totale${euro(total)}`);
    // The same price date as the list's, in the same words.
    const date = plain(await box.getByTestId('prices-date').textContent());
    expect(date).toMatch(/^Prezzi aggiornati al \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(plain(await list.getByTestId('prices-date').textContent())).toBe(date);
    expect(plain(await box.textContent())).toContain(SPEC_TEXT.disclosure);
    // The same cart link as the list's.
    const cart = box.getByRole('link', { name: SPEC_TEXT.buyAll, exact: true });
    const listCart = list.getByRole('link', { name: SPEC_TEXT.buyAll, exact: true });
    expect(await cart.isVisible()).toBe(true);
    for (const attribute of ['href', 'rel', 'target']) expect(await cart.getAttribute(attribute), attribute).toBe(await listCart.getAttribute(attribute));
    expect(await cart.getAttribute('rel')).toBe(AFFILIATE_REL);

    // The link down to the list: the list's heading comes into view, under the sticky header.
    const toList = box.getByRole('link', { name: 'Vedi i componenti', exact: true });
    expect(await toList.getAttribute('href')).toBe('#componenti');
    await toList.click();
    await page.waitForURL(`${e2e.url}/build/${summary.slug}#componenti`);
    await expect.poll(() => page.locator('#components-heading').evaluate((heading) => Math.round(heading.getBoundingClientRect().top))).toBeGreaterThanOrEqual(64);
    expect(await page.locator('#components-heading').evaluate((heading) => heading.getBoundingClientRect().bottom < window.innerHeight)).toBe(true);
    expectNoErrors(opened!.errors);
  });

  it('unknown build slug: 404 with "Build non trovata" and a link home', async () => {
    const page = await open();
    const url = `${e2e.url}/build/non-esiste`;
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').allTextContents()).toEqual([SPEC_TEXT.buildNotFound]);
    expect(await page.getByText(SPEC_TEXT.buildMissing, { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('main a[href="/"]').count()).toBeGreaterThanOrEqual(1);
    expect(await page.title()).toBe(`${SPEC_TEXT.buildNotFound} | ${SITE_NAME}`);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expectNoErrors(opened!.errors, [url]);

    // A draft is not public either.
    const draftUrl = `${e2e.url}/build/${slugify(drafts[0]!.title)}`;
    const draft = await page.goto(draftUrl);
    expect(draft?.status()).toBe(404);
    expect(await page.locator('h1').allTextContents()).toEqual([SPEC_TEXT.buildNotFound]);
    expect(plain(await page.locator('main').textContent())).not.toContain(drafts[0]!.title);
    expectNoErrors(opened!.errors, [url, draftUrl]);
  });

  it('not-found page: 404 with "104", "Pagina non trovata" and links to / and /#builds', async () => {
    const page = await open();
    const url = `${e2e.url}/qualcosa/che/non/esiste`;
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    const main = page.locator('main');
    expect(plain(await main.textContent())).toContain(SPEC_TEXT.notFoundCode);
    expect(await main.getByText(SPEC_TEXT.notFoundCode, { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('h1').allTextContents()).toEqual([SPEC_TEXT.pageNotFound]);
    expect(await main.locator('a[href="/"]').count()).toBe(1);
    expect(await main.locator('a[href="/#builds"]').count()).toBe(1);
    expect(await page.title()).toBe(`${SPEC_TEXT.pageNotFound} | ${SITE_NAME}`);

    // The link to the builds leads to the home grid.
    await main.locator('a[href="/#builds"]').click();
    await page.waitForURL(`${e2e.url}/#builds`);
    await page.locator('#builds .build-card').first().waitFor();
    expectNoErrors(opened!.errors, [url]);
  });
});

describe('server-rendered filter (plain fetch, no JavaScript)', () => {
  it('/?categoria=office contains only the office build in the grid', async () => {
    const response = await fetch(`${e2e.url}/?categoria=office`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const start = html.indexOf('data-testid="build-grid"');
    expect(start).toBeGreaterThan(-1);
    const grid = html.slice(start, html.indexOf('</ul>', start));
    const titles = [...grid.matchAll(/<h3[^>]*>\s*<a[^>]*>([^<]*)<\/a>/g)].map((match) => match[1]);
    expect(titles).toEqual([escapeHtml(officeTitle)]);
    for (const build of [...published, ...drafts]) {
      if (build.title !== officeTitle) expect(html).not.toContain(escapeHtml(build.title));
    }
  });

  it('/?categoria=office&budget=oltre-2500 renders the empty-state text', async () => {
    const html = await (await fetch(`${e2e.url}/?categoria=office&budget=oltre-2500`)).text();
    expect(html).toContain(SPEC_TEXT.noBuilds);
    expect(html).not.toContain('data-testid="build-grid"');
  });
});

describe('replaced component banner', () => {
  it("shows 'SOSTITUITO' with the default reason, or the stored reason", async () => {
    const summary = summaries.find((candidate) => candidate.title === gamingTitle)!;
    const db = e2e.runtime.database.db;
    const gpu = await db
      .selectFrom('components')
      .select(['id', 'name'])
      .where('build_id', '=', summary.id)
      .where('type', '=', 'GPU')
      .executeTakeFirstOrThrow();
    // No API marks a component as replaced yet: write it directly, then tell the page cache.
    const mark = async (isReplaced: number, reason: string | null) => {
      await db.updateTable('components').set({ is_replaced: isReplaced, replacement_reason: reason }).where('id', '=', gpu.id).execute();
      await e2e.runtime.services.events.emitChange();
    };
    const opened = await newPage(e2e.browser, { viewport: VIEWPORTS[1].viewport });
    try {
      await mark(1, null);
      const { page } = opened;
      await page.goto(`${e2e.url}/build/${summary.slug}`);
      const rows = page.locator('[data-testid="component"]');
      const gpuRow = rows.filter({ hasText: gpu.name });
      expect(await gpuRow.count()).toBe(1);
      const banner = gpuRow.getByRole('note');
      expect(plain(await banner.textContent())).toBe(`${SPEC_TEXT.replaced}${SPEC_TEXT.replacedDefaultReason}`);
      expect(await banner.locator('strong').textContent()).toBe(SPEC_TEXT.replaced);
      // Below the demo build's cover the list is a below-fold block, laid out once it comes near the viewport.
      await banner.scrollIntoViewIfNeeded();
      expect(await banner.isVisible()).toBe(true);
      expect(await page.getByRole('note').count()).toBe(1); // only the replaced component

      await mark(1, 'Modello precedente fuori produzione');
      await page.reload();
      expect(plain(await gpuRow.getByRole('note').textContent())).toBe(`${SPEC_TEXT.replaced}Modello precedente fuori produzione`);
      expectNoErrors(opened.errors);
    } finally {
      await mark(0, null);
      await opened.close();
    }
  });
});
