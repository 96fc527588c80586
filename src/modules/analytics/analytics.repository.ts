/**
 * Queries of the click analytics. Every count is ONE upsert (INSERT … ON CONFLICT … DO UPDATE SET n = n + 1):
 * the database adds atomically, so parallel requests, processes and instances never lose a count; the
 * click de-duplication is one too (a keyed counter, modules/keyed-counters), so two parallel copies of one
 * click cannot both pass.
 */
import { type Kysely, sql } from 'kysely';
import { isPublicBuild } from '../../db/public-builds';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;

/** pg returns SUM and COUNT as strings; SQLite as numbers; an empty SUM is NULL on both. */
const toCount = (value: unknown) => Number(value ?? 0);

// --- counting ---

export interface ClickTarget {
  buildId: number;
  /** Null for the cart link. */
  componentId: number | null;
}

/** A component link's target: the component and the product its clicks belong to (decision 027). */
export interface ComponentTarget extends ClickTarget {
  componentId: number;
  product: string;
  name: string;
}

/** What a component's clicks are kept under: its ASIN, else its link (a clicked component always has one). */
export function productOf(component: { asin: string | null; amazon_link: string | null }): string | null {
  return component.asin ?? component.amazon_link;
}

/** A component of a published build, as a click on its link (or on its alternative's) needs it. */
export interface ClickedComponent {
  buildId: number;
  componentId: number;
  asin: string | null;
  amazonLink: string | null;
  name: string;
  type: string;
}

/** The published build named by `slug`, or null. */
export async function findPublicBuildTarget(db: Db, slug: string, now: string): Promise<ClickTarget | null> {
  const build = await db.selectFrom('builds').select('id').where('slug', '=', slug).where(isPublicBuild(now)).executeTakeFirst();
  return build ? { buildId: build.id, componentId: null } : null;
}

/** The component `componentId` of the published build named by `slug`; null when either is unknown (a beacon of an old page, or made up). */
export async function findClickedComponent(db: Db, slug: string, componentId: number, now: string): Promise<ClickedComponent | null> {
  const row = await db
    .selectFrom('components')
    .innerJoin('builds', 'builds.id', 'components.build_id')
    .select(['builds.id as build_id', 'components.id as component_id', 'components.asin', 'components.amazon_link', 'components.name', 'components.type'])
    .where('components.id', '=', componentId)
    .where('builds.slug', '=', slug)
    .where(isPublicBuild(now))
    .executeTakeFirst();
  return row
    ? { buildId: row.build_id, componentId: row.component_id, asin: row.asin, amazonLink: row.amazon_link, name: row.name, type: row.type }
    : null;
}

/**
 * Adds a click to the build's day and, for a component link, to the component's day under the product
 * clicked (the component's, or the alternative's it was swapped for) and the name it has now (what the
 * click stays under once the component is gone).
 */
export async function addClick(db: Db, target: ClickTarget | ComponentTarget, day: string): Promise<void> {
  const column = target.componentId === null ? 'cart_clicks' : 'component_clicks';
  await db
    .insertInto('build_daily_stats')
    .values({ build_id: target.buildId, day, [column]: 1 })
    .onConflict((oc) => oc.columns(['build_id', 'day']).doUpdateSet({ [column]: sql`${sql.ref(`build_daily_stats.${column}`)} + 1` }))
    .execute();
  if (!('product' in target)) return;
  const { componentId, buildId, product, name } = target;
  // One row per component, product and day (migration 0018): a swapped part's clicks (the alternative's
  // ASIN) are a row of their own beside the original product's.
  await db
    .insertInto('component_daily_clicks')
    .values({ component_id: componentId, build_id: buildId, product, name, day, clicks: 1 })
    .onConflict((oc) => oc.columns(['component_id', 'product', 'day']).doUpdateSet({ clicks: sql`${sql.ref('component_daily_clicks.clicks')} + 1`, name }))
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

/** Deletes the keys of days before `beforeDay`. */
export async function purgeDedupeKeys(db: Db, beforeDay: string): Promise<number> {
  const keys = await db.deleteFrom('click_dedupe_keys').where('day', '<', beforeDay).executeTakeFirst();
  return Number(keys.numDeletedRows);
}

// --- reading ---

export interface BuildTotals {
  id: number;
  slug: string;
  title: string;
  views: number;
  componentClicks: number;
  cartClicks: number;
  personalizedViews: number;
  /** A deleted build's counts (decision 027): `id` is the id it had. */
  deleted: boolean;
}

/**
 * Every published build, and any other with counts in the window, with its sums over the window; then
 * the deleted builds with counts in the window.
 */
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
      eb.fn.sum<string | number | null>('s.personalized_views').as('personalized_views'),
    ])
    .where((eb) => eb.or([isPublicBuild(now), eb('s.id', 'is not', null)]))
    .groupBy(['builds.id', 'builds.slug', 'builds.title'])
    .execute();
  const deleted = await db
    .selectFrom('deleted_builds as d')
    .innerJoin('build_daily_stats as s', 's.deleted_build_id', 'd.id')
    .select((eb) => [
      'd.build_id as id',
      'd.slug',
      'd.title',
      eb.fn.sum<string | number | null>('s.views').as('views'),
      eb.fn.sum<string | number | null>('s.component_clicks').as('component_clicks'),
      eb.fn.sum<string | number | null>('s.cart_clicks').as('cart_clicks'),
      eb.fn.sum<string | number | null>('s.personalized_views').as('personalized_views'),
    ])
    .where('s.day', '>=', from)
    .where('s.day', '<=', to)
    .groupBy(['d.id', 'd.build_id', 'd.slug', 'd.title'])
    .execute();
  const totals = (row: (typeof rows)[number], isDeleted: boolean): BuildTotals => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    views: toCount(row.views),
    componentClicks: toCount(row.component_clicks),
    cartClicks: toCount(row.cart_clicks),
    personalizedViews: toCount(row.personalized_views),
    deleted: isDeleted,
  });
  return [...rows.map((row) => totals(row, false)), ...deleted.map((row) => totals(row, true))];
}

