/**
 * The site search's bound on ranking (decision 033, SEARCH_RANK_LIMIT), on both databases, with a limit of
 * 13 so a catalogue of a few builds exceeds it: a search matching more ranks only the newest 13 matches,
 * says "Più di 13 build trovate" and pages through those 13 best first; a search matching at most 13 ranks
 * every match exactly as an unbounded search does; drafts and builds still to come never take a place.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { searchResponseSchema } from '../../src/modules/search/search.schema';
import { createSearchService } from '../../src/modules/search';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const LIMIT = 13;
const MINUTE = 60_000;
let pages: PageBuild;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  pages = await loadPageBuild();
  // No page cache: the clock moves past a publish_at here, which the cache's own timer does not see.
  ctx = await createTestContext({ SEARCH_RANK_LIMIT: String(LIMIT), PAGE_CACHE_MB: '0' }, { pages: pages.build });
  token = await ctx.login();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pages?.close();
});

beforeEach(async () => {
  await ctx.database.db.deleteFrom('components').execute();
  await ctx.database.db.deleteFrom('builds').execute();
  ctx.clock.offsetMs = 0;
});

/** A build through the admin API (published unless overridden); the clock then moves on a minute. */
async function createBuild(overrides: Record<string, unknown>) {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ components: [], description: 'Niente di speciale.', ...overrides }) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  ctx.clock.advance(MINUTE);
  return response.body.build as { id: number; title: string };
}

