/**
 * The public pages as the server renders them (the production build of React Router's pages, requested
 * through app.request(), behind the page cache as in production), on SQLite and PostgreSQL: the home
 * page's pages and filters in the URL, its redirects and canonical link; the build page's phone summary
 * and its errors; and no framework script on any of them (decision 017).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, type InsertedBuild, insertBuilds } from '../helpers/catalogue';
import { expectConsole } from '../helpers/console-guard';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { storeObservations } from '../../src/modules/pricing';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const BASE_URL = 'http://localhost:3000'; // PUBLIC_BASE_URL of the test context
const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };

let pages: PageBuild;
let ctx: TestContext;
beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({}, { pages: pages.build });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pages?.close();
});

/** Empties the catalogue and tells the page cache, as a change through the admin would. */
async function emptyCatalogue() {
  await ctx.database.db.deleteFrom('components').execute();
  await ctx.database.db.deleteFrom('builds').execute();
  await ctx.services.events.emitChange();
}

async function addBuilds(builds: Parameters<typeof insertBuilds>[1]): Promise<InsertedBuild[]> {
  const inserted = await insertBuilds(ctx.database.db, builds);
  await ctx.services.events.emitChange();
  return inserted;
}

async function getPage(path: string) {
  const response = await ctx.app.request(path, { headers: BROWSER });
  return { status: response.status, location: response.headers.get('Location'), html: await response.text() };
}

async function getHtml(path: string): Promise<string> {
  const page = await getPage(path);
  expect(page.status, `${path} -> ${page.location ?? ''}`).toBe(200);
  return page.html;
}

const decode = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Titles of the grid's cards, in order. */
function cardTitles(html: string): string[] {
  const start = html.indexOf('data-testid="build-grid"');
  if (start === -1) return [];
  const grid = html.slice(start, html.indexOf('</ul>', start));
  return [...grid.matchAll(/<h3[^>]*>\s*<a[^>]*>([^<]*)<\/a>/g)].map((match) => decode(match[1]!));
}

/** The "Pagine" navigation: each link's visible text (page numbers, previous/next), href and aria-current. */
function paginationLinks(html: string): { text: string; href: string; current: string | null }[] {
  const start = html.indexOf('<nav aria-label="Pagine"');
  if (start === -1) return [];
  const nav = html.slice(start, html.indexOf('</nav>', start));
  return [...nav.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].map((match) => ({
    text: decode(match[2]!.replace(/<[^>]+>/g, '')).trim(),
    href: decode(/href="([^"]*)"/.exec(match[1]!)![1]!),
    current: /aria-current="([^"]*)"/.exec(match[1]!)?.[1] ?? null,
  }));
}

/** The robots meta tag's content, or null when the page has none (indexed). */
function robots(html: string): string | null {
  const found = [...html.matchAll(/<meta name="robots" content="([^"]*)"\/?>/g)].map((match) => match[1]!);
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0] ?? null;
}

/** The text of the page's one H1, tags removed. */
function heading(html: string): string {
  const found = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => decode(match[1]!.replace(/<[^>]+>/g, '')).trim());
  expect(found).toHaveLength(1);
  return found[0]!;
}

const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)![1]!);
const descriptionOf = (html: string) => decode(/<meta name="description" content="([^"]*)"/.exec(html)![1]!);

function canonical(html: string): string {
  const found = [...html.matchAll(/<link rel="canonical" href="([^"]*)"\/?>/g)].map((match) => decode(match[1]!));
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Every <script> start tag and the text of each, JSON-LD left aside (data, not script). */
function scripts(html: string): { tag: string; text: string }[] {
  return [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)]
    .map((match) => ({ tag: match[1]!, text: match[2]! }))
    .filter((script) => !script.tag.includes('application/ld+json'));
}

