/**
 * The pages of public builds are read in publication order from indexes (decision 034: the published
 * builds and the due scheduled ones as two parts, merged). They must be exactly the pages and totals
 * of the plain definition: isPublicBuild, ordered by publicPublishedAt then id, cut by LIMIT/OFFSET.
 * Checked on SQLite and PostgreSQL over a catalogue with drafts, published builds (ties on the date, no
 * date), scheduled builds due and still to come (with and without a first publication), in every
 * category and budget range, for every filter the home offers and pages of several sizes.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_RANGES } from '../../src/common/budget-ranges';
import { BUILD_CATEGORIES } from '../../src/common/catalog';
import { isPublicBuild, publicParts, publicPublishedAt } from '../../src/db/public-builds';
import type { Database } from '../../src/db/tables';
import { countPublishedBuilds, listPublishedBuilds } from '../../src/modules/builds/builds.repository';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { seededRandom } from '../helpers/seeded-random';

const NOW = '2026-06-15T12:00:00.000Z';
const BUILDS = 180;

let ctx: TestContext;

/** A date in the year around NOW, on a coarse grid so that several builds share one (ties broken by id). */
function dateAround(random: () => number): string {
  const hours = Math.floor(random() * 60) * 144 - 4320;
  return new Date(Date.parse(NOW) + hours * 3_600_000).toISOString();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const random = seededRandom(34);
  const rows = Array.from({ length: BUILDS }, (_, index) => {
    const kind = random();
    const status = kind < 0.15 ? 'draft' : kind < 0.75 ? 'published' : 'scheduled';
    const publishAt = status === 'scheduled' ? dateAround(random) : null;
    const publishedAt = status === 'published' ? (random() < 0.05 ? null : dateAround(random)) : random() < 0.3 ? dateAround(random) : null;
    return {
      slug: `build-${index}`,
      title: `Build ${index}`,
      status,
      category: random() < 0.05 ? null : BUILD_CATEGORIES[index % BUILD_CATEGORIES.length]!,
      budget_cents: random() < 0.05 ? null : Math.round(random() * 400_000),
      publish_at: publishAt,
      published_at: publishedAt,
      created_at: NOW,
      updated_at: NOW,
    };
  });
  // Exactly on the edges of the budget ranges and of NOW too.
  rows.push(
    { ...rows[0]!, slug: 'edge-800', status: 'published', budget_cents: 80_000, published_at: NOW, publish_at: null },
    { ...rows[0]!, slug: 'edge-2500', status: 'published', budget_cents: 250_000, published_at: NOW, publish_at: null },
    { ...rows[0]!, slug: 'scheduled-now', status: 'scheduled', publish_at: NOW, published_at: null },
  );
  await ctx.database.db.insertInto('builds').values(rows).execute();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

interface Filter {
  now: string;
  category?: string;
  minBudgetCents?: number;
  maxBudgetCents?: number;
}

/** The definition as a plain query: every public build the filter keeps, in list order. */
async function expectedIds(db: Kysely<Database>, filter: Filter): Promise<number[]> {
  let query = db.selectFrom('builds').select('id').where(isPublicBuild(filter.now));
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.minBudgetCents !== undefined) query = query.where('budget_cents', '>=', filter.minBudgetCents);
  if (filter.maxBudgetCents !== undefined) query = query.where('budget_cents', '<=', filter.maxBudgetCents);
  const rows = await query.orderBy(publicPublishedAt(), 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => row.id);
}

const FILTERS: Filter[] = [undefined, ...BUILD_CATEGORIES].flatMap((category) =>
  [undefined, ...BUDGET_RANGES].map((range) => ({
    now: NOW,
    ...(category ? { category } : {}),
    ...(range?.min !== undefined ? { minBudgetCents: range.min * 100 } : {}),
    ...(range?.max !== undefined ? { maxBudgetCents: range.max * 100 } : {}),
  })),
);

describe('pages of public builds read from the indexes', () => {
  it('the two parts are the public builds, each with its public date', async () => {
    const db = ctx.database.db;
    const expected = await db.selectFrom('builds').select(['id', publicPublishedAt().as('date')]).where(isPublicBuild(NOW)).orderBy('id').execute();
    const parts = [];
    for (const part of publicParts(NOW)) parts.push(...(await db.selectFrom('builds').select(['id', part.publishedAt.as('date')]).where(part.where).execute()));
    expect(parts.sort((a, b) => a.id - b.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(100);
  });

  it('give the same pages and totals as the plain definition, for every filter and page size', async () => {
    const db = ctx.database.db;
    let compared = 0;
    for (const filter of FILTERS) {
      const ids = await expectedIds(db, filter);
      expect(await countPublishedBuilds(db, filter)).toBe(ids.length);
      for (const limit of [1, 5, 12]) {
        for (let offset = 0; offset <= ids.length + limit; offset += limit) {
          const page = await listPublishedBuilds(db, { ...filter, limit, offset });
          expect(page.map((row) => row.id), JSON.stringify({ ...filter, limit, offset })).toEqual(ids.slice(offset, offset + limit));
          compared += page.length;
        }
      }
    }
    // Not vacuous: every public build was on some page of the unfiltered list at each page size, and more.
    expect(compared).toBeGreaterThan(3 * 140);
  }, 120_000);

  it('move with the clock: a scheduled build joins the pages at its publish_at', async () => {
    const db = ctx.database.db;
    for (const now of ['2025-12-01T00:00:00.000Z', NOW, '2026-12-31T00:00:00.000Z']) {
      const ids = await expectedIds(db, { now });
      expect(await countPublishedBuilds(db, { now })).toBe(ids.length);
      expect((await listPublishedBuilds(db, { now, limit: 100, offset: 0 })).map((row) => row.id)).toEqual(ids.slice(0, 100));
      expect((await listPublishedBuilds(db, { now, limit: 30, offset: 60 })).map((row) => row.id)).toEqual(ids.slice(60, 90));
    }
  });
});
