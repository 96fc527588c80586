/**
 * "A build visitors may see at time t" is defined once in SQL (src/db/public-builds.ts, isPublicBuild and
 * publicPublishedAt) and mirrored beside it in TypeScript (isPublicAt, publicPublishedAtOf) for rows
 * already read. Both run here on the same rows, on SQLite and PostgreSQL, and must agree on every case:
 * drafts, published builds, scheduled ones due, due to the millisecond and still to come, with and
 * without a first publication. The build page and the price history (which use the TypeScript side)
 * must agree with the lists (the SQL side) too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAt, isPublicBuild, publicPublishedAt, publicPublishedAtOf } from '../../src/db/public-builds';
import { createTestContext, type TestContext } from '../helpers/test-app';

const NOW = '2026-06-15T12:00:00.000Z';
const BEFORE = '2026-06-15T11:59:59.999Z';
const AFTER = '2026-06-15T12:00:00.001Z';
const LONG_AGO = '2026-01-10T08:30:00.000Z';
const LATER = '2026-09-01T07:00:00.000Z';

interface Case {
  slug: string;
  status: string;
  publish_at: string | null;
  published_at: string | null;
  /** What both definitions must say. */
  public: boolean;
  shownDate: string | null;
}

const CASES: Case[] = [
  { slug: 'draft', status: 'draft', publish_at: null, published_at: null, public: false, shownDate: null },
  { slug: 'draft-published-before', status: 'draft', publish_at: null, published_at: LONG_AGO, public: false, shownDate: LONG_AGO },
  { slug: 'draft-stale-publish-at', status: 'draft', publish_at: BEFORE, published_at: null, public: false, shownDate: null },
  { slug: 'published', status: 'published', publish_at: null, published_at: LONG_AGO, public: true, shownDate: LONG_AGO },
  { slug: 'published-without-date', status: 'published', publish_at: null, published_at: null, public: true, shownDate: null },
  { slug: 'published-future-publish-at', status: 'published', publish_at: LATER, published_at: LONG_AGO, public: true, shownDate: LONG_AGO },
  { slug: 'scheduled-past', status: 'scheduled', publish_at: LONG_AGO, published_at: null, public: true, shownDate: LONG_AGO },
  { slug: 'scheduled-a-ms-ago', status: 'scheduled', publish_at: BEFORE, published_at: null, public: true, shownDate: BEFORE },
  { slug: 'scheduled-now', status: 'scheduled', publish_at: NOW, published_at: null, public: true, shownDate: NOW },
  { slug: 'scheduled-in-a-ms', status: 'scheduled', publish_at: AFTER, published_at: null, public: false, shownDate: AFTER },
  { slug: 'scheduled-future', status: 'scheduled', publish_at: LATER, published_at: null, public: false, shownDate: LATER },
  { slug: 'scheduled-past-published-before', status: 'scheduled', publish_at: BEFORE, published_at: LONG_AGO, public: true, shownDate: LONG_AGO },
  { slug: 'scheduled-future-published-before', status: 'scheduled', publish_at: LATER, published_at: LONG_AGO, public: false, shownDate: LONG_AGO },
  { slug: 'scheduled-without-publish-at', status: 'scheduled', publish_at: null, published_at: null, public: false, shownDate: null },
  { slug: 'unknown-status', status: 'archived', publish_at: BEFORE, published_at: LONG_AGO, public: false, shownDate: LONG_AGO },
];

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.now = () => new Date(NOW);
  await ctx.database.db
    .insertInto('builds')
    .values(CASES.map(({ slug, status, publish_at, published_at }) => ({ slug, title: slug, status, publish_at, published_at, created_at: LONG_AGO, updated_at: LONG_AGO })))
    .execute();
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

/** The SQL definition's answer for every stored build, by slug. */
async function sqlAnswers(now: string) {
  const db = ctx.database.db;
  const publicSlugs = new Set((await db.selectFrom('builds').select('slug').where(isPublicBuild(now)).execute()).map((row) => row.slug));
  const rows = await db.selectFrom('builds').select(['slug', publicPublishedAt().as('shown_date')]).execute();
  return new Map(rows.map((row) => [row.slug, { public: publicSlugs.has(row.slug), shownDate: row.shown_date }]));
}

describe('public at time t: the SQL definition and its TypeScript mirror', () => {
  it('agree with each other and with the expected answer on every case', async () => {
    const sql = await sqlAnswers(NOW);
    expect(sql.size).toBe(CASES.length);
    for (const row of CASES) {
      const expected = { public: row.public, shownDate: row.shownDate };
      expect({ slug: row.slug, ...sql.get(row.slug) }).toEqual({ slug: row.slug, ...expected });
      expect({ slug: row.slug, public: isPublicAt(row, NOW), shownDate: publicPublishedAtOf(row) }).toEqual({ slug: row.slug, ...expected });
    }
  });

  it('agree at other times too: every publish_at of the table, and a moment after each', async () => {
    const times = [...new Set(CASES.flatMap((row) => (row.publish_at ? [row.publish_at] : [])))];
    for (const time of [...times, ...times.map((t) => new Date(Date.parse(t) + 1).toISOString())]) {
      const sql = await sqlAnswers(time);
      for (const row of CASES) expect({ slug: row.slug, time, public: isPublicAt(row, time) }).toEqual({ slug: row.slug, time, public: sql.get(row.slug)!.public });
    }
  });

  it('the build page and its price history show exactly the builds the lists show, with the same date', async () => {
    const listed = new Map((await ctx.services.builds.listPublished()).map((build) => [build.slug, build.published_at]));
    for (const row of CASES) {
      const page = await ctx.services.builds.getPublished(row.slug).then(
        (build) => ({ public: true, shownDate: build.published_at }),
        () => ({ public: false, shownDate: null }),
      );
      const history = await ctx.services.pricing.priceHistoryOfPublished(row.slug).then(
        () => true,
        () => false,
      );
      expect({ slug: row.slug, ...page, history }).toEqual({
        slug: row.slug,
        public: listed.has(row.slug),
        shownDate: listed.has(row.slug) ? listed.get(row.slug) : null,
        history: listed.has(row.slug),
      });
    }
    expect(listed.size).toBe(CASES.filter((row) => row.public).length);
  });
});
