/**
 * The RSS feed (docs/api-feed.md) on SQLite and PostgreSQL, parsed as XML: the newest 50 public builds
 * newest first, drafts and future scheduled builds left out (a scheduled one appears at its publish_at,
 * through the cache), one category's feed, the 404 of an unknown one, each item's fields, hostile article
 * text, the cache dropped on an edit, the channel dated by its newest item's change, and the links to the feed
 * on the pages; the builds read in a number of queries that does not grow with them.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AFFILIATE_DISCLOSURE } from '../../src/common/price-freshness';
import { createServices } from '../../src/modules/services';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const BASE = 'http://localhost:3000';

let pages: PageBuild;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({ SITE_NAME: 'Build PC' }, { pages: pages.build });
  token = await ctx.login();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pages?.close();
});
beforeEach(async () => {
  ctx.clock.offsetMs = 0;
  await ctx.database.db.deleteFrom('components').execute();
  await ctx.database.db.deleteFrom('builds').execute();
  await ctx.services.events.emitChange();
});

interface Item {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  category?: string;
  description: string;
  'content:encoded': string;
  'media:content': { '@_url': string; '@_medium': string; '@_type'?: string };
}

interface Feed {
  status: number;
  headers: Headers;
  cache: string | null;
  text: string;
  channel: Record<string, any>;
  items: Item[];
}

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, processEntities: true, htmlEntities: false, isArray: (name) => name === 'item' });

async function getFeed(path = '/feed.xml'): Promise<Feed> {
  const response = await ctx.app.request(path);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(XMLValidator.validate(text), 'well-formed XML').toBe(true);
  const channel = parser.parse(text).rss.channel;
  return { status: response.status, headers: response.headers, cache: response.headers.get('X-Cache'), text, channel, items: channel.item ?? [] };
}

async function createBuild(overrides: Record<string, unknown> = {}) {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; slug: string; title: string; publish_at: string | null; published_at: string | null; updated_at: string };
}

/** Dates the build's publication, so the order does not hang on builds made within one millisecond. */
async function setPublishedAt(id: number, iso: string) {
  await ctx.database.db.updateTable('builds').set({ published_at: iso }).where('id', '=', id).execute();
  await ctx.services.events.emitChange();
}

