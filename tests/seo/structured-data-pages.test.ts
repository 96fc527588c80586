/**
 * What crawlers and link-preview services read on every public page type, fetched over real HTTP from the
 * application as production composes it (pages behind the page cache), on SQLite and PostgreSQL:
 * - every <script type="application/ld+json"> parsed, and each schema.org type checked for the properties
 *   validators require (Offer, Product, Article, BreadcrumbList, WebSite, Organization, ImageObject);
 * - the preview tags (og:image in JPEG or PNG with its size and alt text), and the preview image answering
 *   with that type and size;
 * - the sitemap holding exactly pages that are indexed and canonical to themselves (decision 038).
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SOCIAL_IMAGE, SITE_LOGO } from '../../src/common/site-images';
import { createUploadStorage } from '../../src/modules/media';
import { createNodeServer } from '../../src/server/node-server';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const BASE_URL = 'http://localhost:3000'; // PUBLIC_BASE_URL of the test context
const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
const SCHEMA = 'https://schema.org';
const AVAILABILITIES = ['InStock', 'LimitedAvailability', 'BackOrder', 'PreOrder', 'OutOfStock'].map((name) => `${SCHEMA}/${name}`);
/** ISO 8601 date-time with a zone, as schema.org's DateTime and validators read it. */
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

let pages: PageBuild;
let ctx: TestContext;
let server: Server;
let origin: string;
let withCover: { slug: string; featured_image: string; title: string };
let withoutCover: { slug: string; title: string };
const RETAILER_IMAGE = 'https://m.media-amazon.com/images/I/prova-cpu.jpg';

beforeAll(async () => {
  pages = await loadPageBuild();
  // Covers in the database on both dialects: nothing written to the project's directory.
  ctx = await createTestContext({ UPLOAD_STORAGE: 'database' }, { pages: pages.build });
  server = createNodeServer(ctx.app.fetch, { answerFirst: ctx.pageCache.serveFromNode });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const token = await ctx.login();
  // A 1600 × 1000 cover, uploaded as the editor does: stored as WebP.
  const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#7c3aed' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'copertina.png');
  const upload = await ctx.app.request('/api/admin/upload', { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '198.51.100.7' } });
  expect(upload.status).toBe(201);
  const cover = ((await upload.json()) as { url: string }).url;
  expect(cover).toMatch(/^\/uploads\/[a-f0-9]{64}-1600\.webp$/);

  const create = async (overrides: Record<string, unknown>) => {
    const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(overrides) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    ctx.clock.advance(60_000);
    return response.body.build;
  };
  withCover = await create({ title: 'PC gaming con copertina', featured_image: cover, category: 'gaming' });
  withoutCover = await create({ title: 'PC editing senza copertina', category: 'editing', featured_image: null });

  // What the retailer said of the covered build's parts: the CPU in stock with its picture, the GPU out of
  // stock, the RAM never checked (a manual price: no availability to state).
  const now = ctx.clock.now().toISOString();
  const parts = await ctx.database.db.selectFrom('components').select(['id', 'type', 'build_id']).execute();
  for (const part of parts) {
    const values =
      part.type === 'CPU'
        ? { availability: 'IN_STOCK', availability_checked_at: now, image_url: RETAILER_IMAGE, image_checked_at: now }
        : part.type === 'GPU'
          ? { availability: 'OUT_OF_STOCK', availability_checked_at: now }
          : { availability: null };
    await ctx.database.db.updateTable('components').set(values).where('id', '=', part.id).execute();
  }
  await ctx.services.events.emitChange();
}, 180_000);

afterAll(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await ctx?.close();
  await pages?.close();
});

async function fetchPage(path: string): Promise<string> {
  const response = await fetch(`${origin}${path}`, { headers: BROWSER });
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
  return response.text();
}

const decode = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Every JSON-LD block of the page, parsed (a block that is not JSON fails the test). */
function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, any>);
}