describe('home page: 12 builds per page, pages and filters in the URL', () => {
  let built: InsertedBuild[];
  beforeAll(async () => {
    await emptyCatalogue();
    // 45 published, newest first in this list: 30 with gaming 700 €, office 1200 €, editing 3000 € in
    // turn, then 15 older gaming 700 €. Pages: 12, 12, 12, 9.
    built = await addBuilds([
      ...catalogue(30, { categories: ['gaming', 'office', 'editing'], budgets: [700, 1200, 3000] }),
      ...catalogue(15, { prefix: 'Gaming extra', budgets: [700], from: new Date('2026-10-01T12:00:00.000Z') }),
    ]);
  });
  const titlesOf = (builds: InsertedBuild[]) => builds.map((build) => build.title);

  it('page 1 shows the 12 newest builds and links to the other pages', async () => {
    const html = await getHtml('/');
    expect(cardTitles(html)).toEqual(titlesOf(built.slice(0, 12)));
    expect(paginationLinks(html)).toEqual([
      { text: 'Pagina 1', href: '/#builds', current: 'page' },
      { text: 'Pagina 2', href: '/?pagina=2#builds', current: null },
      { text: 'Pagina 3', href: '/?pagina=3#builds', current: null },
      { text: 'Pagina 4', href: '/?pagina=4#builds', current: null },
      { text: 'Pagina successiva', href: '/?pagina=2#builds', current: null },
    ]);
    expect(canonical(html)).toBe(`${BASE_URL}/`);
  });

  it('?pagina=2 shows builds 13 to 24, with previous and next links', async () => {
    const html = await getHtml('/?pagina=2');
    expect(cardTitles(html)).toEqual(titlesOf(built.slice(12, 24)));
    const links = paginationLinks(html);
    expect(links[0]).toEqual({ text: 'Pagina precedente', href: '/#builds', current: null });
    expect(links.at(-1)).toEqual({ text: 'Pagina successiva', href: '/?pagina=3#builds', current: null });
    expect(links.filter((link) => link.current !== null)).toEqual([{ text: 'Pagina 2', href: '/?pagina=2#builds', current: 'page' }]);
    // Past the first page: not indexed, canonical on the first (decision 038).
    expect(canonical(html)).toBe(`${BASE_URL}/`);
    expect(robots(html)).toBe('noindex, follow');
    expect(html).toMatch(/<title>[^<]*\(pagina 2\)<\/title>/);
  });

  it('the last page shows the rest and no next link', async () => {
    const html = await getHtml('/?pagina=4');
    expect(cardTitles(html)).toEqual(titlesOf(built.slice(36)));
    expect(paginationLinks(html).map((link) => link.text)).toEqual(['Pagina precedente', 'Pagina 1', 'Pagina 2', 'Pagina 3', 'Pagina 4']);
  });

  it('filters: category and budget combined, the chosen chips marked, chips keeping the other filter', async () => {
    const html = await getHtml('/?categoria=office&budget=800-1500');
    expect(cardTitles(html)).toEqual(titlesOf(built.filter((build) => build.category === 'office')));
    expect(paginationLinks(html)).toEqual([]); // 10 builds: one page, no navigation
    // A combination: named for what it lists, not indexed, canonical on its category's first page.
    expect(canonical(html)).toBe(`${BASE_URL}/?categoria=office`);
    expect(robots(html)).toBe('noindex, follow');
    expect(heading(html)).toBe('Build PC ufficio da 800 a 1.500 €');
    expect(html).toMatch(/<a href="\/\?categoria=office&amp;budget=800-1500#builds" aria-current="true"[^>]*>Ufficio<\/a>/);
    expect(html).toMatch(/<a href="\/\?categoria=office&amp;budget=800-1500#builds" aria-current="true"[^>]*>800 – 1\.500 €<\/a>/);
    expect(html).toMatch(/<a href="\/\?categoria=gaming&amp;budget=800-1500#builds"[^>]*>Gaming<\/a>/);
    expect(html).toMatch(/<a href="\/\?categoria=office#builds"[^>]*>Qualsiasi budget<\/a>/);
  });

  it('a filter with several pages numbers its own pages and keeps the filter in every link; a chip goes back to page 1', async () => {
    const gaming = titlesOf(built.filter((build) => build.category === 'gaming'));
    expect(gaming).toHaveLength(25);
    const html = await getHtml('/?categoria=gaming&pagina=2');
    expect(cardTitles(html)).toEqual(gaming.slice(12, 24));
    expect(paginationLinks(html).map((link) => link.href)).toEqual([
      '/?categoria=gaming#builds',
      '/?categoria=gaming#builds',
      '/?categoria=gaming&pagina=2#builds',
      '/?categoria=gaming&pagina=3#builds',
      '/?categoria=gaming&pagina=3#builds',
    ]);
    expect(html).toMatch(/<a href="\/\?categoria=gaming&amp;budget=fino-800#builds"[^>]*>Fino a 800 €<\/a>/);
    expect(cardTitles(await getHtml('/?categoria=gaming&budget=fino-800&pagina=3'))).toEqual(gaming.slice(24));
  });

  it('unknown values show the unfiltered first page, and junk parameters never reach the canonical URL', async () => {
    const html = await getHtml('/?categoria=tostapane&budget=gratis&pagina=zero&utm_source=newsletter');
    expect(cardTitles(html)).toEqual(titlesOf(built.slice(0, 12)));
    expect(canonical(html)).toBe(`${BASE_URL}/`);
    expect(html).toMatch(/<a href="\/#builds" aria-current="true"[^>]*>Tutte<\/a>/);
    expect(robots(html)).toBeNull();
    expect(canonical(await getHtml('/?utm_source=x&budget=oltre-2500&pagina=1'))).toBe(`${BASE_URL}/`);
  });

  it('one indexing rule for every list page: a category first page is indexed under its own name, the rest is noindex, follow', async () => {
    const home = await getHtml('/');
    expect(robots(home)).toBeNull();
    expect(heading(home)).toBe('Assembla il tuo PC perfetto');
    expect(titleOf(home)).toBe('Build PC: guide per assemblare il tuo PC perfetto');

    const gaming = await getHtml('/?categoria=gaming');
    expect(robots(gaming)).toBeNull();
    expect(canonical(gaming)).toBe(`${BASE_URL}/?categoria=gaming`);
    expect(heading(gaming)).toBe('Build PC gaming');
    expect(titleOf(gaming)).toBe('Build PC gaming | Build PC');
    expect(descriptionOf(gaming)).toMatch(/^Build PC gaming: /);

    const cases = [
      { path: '/?budget=fino-800', canonical: '/', name: 'Build PC fino a 800 €' },
      { path: '/?budget=oltre-2500&pagina=1', canonical: '/', name: 'Build PC oltre 2.500 €' },
      { path: '/?categoria=gaming&budget=fino-800', canonical: '/?categoria=gaming', name: 'Build PC gaming fino a 800 €' },
      { path: '/?categoria=gaming&pagina=2', canonical: '/?categoria=gaming', name: 'Build PC gaming' },
      { path: '/?categoria=editing&budget=oltre-2500', canonical: '/?categoria=editing', name: 'Build PC editing oltre 2.500 €' },
      // A category with no build is not worth a search result either.
      { path: '/?categoria=premium', canonical: '/?categoria=premium', name: 'Build PC premium' },
    ];
    const titles = new Set<string>([titleOf(home), titleOf(gaming)]);
    for (const page of cases) {
      const html = await getHtml(page.path);
      expect(robots(html), page.path).toBe('noindex, follow');
      expect(canonical(html), page.path).toBe(`${BASE_URL}${page.canonical}`);
      expect(heading(html), page.path).toBe(page.name);
      expect(titleOf(html).startsWith(page.name), page.path).toBe(true);
      expect(descriptionOf(html).startsWith(`${page.name}: `), page.path).toBe(true);
      titles.add(titleOf(html));
    }
    // No two list pages share a title.
    expect(titles.size).toBe(cases.length + 2);
  });

  it.each([
    { path: '/?pagina=99', location: '/?pagina=4' },
    { path: '/?pagina=5', location: '/?pagina=4' },
    { path: '/?categoria=gaming&budget=fino-800&pagina=9', location: '/?categoria=gaming&budget=fino-800&pagina=3' },
    { path: '/?categoria=office&pagina=2', location: '/?categoria=office' },
    { path: '/?categoria=workstation&pagina=2', location: '/?categoria=workstation' },
    { path: '/?pagina=7&utm_source=x', location: '/?pagina=4' },
  ])('a page past the last one, $path, redirects (302) to $location', async ({ path, location }) => {
    const page = await getPage(path);
    expect(page.status).toBe(302);
    expect(page.location).toBe(location);
  });

  it.each([
    { path: '/?category=gaming', location: '/?categoria=gaming' },
    { path: '/?category=gaming&budget=800-1500&pagina=2', location: '/?categoria=gaming&budget=800-1500&pagina=2' },
    { path: '/?budget=fino-800&category=office', location: '/?categoria=office&budget=fino-800' },
    { path: '/?category=gaming&categoria=office', location: '/?categoria=office' },
    { path: '/?category=nonsense', location: '/' },
    { path: '/?category=', location: '/' },
  ])('an old ?category= link, $path, moves permanently (301) to $location', async ({ path, location }) => {
    const page = await getPage(path);
    expect(page.status).toBe(301);
    expect(page.location).toBe(location);
  });

  it('an old link followed to its end shows the filtered page', async () => {
    const moved = await getPage('/?category=office');
    expect(cardTitles(await getHtml(moved.location!))).toEqual(titlesOf(built.filter((build) => build.category === 'office')));
  });
});

