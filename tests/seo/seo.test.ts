import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSitemapXml } from '../../src/modules/seo/sitemap';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

interface XmlElement {
  name: string;
  attributes: string;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A tiny, strict XML reader, enough for a sitemap: the declaration, elements with quoted attributes,
 * text with the predefined entities. Throws on anything malformed (unclosed or crossed tags, a bare &,
 * a stray <, more than one root), so parsing is the well-formedness check.
 */
function parseXml(xml: string): XmlElement {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>/;
  if (!declaration.test(xml)) throw new Error('missing XML declaration');
  const token = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+="[^"<&]*")*)\s*(\/?)>|([^<]+)/y;
  token.lastIndex = xml.match(declaration)![0].length;
  const root: XmlElement = { name: '#document', attributes: '', children: [], text: '' };
  const stack = [root];
  while (token.lastIndex < xml.length) {
    const at = token.lastIndex;
    const match = token.exec(xml);
    if (!match) throw new Error(`malformed XML at ${at}: ${xml.slice(at, at + 40)}`);
    const [, closing, name, attributes, selfClosing, text] = match;
    const parent = stack.at(-1)!;
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`bare & in ${text}`);
      if (parent === root && text.trim()) throw new Error('text outside the root element');
      parent.text += text.replace(/&(\w+);/g, (_, entity: string) => ENTITIES[entity]!);
    } else if (closing) {
      if (parent.name !== name) throw new Error(`</${name}> closes <${parent.name}>`);
      stack.pop();
    } else {
      if (parent === root && root.children.length > 0) throw new Error('more than one root element');
      const element: XmlElement = { name: name!, attributes: attributes ?? '', children: [], text: '' };
      parent.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (root.children.length !== 1) throw new Error('no root element');
  return root.children[0]!;
}

/** The <url> entries of a sitemap as { loc, lastmod }, after checking its structure. */
function sitemapUrls(xml: string) {
  const urlset = parseXml(xml);
  expect(urlset.name).toBe('urlset');
  expect(urlset.attributes).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  return urlset.children.map((url) => {
    expect(url.name).toBe('url');
    const field = (name: string) => url.children.find((child) => child.name === name)?.text;
    return { loc: field('loc'), lastmod: field('lastmod') };
  });
}

const w3c = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

// The harness default base URL, and a configured one.
const BASES: { base: string; env: Record<string, string> }[] = [
  { base: 'http://localhost:3000', env: {} },
  { base: 'https://www.example.it', env: { PUBLIC_BASE_URL: 'https://www.example.it' } },
];

describe.each(BASES)('sitemap.xml and robots.txt with base $base', ({ base, env }) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext(env);
    token = await ctx.login();
  });
  afterAll(() => ctx.close());

  async function createBuild(overrides: Record<string, unknown>) {
    const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(overrides) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    ctx.clock.advance(60_000); // distinct timestamps, so the order is certain
    return response.body.build;
  }

  it('lists the home page, the category pages that list a build and the published builds, newest first, never drafts', async () => {
    const first = await createBuild({ title: 'Prima build pubblicata' });
    const draft = await createBuild({ title: 'Bozza segreta', status: 'draft', category: 'office' });
    const second = await createBuild({ title: 'Seconda build pubblicata', category: 'editing' });

    const response = await ctx.request<string>('GET', '/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const xml = response.body;
    expect(xml).toContain(`<loc>${base}/</loc>`);
    expect(xml).toContain(`<loc>${base}/build/${first.slug}</loc><lastmod>${w3c(first.updated_at)}</lastmod>`);
    expect(xml).toContain(`<loc>${base}/build/${second.slug}</loc><lastmod>${w3c(second.updated_at)}</lastmod>`);
    expect(xml).not.toContain(draft.slug);

    // The indexed list pages only (decision 038): a category with nothing public (office) is not one.
    expect(sitemapUrls(xml)).toEqual([
      { loc: `${base}/`, lastmod: w3c(second.updated_at) },
      { loc: `${base}/offerte`, lastmod: undefined },
      { loc: `${base}/?categoria=gaming`, lastmod: w3c(first.updated_at) },
      { loc: `${base}/?categoria=editing`, lastmod: w3c(second.updated_at) },
      { loc: `${base}/build/${second.slug}`, lastmod: w3c(second.updated_at) },
      { loc: `${base}/build/${first.slug}`, lastmod: w3c(first.updated_at) },
    ]);

    expect((await ctx.request('DELETE', `/api/admin/builds/${second.id}`, { token })).status).toBe(200);
    const after = sitemapUrls((await ctx.request<string>('GET', '/sitemap.xml')).body);
    expect(after).toEqual([
      { loc: `${base}/`, lastmod: w3c(first.updated_at) },
      { loc: `${base}/offerte`, lastmod: undefined },
      { loc: `${base}/?categoria=gaming`, lastmod: w3c(first.updated_at) },
      { loc: `${base}/build/${first.slug}`, lastmod: w3c(first.updated_at) },
    ]);
  });

  it('serves robots.txt that keeps crawlers out of the admin and the API and points to the sitemap', async () => {
    const response = await ctx.request<string>('GET', '/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});

describe('renderSitemapXml', () => {
  it('encodes and escapes slugs and omits a missing lastmod', () => {
    const xml = renderSitemapXml([{ slug: "a&b <c>'d", lastmod: '2026-11-22T14:05:09.123Z' }], 'https://www.example.it/', null);
    expect(sitemapUrls(xml)).toEqual([
      { loc: 'https://www.example.it/', lastmod: undefined },
      { loc: `https://www.example.it/build/${encodeURIComponent("a&b <c>'d")}`, lastmod: '2026-11-22T14:05:09Z' },
    ]);
    expect(xml).toContain('/build/a%26b%20%3Cc%3E&apos;d</loc>');
  });

  it('is checked by a reader that rejects malformed XML', () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>';
    for (const bad of ['<urlset>', '<a><b></a></b>', '<a>x & y</a>', '<a></a><b></b>', '<a>1 < 2</a>', '<a/>']) {
      expect(() => parseXml(bad === '<a/>' ? bad : head + bad), bad).toThrow();
    }
    expect(parseXml(`${head}<a x="1"><b>1 &lt; 2</b><c/></a>\n`).children[0]!.text).toBe('1 < 2');
  });

  it('is well-formed with no builds at all', () => {
    expect(sitemapUrls(renderSitemapXml([], 'https://www.example.it', null))).toEqual([{ loc: 'https://www.example.it/', lastmod: undefined }]);
  });
});
