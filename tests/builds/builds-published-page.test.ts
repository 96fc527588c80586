/**
 * BuildsService.listPublishedPage, the home page's query: one page of published builds in the public
 * order (newest publication first, then highest id) and the filter's total, on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/common/errors';
import { catalogue, type InsertedBuild, insertBuilds } from '../helpers/catalogue';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

beforeEach(async () => {
  await ctx.database.db.deleteFrom('components').execute();
  await ctx.database.db.deleteFrom('builds').execute();
});

const page = (query: { page: number; pageSize?: number; category?: string | null; minBudget?: number; maxBudget?: number }) =>
  ctx.services.builds.listPublishedPage({ pageSize: 12, ...query });
const titles = (result: { builds: { title: string }[] }) => result.builds.map((build) => build.title);

describe('listPublishedPage', () => {
  let built: InsertedBuild[];
  beforeEach(async () => {
    // 30 published builds (newest first in this list) and 3 drafts.
    built = await insertBuilds(ctx.database.db, [
      ...catalogue(30, { categories: ['gaming', 'office', 'editing'], budgets: [700, 1200, 3000] }),
      ...catalogue(3, { prefix: 'Bozza' }).map((build) => ({ ...build, status: 'draft' as const })),
    ]);
  });
  const published = () => built.filter((build) => build.status !== 'draft');

  it('gives 12 builds per page in the public order and the total of published builds', async () => {
    const expected = published().map((build) => build.title);
    const first = await page({ page: 1 });
    expect(first.total).toBe(30);
    expect(titles(first)).toEqual(expected.slice(0, 12));
    expect(titles(await page({ page: 2 }))).toEqual(expected.slice(12, 24));
    const last = await page({ page: 3 });
    expect(titles(last)).toEqual(expected.slice(24, 30));
    expect(last.total).toBe(30);
    // The same order as the public list endpoint.
    expect(titles({ builds: await ctx.services.builds.listPublished() })).toEqual(expected);
  });

  it('gives no builds past the last page, with the total still counted', async () => {
    const beyond = await page({ page: 4 });
    expect(beyond.builds).toEqual([]);
    expect(beyond.total).toBe(30);
  });

  it('sums each listed build’s components and counts them', async () => {
    const [first] = (await page({ page: 1, pageSize: 1 })).builds;
    const expected = published()[0]!;
    expect(first).toMatchObject({ id: expected.id, slug: expected.slug, total_price: expected.total, component_count: 2, budget: 700, category: 'gaming' });
  });

  it('filters by category and budget (bounds included) and counts the filter only', async () => {
    const gaming = published().filter((build) => build.category === 'gaming');
    const result = await page({ page: 1, category: 'gaming' });
    expect(result.total).toBe(gaming.length);
    expect(titles(result)).toEqual(gaming.map((build) => build.title));

    const midRange = published().filter((build) => build.budget >= 700 && build.budget <= 1200);
    const ranged = await page({ page: 1, minBudget: 700, maxBudget: 1200, pageSize: 100 });
    expect(ranged.total).toBe(midRange.length);
    expect(titles(ranged)).toEqual(midRange.map((build) => build.title));

    const none = await page({ page: 1, category: 'office', minBudget: 2500 });
    expect(none).toEqual({ builds: [], total: 0 });
  });

  it('reads a null category as no filter', async () => {
    expect((await page({ page: 1, category: null })).total).toBe(30);
  });
});

describe('listPublishedPage with builds published at the same instant', () => {
  it('never repeats or skips a build across pages: the id decides among equal dates', async () => {
    const sameTime = catalogue(25).map((build) => ({ ...build, publishedAt: '2026-11-01T12:00:00.000Z' }));
    const built = await insertBuilds(ctx.database.db, sameTime);
    const pages = await Promise.all([1, 2, 3].map((number) => page({ page: number })));
    const ids = pages.flatMap((result) => result.builds.map((build) => build.id));
    expect(ids).toEqual(built.map((build) => build.id).sort((a, b) => b - a));
  });
});

describe('listPublishedPage after changes through the admin API', () => {
  it('counts a build published or unpublished by the author at once', async () => {
    const token = await ctx.login();
    const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Appena pubblicata' }) });
    expect(created.status).toBe(201);
    expect(await page({ page: 1 })).toMatchObject({ total: 1, builds: [{ title: 'Appena pubblicata', component_count: 3 }] });
    const unpublished = await ctx.request('PUT', `/api/admin/builds/${created.body.build.id}`, { token, body: sampleBuild({ title: 'Appena pubblicata', status: 'draft' }) });
    expect(unpublished.status).toBe(200);
    expect(await page({ page: 1 })).toEqual({ builds: [], total: 0 });
  });
});

describe('listPublishedPage with an impossible page', () => {
  it.each([
    { page: 0, pageSize: 12 },
    { page: 1.5, pageSize: 12 },
    { page: 1, pageSize: 0 },
    { page: 1, pageSize: 101 },
  ])('refuses page $page of $pageSize with an Italian validation error', async (query) => {
    const error = await ctx.services.builds.listPublishedPage(query).catch((caught: unknown) => caught);
    expect(isAppError(error, 'VALIDATION_ERROR')).toBe(true);
    expect((error as Error).message).toBe('Pagina non valida: numero di pagina da 1 in su, da 1 a 100 build per pagina');
  });
});