describe('home page with 3,000 published builds', () => {
  let built: InsertedBuild[];
  beforeAll(async () => {
    await emptyCatalogue();
    built = await addBuilds(catalogue(3000, { categories: ['gaming', 'office', 'editing', 'workstation'], budgets: [700, 1200, 2000, 3000] }));
  }, 120_000);

  it('renders only the 12 cards of the page asked for, and numbers 250 pages', async () => {
    const first = await getHtml('/');
    expect(cardTitles(first)).toEqual(built.slice(0, 12).map((build) => build.title));
    expect(paginationLinks(first).map((link) => link.text)).toEqual(['Pagina 1', 'Pagina 2', 'Pagina 250', 'Pagina successiva']);
    expect(first).toContain('<li aria-hidden="true"'); // the gap between 2 and 250

    const last = await getHtml('/?pagina=250');
    expect(cardTitles(last)).toEqual(built.slice(2988).map((build) => build.title));
    const middle = await getHtml('/?pagina=125');
    expect(cardTitles(middle)).toEqual(built.slice(1488, 1500).map((build) => build.title));
    expect(paginationLinks(middle).map((link) => link.text)).toEqual(['Pagina precedente', 'Pagina 1', 'Pagina 124', 'Pagina 125', 'Pagina 126', 'Pagina 250', 'Pagina successiva']);

    const beyond = await getPage('/?pagina=251');
    expect(beyond.status).toBe(302);
    expect(beyond.location).toBe('/?pagina=250');
  });
});