const isoIn = (ms: number) => new Date(ctx.clock.now().getTime() + ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const slugOf = (item: Item) => item.link.slice(`${BASE}/build/`.length);

describe('GET /feed.xml', () => {
  it('is RSS 2.0 with its namespaces, self link, channel fields, type and cache headers', async () => {
    await createBuild({ title: 'PC Gaming 1440p' });
    const feed = await getFeed();
    expect(feed.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8');
    expect(feed.headers.get('Cache-Control')).toBe('public, max-age=300');
    const head = await ctx.app.request('/feed.xml', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8');
    expect(await head.text()).toBe('');
    const rss = parser.parse(feed.text).rss;
    expect(rss['@_version']).toBe('2.0');
    expect(rss['@_xmlns:content']).toBe('http://purl.org/rss/1.0/modules/content/');
    expect(rss['@_xmlns:media']).toBe('http://search.yahoo.com/mrss/');
    expect(rss['@_xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.channel.title).toBe('Build PC: le nuove build');
    expect(feed.channel.link).toBe(`${BASE}/`);
    expect(feed.channel['atom:link']).toMatchObject({ '@_href': `${BASE}/feed.xml`, '@_rel': 'self', '@_type': 'application/rss+xml' });
    expect(feed.channel.description).toContain(AFFILIATE_DISCLOSURE);
    expect(feed.channel.language).toBe('it-IT');
    expect(Number.isNaN(Date.parse(feed.channel.lastBuildDate))).toBe(false);
    expect(feed.channel.lastBuildDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  });

  it("dates the channel by its newest item's change, not by the request: lastBuildDate and Last-Modified; neither without items", async () => {
    const empty = await getFeed();
    expect(empty.channel.lastBuildDate).toBeUndefined();
    expect(empty.headers.get('Last-Modified')).toBeNull();
    const older = await createBuild({ title: 'Build più vecchia', components: [] });
    const newer = await createBuild({ title: 'Build più nuova', components: [] });
    // The older build was edited last: the channel is as new as that edit, whichever item comes first.
    await ctx.database.db.updateTable('builds').set({ published_at: '2026-01-01T10:00:00.000Z', updated_at: '2026-01-05T08:30:15.250Z' }).where('id', '=', older.id).execute();
    await ctx.database.db.updateTable('builds').set({ published_at: '2026-01-02T10:00:00.000Z', updated_at: '2026-01-02T10:00:00.000Z' }).where('id', '=', newer.id).execute();
    await ctx.services.events.emitChange();
    const feed = await getFeed();
    expect(feed.channel.lastBuildDate).toBe('Mon, 05 Jan 2026 08:30:15 GMT');
    expect(feed.headers.get('Last-Modified')).toBe('Mon, 05 Jan 2026 08:30:15 GMT');
  });

  it('carries at most 50 builds, newest publication first, without drafts', async () => {
    const start = Date.parse('2026-01-01T10:00:00.000Z');
    const made: { slug: string; at: string }[] = [];
    for (let index = 0; index < 52; index++) {
      const build = await createBuild({ title: `Build numero ${index}`, components: [] });
      const at = new Date(start + index * 3_600_000).toISOString();
      await setPublishedAt(build.id, at);
      made.push({ slug: build.slug, at });
    }
    const draft = await createBuild({ title: 'Bozza segreta', status: 'draft' });
    const feed = await getFeed();
    expect(feed.items).toHaveLength(50);
    const expected = made.slice().reverse().slice(0, 50);
    expect(feed.items.map(slugOf)).toEqual(expected.map((build) => build.slug));
    expect(feed.items.map((item) => Date.parse(item.pubDate))).toEqual(expected.map((build) => Date.parse(build.at)));
    expect(feed.text).not.toContain(draft.slug);
    expect(feed.text).not.toContain('Bozza segreta');
  });

  it('describes each build: title, absolute link and permalink guid, RFC 822 date, Italian category, plain description', async () => {
    const build = await createBuild({ title: 'Workstation per il rendering', category: 'office', description: 'Una descrizione & basta.' });
    const [item] = (await getFeed()).items;
    expect(item!.title).toBe('Workstation per il rendering');
    expect(item!.link).toBe(`${BASE}/build/${build.slug}`);
    expect(item!.guid).toEqual({ '#text': `${BASE}/build/${build.slug}`, '@_isPermaLink': 'true' });
    expect(item!.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    // RFC 822 has whole seconds: the same instant as published_at, to the second.
    expect(Date.parse(item!.pubDate)).toBe(Math.floor(Date.parse(build.published_at!) / 1000) * 1000);
    expect(item!.category).toBe('Ufficio');
    expect(item!.description).toBe('Una descrizione & basta.');
  });

  it('puts the cover first in content:encoded, then the article, the components with dated prices and the disclosure; media:content is the cover', async () => {
    const build = await createBuild({
      featured_image: '/uploads/abc123-1280.webp',
      content: '## Introduzione\n\nTesto **importante** con [un link interno](/build/altra) e ![schema](/uploads/schema-640.webp).',
    });
    const [item] = (await getFeed()).items;
    const html = item!['content:encoded'];
    expect(html.startsWith(`<p><img src="${BASE}/uploads/abc123-1280.webp"`)).toBe(true);
    expect(html).toContain('<h2>Introduzione</h2>');
    expect(html).toContain('<strong>importante</strong>');
    expect(html).toContain(`href="${BASE}/build/altra"`);
    expect(html).toContain(`src="${BASE}/uploads/schema-640.webp"`);
    expect(html).not.toMatch(/(href|src)="\//);
    // The components with their tagged links, each price dated and indicative, the cart link and the disclosure.
    expect(html).toContain('AMD Ryzen 5 7600');
    expect(html).toContain('https://www.amazon.it/dp/B0BMQJWBDM?tag=buildpc-21');
    expect(html).toMatch(/199,90\s€ \(prezzo indicativo rilevato il \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\)/);
    expect(html).toContain('Compra Tutto su Amazon');
    expect(html).toContain('rel="sponsored nofollow noopener"');
    expect(html).toContain(AFFILIATE_DISCLOSURE);
    expect(html).toContain('I prezzi e la disponibilità possono variare.');
    expect(html.indexOf('<h2>Introduzione</h2>')).toBeLessThan(html.indexOf('AMD Ryzen 5 7600'));
    expect(item!['media:content']).toEqual({ '@_url': `${BASE}/uploads/abc123-1280.webp`, '@_medium': 'image', '@_type': 'image/webp' });
    expect(build.slug).toBe(slugOf(item!));
  });

  it('uses the site card as the cover of a build without one', async () => {
    await createBuild({ featured_image: '' });
    const [item] = (await getFeed()).items;
    expect(item!['content:encoded'].startsWith(`<p><img src="${BASE}/og-default.png"`)).toBe(true);
    expect(item!['media:content']).toEqual({ '@_url': `${BASE}/og-default.png`, '@_medium': 'image', '@_type': 'image/png' });
  });

  it('stays well-formed with hostile text: "]]>", control characters, markup and entities', async () => {
    const hostile = 'Fine ]]> dopo <script>alert(1)</script> & &amp; \u0001\u0008\u000B\u001F\uFFFE ok';
    await createBuild({
      title: `Titolo ${hostile}`,
      description: `Descrizione ${hostile}`,
      content: `# ${hostile}\n\n\`codice ]]> qui\`\n\n<![CDATA[ x ]]>\n\n[link](https://example.com/a]]>b)`,
      components: [{ type: 'CPU', name: `Parte ${hostile}`, price: 10, amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM' }],
    });
    // The save makes a title one line (common/single-line.ts); a title stored before that rule, or written
    // past the API, still holds them: the feed, not the save, keeps the XML valid.
    await ctx.database.db.updateTable('builds').set({ title: `Titolo ${hostile}` }).execute();
    const stored = await ctx.database.db.selectFrom('builds').select(['title', 'description']).executeTakeFirstOrThrow();
    expect(stored.title).toContain('\u0001');
    expect(stored.description).toContain('\u0001');
    const feed = await getFeed(); // validated as XML there
    const [item] = feed.items;
    expect(item!.title).toBe('Titolo Fine ]]> dopo <script>alert(1)</script> & &amp;  ok');
    expect(item!.description).toContain('<script>alert(1)</script>');
    // The article's markup is the page's: raw HTML is shown as text, never as a script element.
    expect(item!['content:encoded']).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(item!['content:encoded']).not.toContain('<script>');
    expect(item!['content:encoded']).toContain('Parte Fine ]]&gt; dopo');
    for (const forbidden of ['\u0001', '\u0008', '\u000B', '\u001F', '\uFFFE']) expect(feed.text.includes(forbidden)).toBe(false);
  });
});

describe('reading the builds', () => {
  /** The app's services over the same database, with every query counted (a Kysely plugin sees each one compiled). */
  function countingServices() {
    const counter = { queries: 0 };
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        counter.queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const services = createServices({ db: ctx.database.db.withPlugin(plugin), config: ctx.config, clock: ctx.clock, scryptCost: ctx.scryptCost });
    return { services, counter };
  }

  async function queriesOfFeed(): Promise<number> {
    const { services, counter } = countingServices();
    await services.feed.feedDocument(null);
    return counter.queries;
  }

  it('takes the same few queries for 2 builds as for 12, whatever their parts', async () => {
    for (let index = 0; index < 2; index++) await createBuild({ title: `Build pochi ${index}` });
    const few = await queriesOfFeed();
    for (let index = 0; index < 10; index++) await createBuild({ title: `Build molti ${index}` });
    expect((await getFeed()).items).toHaveLength(12);
    const many = await queriesOfFeed();
    expect(many).toBe(few);
    expect(many).toBeLessThanOrEqual(6);
  });

  it('reads each build as its page does (getPublished), in one batch', async () => {
    const made = [
      await createBuild({ title: 'Con parti', affiliate_tag: 'altro-21' }),
      await createBuild({ title: 'Senza parti', components: [] }),
      await createBuild({ title: 'Bozza', status: 'draft' }),
    ];
    const batch = await ctx.services.builds.listPublishedBySlugs([...made.map((build) => build.slug), 'non-esiste', '\u0000']);
    expect([...batch.keys()].sort()).toEqual([made[0]!.slug, made[1]!.slug].sort());
    for (const build of made.slice(0, 2)) expect(batch.get(build.slug)).toEqual(await ctx.services.builds.getPublished(build.slug));
    expect(await ctx.services.builds.findPublished(made[2]!.slug)).toBeNull();
    expect(await ctx.services.builds.findPublished('non-esiste')).toBeNull();
    expect(await ctx.services.builds.findPublished(made[0]!.slug)).toEqual(batch.get(made[0]!.slug));
  });
});

describe('GET /feed.xml?categoria=', () => {
  it('carries one category, names it in the channel title, and reads the value one way', async () => {
    const gaming = await createBuild({ title: 'Gioco', category: 'gaming' });
    const editing = await createBuild({ title: 'Montaggio', category: 'editing' });
    const feed = await getFeed('/feed.xml?categoria=editing');
    expect(feed.items.map(slugOf)).toEqual([editing.slug]);
    expect(feed.channel.title).toBe('Build PC: le nuove build Editing');
    expect(feed.channel.link).toBe(`${BASE}/?categoria=editing`);
    expect(feed.channel['atom:link']['@_href']).toBe(`${BASE}/feed.xml?categoria=editing`);
    expect((await getFeed('/feed.xml?categoria=%20EDITING&utm_source=x')).items.map(slugOf)).toEqual([editing.slug]);
    expect((await getFeed('/feed.xml?categoria=')).items.map(slugOf).sort()).toEqual([gaming.slug, editing.slug].sort());
    expect((await getFeed('/feed.xml?categoria=budget')).items).toEqual([]);
  });

  it('answers 404 in Italian for an unknown category, every time (never the cached whole feed)', async () => {
    await createBuild();
    await getFeed();
    for (const value of ['giochi', 'gaming%00', "' or 1=1 --", 'x'.repeat(300)]) {
      const response = await ctx.app.request(`/feed.xml?categoria=${encodeURIComponent(value)}`);
      expect(response.status, value).toBe(404);
      expect(response.headers.get('Content-Type')).toBe('text/plain; charset=UTF-8');
      expect(await response.text()).toMatch(/^Categoria sconosciuta\. Categorie del feed: gaming, editing/);
    }
    // A real U+0000 in the query is refused before any route reads it (middleware/nul-character.ts).
    expect((await ctx.app.request('/feed.xml?categoria=gaming%00')).status).toBe(404);
  });
});

describe('publication and cache', () => {
  it('a scheduled build is absent until its publish_at, then present through the cached feed', async () => {
    await createBuild({ title: 'Già pubblicata' });
    const scheduled = await createBuild({ title: 'In arrivo', status: 'scheduled', publish_at: isoIn(1500) });
    const publishAt = Date.parse(scheduled.publish_at!);
    const before = await getFeed();
    expect(before.items.map((item) => item.title)).toEqual(['Già pubblicata']);
    expect((await getFeed()).cache).toBe('HIT');
    expect(ctx.clock.now().getTime()).toBeLessThan(publishAt);

    await sleep(Math.max(0, publishAt - ctx.clock.now().getTime()) + 50);
    let after = await getFeed();
    // The cache is cleared by a timer at publish_at; allow it a moment to fire on a busy machine.
    for (let tries = 0; tries < 40 && after.items.length < 2; tries++) {
      await sleep(25);
      after = await getFeed();
    }
    expect(after.items.map((item) => item.title)).toEqual(['In arrivo', 'Già pubblicata']);
    expect(Date.parse(after.items[0]!.pubDate)).toBe(Math.floor(publishAt / 1000) * 1000);
  });

  it('is served from the cache, and an edit drops it at once', async () => {
    const build = await createBuild({ title: 'Titolo vecchio' });
    expect((await getFeed()).cache).toBe('MISS');
    expect((await getFeed('/feed.xml?utm_source=lettore')).cache).toBe('HIT');
    const put = await ctx.request('PUT', `/api/admin/builds/${build.id}`, { token, body: sampleBuild({ title: 'Titolo nuovo' }) });
    expect(put.status).toBe(200);
    const fresh = await getFeed();
    expect(fresh.cache).toBe('MISS');
    // Compressed like the sitemap (cache/compression.ts), once per entry.
    const gzipped = await ctx.app.request('/feed.xml', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(gzipped.headers.get('Vary')).toBe('Accept-Encoding');
    expect(fresh.items.map((item) => item.title)).toEqual(['Titolo nuovo']);
  });
});

describe('links to the feed', () => {
  async function html(path: string) {
    const response = await ctx.app.request(path);
    expect(response.status).toBe(200);
    return response.text();
  }
  const siteFeedLink = '<link rel="alternate" type="application/rss+xml" title="Build PC: le nuove build" href="/feed.xml"/>';

  it('every public page links the site feed in its head and footer; a category home links its own feed', async () => {
    const build = await createBuild({ category: 'gaming' });
    for (const path of ['/', `/build/${build.slug}`, '/pagina-che-non-esiste']) {
      const response = await ctx.app.request(path);
      const page = await response.text();
      const head = page.slice(0, page.indexOf('</head>'));
      expect(head, path).toContain(siteFeedLink);
      expect(page, path).toMatch(/<a href="\/feed\.xml"[^>]*>Feed RSS<\/a>/);
    }
    const category = await html('/?categoria=gaming');
    const head = category.slice(0, category.indexOf('</head>'));
    expect(head).toContain(siteFeedLink);
    expect(head).toContain('<link rel="alternate" type="application/rss+xml" title="Build PC: le nuove build Gaming" href="/feed.xml?categoria=gaming"/>');
    expect(await html('/')).not.toContain('href="/feed.xml?categoria=');
  });
});