async function apiSearch(query: string) {
  const response = await ctx.request('GET', `/api/builds?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const answer = searchResponseSchema.parse(response.body);
  return { titles: answer.builds.map((build) => build.title), total: answer.total, capped: answer.total_capped };
}

async function page(path: string): Promise<string> {
  const response = await ctx.request('GET', path);
  expect(response.status, String(response.body).slice(0, 1000)).toBe(200);
  return String(response.body);
}

function cardTitles(html: string): string[] {
  return [...html.matchAll(/<h3[^>]*>\s*<a [^>]*>(.*?)<\/a>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ''));
}

/**
 * 16 builds saying "granito", oldest first: numbers 1-3 (the oldest, never candidates) and 8 and 12 in their
 * title, the others in their article only. Ranked among the newest 13 (4-16): the title matches 12 and 8,
 * then the article matches newest first.
 */
async function graniteCatalogue(): Promise<string[]> {
  const titles: string[] = [];
  for (let n = 1; n <= 16; n++) {
    const inTitle = n <= 3 || n === 8 || n === 12;
    const title = inTitle ? `Build granito ${n}` : `Build numero ${n}`;
    await createBuild({ title, content: inTitle ? 'Testo.' : 'Un case di granito.' });
    titles.push(title);
  }
  return titles;
}
const RANKED_GRANITE = ['Build granito 12', 'Build granito 8', ...[16, 15, 14, 13, 11, 10, 9, 7, 6, 5, 4].map((n) => `Build numero ${n}`)];

describe('GET /api/builds?q= past the rank limit', () => {
  it('ranks only the newest 13 matches, says the total is capped and pages through them without overlap', async () => {
    await graniteCatalogue();
    const all = await apiSearch('q=granito');
    expect(all).toEqual({ titles: RANKED_GRANITE, total: LIMIT, capped: true });

    const pagesOfFive = [];
    for (const offset of [0, 5, 10]) pagesOfFive.push(...(await apiSearch(`q=granito&limit=5&offset=${offset}`)).titles);
    expect(pagesOfFive).toEqual(RANKED_GRANITE);
    expect(await apiSearch('q=granito&limit=5&offset=13')).toEqual({ titles: [], total: LIMIT, capped: true });
    expect(await apiSearch('q=granito&limit=5&offset=50')).toEqual({ titles: [], total: LIMIT, capped: true });
  });

  it('ranks every match exactly as an unbounded search when at most 13 match', async () => {
    const unbounded = createSearchService({ db: ctx.database.db, clock: ctx.clock, builds: ctx.services.builds, rankLimit: 10_000 });
    // Created oldest first in the order they must come out: newest first alone would reverse them.
    await createBuild({ title: 'Build silenziosa con ventola', description: 'Per lo studio.' });
    await createBuild({ title: 'Build da studio', description: 'Una ventola grande e lenta.' });
    await createBuild({ title: 'Build compatta', content: 'La ventola posteriore è da 120 mm.' });
    await createBuild({ title: 'Build economica', components: [{ type: 'Cooler', name: 'Ventola Arctic P12', price: 9 }] });
    for (let n = 1; n <= 9; n++) await createBuild({ title: `Build ventola ${n}`, description: n % 2 ? 'Con ventole.' : 'Altro.' });
    for (let n = 1; n <= 5; n++) await createBuild({ title: `Build senza ${n}` });

    const bounded = await apiSearch('q=ventole');
    const reference = await unbounded.search({ q: 'ventole', limit: 100, offset: 0 });
    expect(bounded.titles).toHaveLength(LIMIT);
    expect(bounded).toEqual({ titles: reference.builds.map((build) => build.title), total: LIMIT, capped: false });
    expect(bounded.titles.slice(0, 5)).toEqual(['Build ventola 9', 'Build ventola 7', 'Build ventola 5', 'Build ventola 3', 'Build ventola 1']);
    const second = await apiSearch('q=ventole&limit=4&offset=4');
    expect(second.titles).toEqual(reference.builds.slice(4, 8).map((build) => build.title));
  });

  it('leaves drafts, builds still to come and filtered-out builds out of the 13 places', async () => {
    for (let n = 1; n <= 12; n++) await createBuild({ title: `Quarzo pubblicata ${n}`, category: 'gaming' });
    for (let n = 1; n <= 3; n++) await createBuild({ title: `Quarzo bozza ${n}`, status: 'draft' });
    for (let n = 1; n <= 3; n++) await createBuild({ title: `Quarzo ufficio ${n}`, category: 'office' });
    const publishAt = new Date(ctx.clock.now().getTime() + 60 * MINUTE).toISOString();
    for (let n = 1; n <= 2; n++) await createBuild({ title: `Quarzo programmata ${n}`, status: 'scheduled', publish_at: publishAt, category: 'gaming' });

    const gaming = await apiSearch('q=quarzo&category=gaming');
    expect(gaming.total).toBe(12);
    expect(gaming.capped).toBe(false);
    expect(gaming.titles.every((title) => title.startsWith('Quarzo pubblicata'))).toBe(true);
    expect((await apiSearch('q=quarzo')).capped).toBe(true); // 15 public: the office builds count without the filter

    ctx.clock.advance(61 * MINUTE); // the scheduled builds are public now, and the newest
    const later = await apiSearch('q=quarzo&category=gaming');
    expect(later).toMatchObject({ total: LIMIT, capped: true });
    expect(later.titles.slice(0, 2)).toEqual(['Quarzo programmata 2', 'Quarzo programmata 1']);
    expect(later.titles).not.toContain('Quarzo pubblicata 1'); // the oldest match lost its place
  });
});

describe('GET /cerca past the rank limit', () => {
  it('says "Più di 13 build trovate", ranks the page and pages through the 13', async () => {
    await graniteCatalogue();
    const first = await page('/cerca?q=granito');
    expect(first).toContain('Più di 13 build trovate');
    expect(first).toContain('Ti mostriamo le 13 più recenti, dalla più pertinente');
    expect(cardTitles(first)).toEqual(RANKED_GRANITE.slice(0, 12));
    expect(first).toContain('href="/cerca?q=granito&amp;pagina=2"');
    const second = await page('/cerca?q=granito&pagina=2');
    expect(cardTitles(second)).toEqual(RANKED_GRANITE.slice(12));
    expect(second).toContain('Più di 13 build trovate');
    const past = await ctx.request('GET', '/cerca?q=granito&pagina=3');
    expect(past.status).toBe(302);
    expect(past.headers.get('location')).toBe('/cerca?q=granito&pagina=2');
  });

  it('counts exactly, without the notice, at the limit', async () => {
    for (let n = 1; n <= LIMIT; n++) await createBuild({ title: `Build basalto ${n}` });
    const html = await page('/cerca?q=basalto');
    expect(html).toContain('13 build trovate');
    expect(html).not.toContain('Più di');
    expect(html).not.toContain('data-testid="results-capped"');
  });

  it('says "più di 13 build" in the suggestions of a search that found nothing', async () => {
    await graniteCatalogue();
    const html = await page('/cerca?q=granito+introvabile');
    expect(html).toContain('Nessun risultato');
    expect(html).toContain('granito (più di 13 build)');
  });
});
