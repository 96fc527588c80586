/**
 * Queries of the click analytics. Every count is ONE upsert (INSERT … ON CONFLICT … DO UPDATE SET n = n + 1):
 * the database adds atomically, so parallel requests, processes and instances never lose a count; the
 * click de-duplication is one too (claimClick), so two parallel copies of one click cannot both pass.
 */
import { type Kysely, sql } from 'kysely';
import { isPublicBuild } from '../../db/public-builds';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** pg returns SUM and COUNT as strings; SQLite as numbers; an empty SUM is NULL on both. */
const toCount = (value: unknown) => Number(value ?? 0);

// --- counting ---

export interface ClickTarget {
  buildId: number;
  /** Null for the cart link. */
  componentId: number | null;
}

/**
 * The published build named by `slug` and, for a component link, its component `componentId` with a link
 * to follow; null when either is unknown (a beacon of an old page, or made up).
 */
export async function findClickTarget(db: Db, slug: string, componentId: number | null, now: string): Promise<ClickTarget | null> {
  if (componentId === null) {
    const build = await db.selectFrom('builds').select('id').where('slug', '=', slug).where(isPublicBuild(now)).executeTakeFirst();
    return build ? { buildId: build.id, componentId: null } : null;
  }
  const row = await db
    .selectFrom('components')
    .innerJoin('builds', 'builds.id', 'components.build_id')
    .select(['builds.id as build_id', 'components.id as component_id'])
    .where('components.id', '=', componentId)
    .where('builds.slug', '=', slug)
    .where(isPublicBuild(now))
    .where('components.amazon_link', 'is not', null)
    .executeTakeFirst();
  return row ? { buildId: row.build_id, componentId: row.component_id } : null;
}

/**
 * Records that the click `key` (address and link, hashed) happened at `now`, unless it already happened
 * after `windowStart`. True when the click is new and must be counted. One statement: of two parallel
 * copies, one inserts or refreshes the row, the other finds it fresh and gets no row back.
 */
export async function claimClick(db: Db, key: string, now: string, windowStart: string): Promise<boolean> {
  const row = await db
    .insertInto('click_dedupe')
    .values({ key, seen_at: now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ seen_at: now })
        .where(sql<boolean>`${sql.ref('click_dedupe.seen_at')} <= ${windowStart}`),
    )
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds a click to the build's day and, for a component link, to the component's day. */
export async function addClick(db: Db, target: ClickTarget, day: string): Promise<void> {
  const column = target.componentId === null ? 'cart_clicks' : 'component_clicks';
  await db
    .insertInto('build_daily_stats')
    .values({ build_id: target.buildId, day, [column]: 1 })
    .onConflict((oc) => oc.columns(['build_id', 'day']).doUpdateSet({ [column]: sql`${sql.ref(`build_daily_stats.${column}`)} + 1` }))
    .execute();
  if (target.componentId === null) return;
  await db
    .insertInto('component_daily_clicks')
    .values({ component_id: target.componentId, build_id: target.buildId, day, clicks: 1 })
    .onConflict((oc) => oc.columns(['component_id', 'day']).doUpdateSet({ clicks: sql`${sql.ref('component_daily_clicks.clicks')} + 1` }))
    .execute();
}

// --- the de-duplication's key and expiry ---

/**
 * The HMAC key of `day`: the one stored, or `candidate` when this call is the first of the day on any
 * process or instance (whoever inserts first wins; everybody then reads the same key).
 */
export async function ensureDedupeSecret(db: Db, day: string, candidate: string, now: string): Promise<string> {
  await db
    .insertInto('click_dedupe_keys')
    .values({ day, secret: candidate, created_at: now })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db.selectFrom('click_dedupe_keys').select('secret').where('day', '=', day).executeTakeFirstOrThrow();
  return row.secret;
}

/** Deletes the clicks seen at or before `before` and the keys of days before `beforeDay`. */
export async function purgeDedupe(db: Db, before: string, beforeDay: string): Promise<number> {
  const clicks = await db.deleteFrom('click_dedupe').where('seen_at', '<=', before).executeTakeFirst();
  const keys = await db.deleteFrom('click_dedupe_keys').where('day', '<', beforeDay).executeTakeFirst();
  return Number(clicks.numDeletedRows) + Number(keys.numDeletedRows);
}

// --- reading ---

export interface BuildTotals {
  id: number;
  slug: string;
  title: string;
  views: number;
  componentClicks: number;
  cartClicks: number;
}

/** Every published build, and any other with counts in the window, with its sums over the window. */
export async function sumBuilds(db: Db, from: string, to: string, now: string): Promise<BuildTotals[]> {
  const rows = await db
    .selectFrom('builds')
    .leftJoin('build_daily_stats as s', (join) => join.onRef('s.build_id', '=', 'builds.id').on('s.day', '>=', from).on('s.day', '<=', to))
    .select((eb) => [
      'builds.id',
      'builds.slug',
      'builds.title',
      eb.fn.sum<string | number | null>('s.views').as('views'),
      eb.fn.sum<string | number | null>('s.component_clicks').as('component_clicks'),
      eb.fn.sum<string | number | null>('s.cart_clicks').as('cart_clicks'),
    ])
    .where((eb) => eb.or([isPublicBuild(now), eb('s.id', 'is not', null)]))
    .groupBy(['builds.id', 'builds.slug', 'builds.title'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    views: toCount(row.views),
    componentClicks: toCount(row.component_clicks),
    cartClicks: toCount(row.cart_clicks),
  }));
}

export interface BuildDay {
  day: string;
  views: number;
  componentClicks: number;
  cartClicks: number;
}

/** The days of the window on which the build has counts (days without any have no row). */
export async function listBuildDays(db: Db, buildId: number, from: string, to: string): Promise<BuildDay[]> {
  const rows = await db
    .selectFrom('build_daily_stats')
    .select(['day', 'views', 'component_clicks', 'cart_clicks'])
    .where('build_id', '=', buildId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, views: toCount(row.views), componentClicks: toCount(row.component_clicks), cartClicks: toCount(row.cart_clicks) }));
}

export interface ComponentClicks {
  id: number;
  asin: string | null;
  name: string;
  clicks: number;
}

/** Components clicked in the window (of every build, or of `buildId`), with their clicks. */
export async function sumComponentClicks(db: Db, from: string, to: string, buildId?: number): Promise<ComponentClicks[]> {
  let query = db
    .selectFrom('component_daily_clicks as k')
    .innerJoin('components as c', 'c.id', 'k.component_id')
    .select((eb) => ['c.id', 'c.asin', 'c.name', eb.fn.sum<string | number>('k.clicks').as('clicks')])
    .where('k.day', '>=', from)
    .where('k.day', '<=', to);
  if (buildId !== undefined) query = query.where('k.build_id', '=', buildId);
  const rows = await query.groupBy(['c.id', 'c.asin', 'c.name']).execute();
  return rows.map((row) => ({ id: row.id, asin: row.asin, name: row.name, clicks: toCount(row.clicks) }));
}

/** The build's components in page order (for its per-component clicks, zeros included). */
export async function listBuildComponents(db: Db, buildId: number): Promise<Omit<ComponentClicks, 'clicks'>[]> {
  return db.selectFrom('components').select(['id', 'asin', 'name']).where('build_id', '=', buildId).orderBy('position').orderBy('id').execute();
}

export async function buildExists(db: Db, buildId: number): Promise<boolean> {
  return (await db.selectFrom('builds').select('id').where('id', '=', buildId).executeTakeFirst()) !== undefined;
}