export interface BuildDay {
  day: string;
  views: number;
  componentClicks: number;
  cartClicks: number;
  personalizedViews: number;
}

/** The days of the window on which the build has counts (days without any have no row). */
export async function listBuildDays(db: Db, buildId: number, from: string, to: string): Promise<BuildDay[]> {
  const rows = await db
    .selectFrom('build_daily_stats')
    .select(['day', 'views', 'component_clicks', 'cart_clicks', 'personalized_views'])
    .where('build_id', '=', buildId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({
    day: row.day,
    views: toCount(row.views),
    componentClicks: toCount(row.component_clicks),
    cartClicks: toCount(row.cart_clicks),
    personalizedViews: toCount(row.personalized_views),
  }));
}

export interface ProductClicks {
  /** The ASIN, else the link. */
  product: string;
  /** A name the product was clicked under (the same product may carry several). */
  name: string;
  clicks: number;
}

/**
 * Clicks in the window by product and name, of every build (deleted ones and removed components
 * included), or of the build `buildId`. Rows of a component deleted since still count (decision 027).
 */
export async function sumProductClicks(db: Db, from: string, to: string, buildId?: number): Promise<ProductClicks[]> {
  let query = db
    .selectFrom('component_daily_clicks')
    .select((eb) => ['product', 'name', eb.fn.sum<string | number>('clicks').as('clicks')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('product', 'is not', null);
  if (buildId !== undefined) query = query.where('build_id', '=', buildId);
  const rows = await query.groupBy(['product', 'name']).execute();
  return rows.map((row) => ({ product: row.product!, name: row.name ?? row.product!, clicks: toCount(row.clicks) }));
}

export interface BuildComponent {
  id: number;
  asin: string | null;
  amazon_link: string | null;
  name: string;
}

/** The build's components in page order (for its per-component clicks, zeros included). */
export async function listBuildComponents(db: Db, buildId: number): Promise<BuildComponent[]> {
  return db.selectFrom('components').select(['id', 'asin', 'amazon_link', 'name']).where('build_id', '=', buildId).orderBy('position').orderBy('id').execute();
}

export async function buildExists(db: Db, buildId: number): Promise<boolean> {
  return (await db.selectFrom('builds').select('id').where('id', '=', buildId).executeTakeFirst()) !== undefined;
}

// --- what outlives a build or a component (decision 027) ---

/**
 * Before the build is deleted, in the delete's transaction: records it in `deleted_builds` and moves its
 * daily counts and its visitors' choices there, so they stay in the overview under its title. Its component clicks need nothing:
 * they keep their product and name, and the delete only empties their build_id.
 */
export async function keepDeletedBuildCounts(trx: Db, build: { id: number; slug: string; title: string }, at: string): Promise<void> {
  const { id } = await trx
    .insertInto('deleted_builds')
    .values({ build_id: build.id, slug: build.slug, title: build.title, deleted_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('build_daily_stats').set({ deleted_build_id: id }).where('build_id', '=', build.id).execute();
  await trx.updateTable('build_daily_choices').set({ deleted_build_id: id }).where('build_id', '=', build.id).execute();
}

/**
 * Rows of an archive made before migration 0015 have no product: filled from their components (restored
 * in the same transaction). Returns the rows filled.
 */
export async function fillClickProducts(trx: Db): Promise<number> {
  const result = await trx
    .updateTable('component_daily_clicks')
    .set((eb) => {
      const component = (column: 'asin' | 'amazon_link' | 'name') =>
        eb.selectFrom('components').select(column).whereRef('components.id', '=', 'component_daily_clicks.component_id');
      return { product: eb.fn.coalesce(component('asin'), component('amazon_link')), name: component('name') };
    })
    .where('product', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