/** Every object with an @type, however deep (Offers inside Products inside ListItems). */
function nodes(value: unknown, found: Record<string, any>[] = []): Record<string, any>[] {
  if (Array.isArray(value)) for (const item of value) nodes(item, found);
  else if (value && typeof value === 'object') {
    if ('@type' in value) found.push(value as Record<string, any>);
    for (const child of Object.values(value)) nodes(child, found);
  }
  return found;
}

function expectAbsoluteUrl(value: unknown, what: string) {
  expect(typeof value, what).toBe('string');
  expect(new URL(value as string).protocol, what).toMatch(/^https?:$/);
}

/** The properties validators require of each type (Google's and schema.org's checks), for any page. */
function checkNode(node: Record<string, any>) {
  const what = JSON.stringify(node).slice(0, 200);
  switch (node['@type']) {
    case 'Offer':
      expect(node.price, what).toMatch(/^\d+\.\d{2}$/);
      expect(node.priceCurrency, what).toBe('EUR');
      expect(AVAILABILITIES, what).toContain(node.availability);
      expectAbsoluteUrl(node.url, what);
      // Only where it is true: nobody promises a retailer's price ahead.
      expect(node, what).not.toHaveProperty('priceValidUntil');
      if (node.validFrom !== undefined) expect(node.validFrom, what).toMatch(ISO_DATETIME);
      break;
    case 'Product':
      expect(typeof node.name === 'string' && node.name.length > 0, what).toBe(true);
      expect(node.offers?.['@type'], what).toBe('Offer');
      if (node.image !== undefined) expectAbsoluteUrl(node.image, what);
      break;
    case 'Article':
      expect(typeof node.headline === 'string' && node.headline.length > 0 && node.headline.length <= 110, what).toBe(true);
      expect(node.datePublished, what).toMatch(ISO_DATETIME);
      expect(node.dateModified, what).toMatch(ISO_DATETIME);
      expect(Date.parse(node.dateModified), what).toBeGreaterThanOrEqual(Date.parse(node.datePublished));
      expect(node.author?.['@type'], what).toBe('Person');
      expect(node.author.name, what).toBeTruthy();
      expect(node.publisher?.['@type'], what).toBe('Organization');
      expect(node.publisher.logo?.['@type'], what).toBe('ImageObject');
      expectAbsoluteUrl(node.image, what);
      break;
    case 'Organization':
      expect(node.name, what).toBeTruthy();
      expectAbsoluteUrl(node.url, what);
      expect(node.logo?.['@type'], what).toBe('ImageObject');
      break;
    case 'ImageObject':
      expectAbsoluteUrl(node.url, what);
      expect(node.width, what).toBeGreaterThanOrEqual(112);
      expect(node.height, what).toBeGreaterThanOrEqual(112);
      break;
    case 'BreadcrumbList':
      expect(node.itemListElement.length, what).toBeGreaterThanOrEqual(2);
      node.itemListElement.forEach((step: Record<string, any>, index: number) => {
        expect(step['@type'], what).toBe('ListItem');
        expect(step.position, what).toBe(index + 1);
        expect(step.name, what).toBeTruthy();
        expectAbsoluteUrl(step.item, what);
      });
      break;
    case 'ItemList':
      node.itemListElement.forEach((element: Record<string, any>, index: number) => {
        expect(element.position, what).toBe(index + 1);
        // A part is a Product with an Offer, or only named when no full Offer can be stated.
        expect(element.item !== undefined || typeof element.name === 'string', what).toBe(true);
      });
      break;
    case 'WebSite':
      expectAbsoluteUrl(node.url, what);
      expect(node.potentialAction?.['@type'], what).toBe('SearchAction');
      expect(node.potentialAction.target.urlTemplate, what).toBe(`${BASE_URL}/cerca?q={search_term_string}`);
      expect(node.potentialAction['query-input'], what).toBe('required name=search_term_string');
      break;
  }
}