describe('home page with no published build', () => {
  beforeAll(emptyCatalogue);

  it('shows the empty state, no page navigation, and sends any other page to the first', async () => {
    const html = await getHtml('/');
    expect(html).toContain('Nessuna build disponibile al momento.');
    expect(cardTitles(html)).toEqual([]);
    expect(paginationLinks(html)).toEqual([]);
    const page = await getPage('/?pagina=2');
    expect(page.status).toBe(302);
    expect(page.location).toBe('/');
  });
});

describe('build page', () => {
  let token: string;
  beforeAll(async () => {
    await emptyCatalogue();
    token = await ctx.login();
  });

  async function createBuild(overrides: Record<string, unknown> = {}): Promise<{ id: number; slug: string }> {
    const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild(overrides) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.build;
  }

  /** The phone summary's HTML: between the page's header and its article. */
  function summaryOf(html: string): string {
    const start = html.indexOf('data-testid="build-summary"');
    expect(start, 'phone summary').toBeGreaterThan(-1);
    const section = html.slice(html.lastIndexOf('<section', start), html.indexOf('</section>', start));
    expect(html.indexOf('</header>', html.indexOf('<main'))).toBeLessThan(start);
    expect(html.indexOf('<article')).toBeGreaterThan(start);
    return section;
  }

  /** "Compra Tutto su Amazon" links with their attributes. */
  const cartLinks = (html: string) =>
    [...html.matchAll(/<a ([^>]*)>(?:(?!<\/a>)[\s\S])*Compra Tutto su Amazon/g)].map((match) => ({
      href: decode(/href="([^"]*)"/.exec(match[1]!)![1]!),
      rel: /rel="([^"]*)"/.exec(match[1]!)?.[1],
      target: /target="([^"]*)"/.exec(match[1]!)?.[1],
    }));

  const text = (html: string) => decode(html.replace(/<[^>]+>/g, ' ')).replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');

  it('on a phone: a summary near the top with the total, the price date, the cart link, the disclosure and a link to the list', async () => {
    const build = await createBuild({ title: 'Build con riepilogo' });
    const html = await getHtml(`/build/${build.slug}`);
    const summary = summaryOf(html);
    expect(summary).toMatch(/class="[^"]*\bsm:hidden\b/); // phones only

    const summaryText = text(summary);
    expect(summaryText).toContain('Totale 758,40 €'); // 199,90 + 449 + 109,50
    expect(summaryText).toMatch(/Prezzi aggiornati al \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(summaryText).toContain("I prezzi e la disponibilità possono variare. Il prezzo applicato è quello indicato su Amazon al momento dell'acquisto.");
    expect(summaryText).toContain('In qualità di Affiliato Amazon io ricevo un guadagno dagli acquisti idonei.');
    // The same cart link as under the list, twice in the page.
    const links = cartLinks(html);
    expect(links).toHaveLength(2);
    expect(links[0]).toEqual(links[1]);
    expect(links[0]!.href).toMatch(/^https:\/\/www\.amazon\.it\/gp\/aws\/cart\/add\.html\?AssociateTag=buildpc-21&ASIN\.1=/);
    expect(links[0]).toMatchObject({ rel: 'sponsored nofollow noopener', target: '_blank' });
    expect(cartLinks(summary)).toEqual([links[0]]);
    // The same date text as the list's, and a link down to the list.
    const listDate = /Prezzi aggiornati al [^<]*/.exec(html.slice(html.indexOf('id="componenti"')))![0];
    expect(summaryText).toContain(listDate);
    expect(summary).toMatch(/<a href="#componenti"[^>]*>Vedi i componenti<\/a>/);
    expect(html).toMatch(/<section id="componenti"[^>]*aria-labelledby="components-heading"/);
  });

  it('says "indicativo" in the summary too once the prices are older than 24 hours', async () => {
    const build = await createBuild({ title: 'Build con prezzi vecchi' });
    await ctx.database.db.updateTable('components').set({ price_updated_at: '2026-01-10T09:30:00.000Z' }).where('build_id', '=', build.id).execute();
    await ctx.services.events.emitChange();
    const summaryText = text(summaryOf(await getHtml(`/build/${build.slug}`)));
    expect(summaryText).toContain('Totale indicativo 758,40 €');
    expect(summaryText).toContain('Prezzi indicativi rilevati il 10/01/2026, 10:30');
  });

  it('names the items the cart leaves out in the summary as well', async () => {
    const build = await createBuild({
      title: 'Build con un componente senza ASIN',
      components: [
        { type: 'CPU', name: 'AMD Ryzen 5 7600', price: 199.9, amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM' },
        { type: 'Case', name: 'Case di un negozio qualsiasi', price: 80, amazon_link: null },
      ],
    });
    expect(text(summaryOf(await getHtml(`/build/${build.slug}`)))).toContain('Non inclusi nel carrello: Case di un negozio qualsiasi (senza codice Amazon)');
  });

  it('says what the cart adds when it leaves an unavailable item out, next to the total of every component', async () => {
    const build = await createBuild({
      title: 'Build con un componente esaurito',
      components: [
        { type: 'CPU', name: 'AMD Ryzen 5 7600', price: 199.9, amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM' },
        { type: 'GPU', name: 'Scheda video esaurita', price: 1049.5, amazon_link: 'https://www.amazon.it/dp/B0GPU00001' },
        { type: 'RAM', name: 'Kit DDR5 32 GB', price: 109.5, amazon_link: 'https://www.amazon.it/dp/B0RAM00001' },
      ],
    });
    await ctx.database.db.updateTable('components').set({ availability: 'OUT_OF_STOCK' }).where('build_id', '=', build.id).where('name', '=', 'Scheda video esaurita').execute();
    await ctx.services.events.emitChange();
    const html = await getHtml(`/build/${build.slug}`);
    const list = text(html.slice(html.indexOf('id="componenti"')));
    expect(list).toContain('Totale 1.358,90 €'); // every component: 199,90 + 1049,50 + 109,50
    expect(list).toContain('Il carrello aggiunge 2 componenti su 3: 309,40 €');
    expect(list).toContain('Non inclusi nel carrello: Scheda video esaurita (non disponibile)');
    expect(text(summaryOf(html))).toContain('Il carrello aggiunge 2 componenti su 3: 309,40 €');
    // The cart link itself leaves the item out.
    expect(cartLinks(html)[0]!.href).not.toContain('B0GPU00001');
  });

  it('says nothing more when the cart adds every component', async () => {
    const build = await createBuild({ title: 'Build tutta nel carrello' });
    expect(await getHtml(`/build/${build.slug}`)).not.toContain('data-testid="cart-total"');
  });

  it("retailer data: each component's image (sized, lazy), its 30-day low, and the build total's history as an accessible SVG", async () => {
    const build = await createBuild({
      title: 'Build con storico dei prezzi',
      components: [
        { type: 'CPU', name: 'AMD Ryzen 5 7600', price: 199.9, amazon_link: 'https://www.amazon.it/dp/B0BMQJWBDM', image_url: 'https://m.media-amazon.com/images/I/cpu._SL500_.jpg' },
        { type: 'Case', name: 'Case senza ASIN', price: 80, amazon_link: null },
      ],
    });
    const before = await getHtml(`/build/${build.slug}`);
    // No observation yet: no 30-day low and no chart.
    expect(before).not.toContain('data-testid="lowest-price-30d"');
    expect(before).not.toContain('data-testid="price-history"');
    expect(before).toMatch(/<img src="https:\/\/m\.media-amazon\.com\/images\/I\/cpu\._SL500_\.jpg" alt="" width="64" height="64" loading="lazy"/);

    const day = (n: number) => new Date(ctx.clock.now().getTime() - n * 86_400_000).toISOString();
    for (const [daysAgo, price] of [[20, 219.9], [10, 189.9], [2, 199.9]] as const) {
      await ctx.database.db.transaction().execute((trx) =>
        storeObservations(trx, ctx.clock, [{ asin: 'B0BMQJWBDM', priceCents: Math.round(price * 100), availability: 'IN_STOCK' }], day(daysAgo)),
      );
    }
    await ctx.services.events.emitChange();
    const html = await getHtml(`/build/${build.slug}`);
    expect(text(html)).toContain('Prezzo più basso negli ultimi 30 giorni: 189,90 €');
    expect(html.match(/data-testid="lowest-price-30d"/g)).toHaveLength(1); // the case has no observations
    const figure = html.slice(html.indexOf('data-testid="price-history"'), html.indexOf('</figure>'));
    expect(figure).toMatch(/<svg role="img" aria-labelledby="price-history-heading" aria-describedby="price-history-summary"/);
    expect(figure).toMatch(/<path d="M[\d. HV]+"/);
    // The total carries the case's manual 80 € with the CPU's observed prices: 299,90 → 269,90 → 279,90.
    expect(text(figure)).toMatch(/da 299,90 € a 279,90 €; minimo 269,90 €/);
    expect(html).not.toMatch(/<(s|del)\b/); // never a struck-through price
  });

  it('has no summary when the build has no components', async () => {
    const build = await createBuild({ title: 'Build senza componenti', components: [] });
    const html = await getHtml(`/build/${build.slug}`);
    expect(html).not.toContain('data-testid="build-summary"');
    expect(html).toContain('Nessun componente da aggiungere al carrello');
  });

  it("an unknown slug answers 404 with 'Build non trovata' and 'La build richiesta non esiste.'", async () => {
    const page = await getPage('/build/non-esiste');
    expect(page.status).toBe(404);
    expect(page.html).toMatch(/<h1[^>]*>Build non trovata<\/h1>/);
    expect(page.html).toMatch(/data-testid="build-error-message">La build richiesta non esiste\.<\/p>/);
    expect(page.html).toMatch(/<a href="\/"[^>]*>Torna alla home<\/a>/);
  });

  it("any other failure answers 500 with 'Errore nel caricamento della build', not that the build does not exist", async () => {
    expectConsole('error', /no such table: components|relation "components" does not exist/); // the failed load, logged by the server
    const build = await createBuild({ title: 'Build con il database in panne' });
    // A real failure of the database: the components table is gone while the page loads.
    await ctx.database.db.schema.alterTable('components').renameTo('components_away').execute();
    let page: Awaited<ReturnType<typeof getPage>>;
    try {
      page = await getPage(`/build/${build.slug}`);
    } finally {
      await ctx.database.db.schema.alterTable('components_away').renameTo('components').execute();
    }
    expect(page.status).toBe(500);
    expect(page.html).toMatch(/<h1[^>]*>Build non trovata<\/h1>/);
    expect(page.html).toMatch(/data-testid="build-error-message">Errore nel caricamento della build<\/p>/);
    expect(page.html).not.toContain('La build richiesta non esiste.');
    // Back to normal once the database is.
    expect(text(await getHtml(`/build/${build.slug}`))).toContain('Build con il database in panne');
  });
});

