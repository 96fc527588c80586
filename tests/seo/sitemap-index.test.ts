/**
 * Past the protocol's 50,000 URLs a sitemap becomes an index of parts (modules/seo/seo.service.ts). The
 * limit is the service's option: with a limit of 2 URLs a file, a handful of builds make an index here.
 * Both databases; every answer is parsed as XML (fast-xml-parser, validating), not matched as text.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeoService } from '../../src/modules/seo';
import { seoRoutes } from '../../src/server/api/seo.routes';
import { createTestContext, type TestContext } from '../helpers/test-app';

const BASE = 'https://www.example.it';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HOUR = 3_600_000;

let ctx: TestContext;
/** Slugs of the public builds, and their updated_at. */
const publicBuilds = new Map<string, string>();

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' });

function parse(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  return parser.parse(xml);
}

function routesWithLimit(limit?: number) {
  return seoRoutes(createSeoService({ db: ctx.database.db, clock: ctx.clock, publicBaseUrl: `${BASE}/`, ...(limit === undefined ? {} : { sitemapUrlLimit: limit }) }));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const now = Date.now();
  const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();
  const rows = [
    ...Array.from({ length: 6 }, (_, index) => ({ slug: `pubblicata-${index}`, status: 'published', published_at: iso(-(index + 10) * HOUR), publish_at: null, updated_at: iso(-index * HOUR) })),
    { slug: 'bozza', status: 'draft', published_at: null, publish_at: null, updated_at: iso(-1000) },
    { slug: 'programmata-futura', status: 'scheduled', published_at: null, publish_at: iso(48 * HOUR), updated_at: iso(-2000) },
    { slug: 'programmata-scaduta', status: 'scheduled', published_at: null, publish_at: iso(-HOUR), updated_at: iso(-3 * HOUR) },
  ];
  await ctx.database.db
    .insertInto('builds')
    .values(rows.map((row) => ({ ...row, title: row.slug, category: 'gaming', created_at: row.updated_at })))
    .execute();
  for (const row of rows) if (row.status === 'published' || row.slug === 'programmata-scaduta') publicBuilds.set(row.slug, row.updated_at);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('sitemap index', () => {
  it('past the limit, /sitemap.xml lists every part with its lastmod, and the parts hold each public URL once', async () => {
    const app = routesWithLimit(2);
    const response = await app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const index = parse(await response.text()).sitemapindex;
    expect(index['@_xmlns']).toBe(NS);
    // 7 public builds + the home page + the deals page + the one category with builds = 10 URLs, 2 a file.
    const parts = index.sitemap as { loc: string; lastmod?: string }[];
    expect(parts.map((part) => part.loc)).toEqual([1, 2, 3, 4, 5].map((n) => `${BASE}/sitemap-${n}.xml`));

    const seen: string[] = [];
    for (const [position, part] of parts.entries()) {
      const answer = await app.request(new URL(part.loc).pathname);
      expect(answer.status).toBe(200);
      const urlset = parse(await answer.text()).urlset;
      expect(urlset['@_xmlns']).toBe(NS);
      const urls = urlset.url as { loc: string; lastmod?: string }[];
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(2);
      // A part's lastmod in the index is the newest of its URLs' (the deals page has none).
      const newest = urls.flatMap((url) => (url.lastmod ? [url.lastmod] : [])).sort().at(-1);
      expect(part.lastmod, `part ${position + 1}`).toBe(newest);
      seen.push(...urls.map((url) => url.loc));
    }
    const expected = [`${BASE}/`, `${BASE}/offerte`, `${BASE}/?categoria=gaming`, ...[...publicBuilds.keys()].map((slug) => `${BASE}/build/${slug}`)];
    expect(seen.sort()).toEqual(expected.sort());
    expect(seen[0]).toBe(`${BASE}/`);
  });

  it('the home page opens part 1, with the newest lastmod of all builds, then the deals page and the category pages', async () => {
    const urlset = parse(await (await routesWithLimit(3).request('/sitemap-1.xml')).text()).urlset;
    const newest = new Date([...publicBuilds.values()].sort().at(-1)!).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(urlset.url).toEqual([
      { loc: `${BASE}/`, lastmod: newest },
      { loc: `${BASE}/offerte` },
      { loc: `${BASE}/?categoria=gaming`, lastmod: newest },
    ]);
  });

  it('puts the list pages and the first builds in one part when the limit leaves room', async () => {
    const urlset = parse(await (await routesWithLimit(4).request('/sitemap-1.xml')).text()).urlset;
    expect((urlset.url as { loc: string }[]).map((url) => url.loc).slice(0, 3)).toEqual([`${BASE}/`, `${BASE}/offerte`, `${BASE}/?categoria=gaming`]);
    expect(urlset.url[3].loc).toMatch(/\/build\//);
  });

  it('answers 404 for a part that does not exist, however it is spelled', async () => {
    const app = routesWithLimit(2);
    for (const path of ['/sitemap-0.xml', '/sitemap-6.xml', '/sitemap-01.xml', '/sitemap-99999999999.xml']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe('Questa parte della sitemap non esiste.');
    }
  });

  it('a part still to come is not a part: a scheduled build joins when due', async () => {
    // 10 URLs at a limit of 10: one urlset. Two days on, the scheduled build is due: 11 URLs, an index of 2.
    const app = routesWithLimit(10);
    expect(parse(await (await app.request('/sitemap.xml')).text()).urlset.url).toHaveLength(10);
    expect((await app.request('/sitemap-1.xml')).status).toBe(404);
    ctx.clock.advance(49 * HOUR);
    try {
      const index = parse(await (await app.request('/sitemap.xml')).text()).sitemapindex;
      expect(index.sitemap).toHaveLength(2);
      const locs = [];
      for (const part of [1, 2]) locs.push(...(parse(await (await app.request(`/sitemap-${part}.xml`)).text()).urlset.url as { loc: string }[]).map((url) => url.loc));
      expect(locs).toHaveLength(11);
      expect(locs).toContain(`${BASE}/build/programmata-futura`);
      expect(locs).not.toContain(`${BASE}/build/bozza`);
    } finally {
      ctx.clock.advance(-49 * HOUR);
    }
  });

  it('up to 50,000 URLs the site keeps one urlset, has no parts, and robots.txt points to /sitemap.xml', async () => {
    const sitemap = await ctx.request<string>('GET', '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const urls = parse(sitemap.body).urlset.url as { loc: string }[];
    expect(urls).toHaveLength(publicBuilds.size + 3);
    expect((await ctx.request('GET', '/sitemap-1.xml')).status).toBe(404);
    expect((await ctx.request<string>('GET', '/robots.txt')).body).toMatch(/^Sitemap: .*\/sitemap\.xml$/m);
  });

  it('refuses a limit under 2 URLs a file', () => {
    expect(() => createSeoService({ db: ctx.database.db, clock: ctx.clock, publicBaseUrl: BASE, sitemapUrlLimit: 1 })).toThrow();
  });
});