/** Parses and checks every block of a page; the top-level types, in order. */
function checkedTypes(html: string): string[] {
  const blocks = jsonLd(html);
  for (const block of blocks) expect(block['@context']).toBe(SCHEMA);
  for (const node of nodes(blocks)) checkNode(node);
  return blocks.map((block) => block['@type'] as string);
}

const PAGE_TYPES = () => [
  { path: '/', types: ['WebSite', 'Organization'] },
  { path: '/?categoria=gaming', types: ['BreadcrumbList'] },
  { path: '/?budget=800-1500', types: ['BreadcrumbList'] },
  { path: '/?categoria=gaming&budget=800-1500', types: ['BreadcrumbList'] },
  { path: `/build/${withCover.slug}`, types: ['Article', 'ItemList', 'BreadcrumbList'] },
  { path: `/build/${withoutCover.slug}`, types: ['Article', 'ItemList', 'BreadcrumbList'] },
  { path: '/cerca', types: ['BreadcrumbList'] },
  { path: '/cerca?q=gaming', types: ['BreadcrumbList'] },
  { path: '/confronta', types: ['BreadcrumbList'] },
  { path: `/confronta?build=${withCover.slug}&build=${withoutCover.slug}`, types: ['BreadcrumbList'] },
];

describe('structured data on every public page type', () => {
  it('parses, and every node has what validators require', async () => {
    for (const { path, types } of PAGE_TYPES()) expect(checkedTypes(await fetchPage(path)), path).toEqual(types);
  });

  it('build page: Products with full Offers where the retailer stated availability, the image the page shows, a dated Article', async () => {
    const html = await fetchPage(`/build/${withCover.slug}`);
    const [article, list, trail] = jsonLd(html);
    const elements = list!.itemListElement as Record<string, any>[];
    const byName = (name: string) => elements.find((element) => (element.item?.name ?? element.name) === name)!;
    const cpu = byName('AMD Ryzen 5 7600');
    expect(cpu.item.offers.availability).toBe(`${SCHEMA}/InStock`);
    expect(cpu.item.offers.price).toBe('199.90');
    expect(cpu.item.image).toBe(RETAILER_IMAGE);
    // The page shows that same picture.
    expect(html).toContain(`src="${RETAILER_IMAGE}"`);
    const gpu = byName('NVIDIA RTX 5060 Ti');
    expect(gpu.item.offers.availability).toBe(`${SCHEMA}/OutOfStock`);
    expect(gpu.item).not.toHaveProperty('image');
    // Never checked: named only, no Offer claims an availability nobody stated.
    expect(byName('Corsair Vengeance 32GB DDR5')).toEqual({ '@type': 'ListItem', position: expect.any(Number), name: 'Corsair Vengeance 32GB DDR5' });

    const updated = (await ctx.database.db.selectFrom('builds').select('updated_at').where('slug', '=', withCover.slug).executeTakeFirstOrThrow()).updated_at;
    expect(article!.dateModified).toBe(updated);
    expect(article!.publisher.logo).toEqual({ '@type': 'ImageObject', url: `${BASE_URL}${SITE_LOGO.path}`, width: SITE_LOGO.width, height: SITE_LOGO.height });
    expect(trail!.itemListElement.map((step: Record<string, any>) => [step.name, step.item])).toEqual([
      ['Build PC', `${BASE_URL}/`],
      ['Build PC gaming', `${BASE_URL}/?categoria=gaming`],
      [withCover.title, `${BASE_URL}/build/${withCover.slug}`],
    ]);
  });

  it('the publisher logo and the default preview card are PNG files of the size the pages state', async () => {
    for (const image of [SITE_LOGO, DEFAULT_SOCIAL_IMAGE]) {
      const metadata = await sharp(readFileSync(`public${image.path}`)).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'png', width: image.width, height: image.height });
    }
  });
});