describe('public pages are documents: no framework script (decision 017)', () => {
  let slug: string;
  beforeAll(async () => {
    await emptyCatalogue();
    [{ slug }] = (await addBuilds(catalogue(1))) as [InsertedBuild];
  });

  it.each([
    { name: 'home', path: () => '/', status: 200 },
    { name: 'filtered home', path: () => '/?categoria=gaming', status: 200 },
    { name: 'build page', path: () => `/build/${slug}`, status: 200 },
    { name: 'missing build', path: () => '/build/non-esiste', status: 404 },
    { name: 'not-found page', path: () => '/qualcosa/che/non/esiste', status: 404 },
  ])('$name: only the theme script in <head> and the page script at the end of <body>', async ({ path, status }) => {
    const page = await getPage(path());
    expect(page.status).toBe(status);
    const found = scripts(page.html);
    expect(found.map((script) => script.tag)).toEqual(['<script>', '<script>']);
    const [theme, enhance] = [found[0]!, found[1]!];
    expect(page.html.indexOf(theme.text)).toBeLessThan(page.html.indexOf('</head>'));
    expect(theme.text).toContain("localStorage.getItem('theme')");
    // Last thing in <body> (React may leave its empty Suspense markers after it).
    expect(page.html.slice(page.html.indexOf(enhance.text) + enhance.text.length)).toMatch(/^<\/script>(<!--[$/]*-->)*<\/body><\/html>$/);
    expect(enhance.text).toContain('data-enhance=');
    expect(page.html).not.toMatch(/modulepreload|type="module"|<script[^>]+src=|__reactRouterContext/);
  });

  it('the admin, a client app, still gets React Router and its module preloads', async () => {
    const html = await getHtml('/admin/login');
    expect(html).toMatch(/<script [^>]*type="module"/);
    expect(html).toContain('__reactRouterContext');
    expect(html).not.toContain('data-enhance=');
  });
});