/** The content of each <meta property|name="…">, by its key. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const match of html.matchAll(/<meta (property|name)="([^"]+)" content="([^"]*)"\/?>/g)) tags.set(match[2]!, decode(match[3]!));
  return tags;
}

describe('link previews', () => {
  it('a build with a cover names its JPEG rendition, with size and alt text, and the rendition is that JPEG', async () => {
    const tags = metaTags(await fetchPage(`/build/${withCover.slug}`));
    const image = tags.get('og:image')!;
    expect(image).toMatch(new RegExp(`^${BASE_URL}/anteprime/[a-f0-9]{64}-1600\\.jpg$`));
    expect(tags.get('twitter:image')).toBe(image);
    expect(tags.get('og:image:type')).toBe('image/jpeg');
    expect(tags.get('og:image:width')).toBe('1200');
    expect(tags.get('og:image:height')).toBe('630');
    expect(tags.get('og:image:alt')).toBe(`Copertina della build «${withCover.title}»`);
    expect(tags.get('twitter:image:alt')).toBe(tags.get('og:image:alt'));

    const path = new URL(image).pathname;
    const first = await fetch(`${origin}${path}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await first.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    // The same rendition again (kept, not converted anew: byte for byte the same).
    expect(Buffer.from(await (await fetch(`${origin}${path}`)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('pages without a cover name the site card, with its size and alt text', async () => {
    for (const path of ['/', '/?categoria=gaming', `/build/${withoutCover.slug}`, '/cerca', '/confronta']) {
      const tags = metaTags(await fetchPage(path));
      expect(tags.get('og:image'), path).toBe(`${BASE_URL}${DEFAULT_SOCIAL_IMAGE.path}`);
      expect(tags.get('og:image:type'), path).toBe('image/png');
      expect(tags.get('og:image:width'), path).toBe(String(DEFAULT_SOCIAL_IMAGE.width));
      expect(tags.get('og:image:height'), path).toBe(String(DEFAULT_SOCIAL_IMAGE.height));
      expect(tags.get('og:image:alt'), path).toBe(DEFAULT_SOCIAL_IMAGE.alt);
      expect(tags.get('twitter:image:alt'), path).toBe(DEFAULT_SOCIAL_IMAGE.alt);
    }
  });

  it('answers 404 for a rendition of no stored cover, of bytes that are no image, and for any other name', async () => {
    // An HTML page under an upload's name, as a hand-made copy could hold: no preview, and no 500.
    await createUploadStorage({ config: ctx.config, db: ctx.database.db }).put(`${'cd'.repeat(32)}-480.webp`, Buffer.from('<!doctype html><p>no'), 'text/html');
    for (const path of [`/anteprime/${'cd'.repeat(32)}-480.jpg`, `/anteprime/${'ab'.repeat(32)}-1600.jpg`, '/anteprime/copertina.jpg', `/anteprime/${'ab'.repeat(32)}-1600.webp`, '/anteprime/a/b']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).not.toMatch(/^image\//);
    }
  });
});

describe('the sitemap and the indexing rule agree', () => {
  it('every URL in the sitemap is indexed and canonical to itself; the indexed list pages are all in it', async () => {
    const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => decode(match[1]!));
    expect(locs).toEqual(
      expect.arrayContaining([`${BASE_URL}/`, `${BASE_URL}/offerte`, `${BASE_URL}/?categoria=gaming`, `${BASE_URL}/?categoria=editing`, `${BASE_URL}/build/${withCover.slug}`, `${BASE_URL}/build/${withoutCover.slug}`]),
    );
    expect(locs).toHaveLength(6);
    for (const loc of locs) {
      const html = await fetchPage(loc.slice(BASE_URL.length));
      expect(html, loc).not.toMatch(/<meta name="robots"/);
      expect(decode(/<link rel="canonical" href="([^"]*)"/.exec(html)![1]!), loc).toBe(loc);
    }
  });
});
