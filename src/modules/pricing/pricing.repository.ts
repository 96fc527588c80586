/** Queries for prices, availability, tiers and price history. */
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { isPublicBuild, publicPublishedAt, SCHEDULED_STATUS } from '../../db/public-builds';
import type { Database } from '../../db/tables';
import type { TierBuilds } from '../builds';

type Db = Kysely<Database>;

export type Tier = 'A' | 'B' | 'C';

/** Builds whose alternatives a visitor may be offered, and so whose alternatives the scheduled work keeps fresh. */
const VISIBLE_STATUSES = ['published', SCHEDULED_STATUS];

/** Which components (and their builds) a list of ASINs is about. */
type ComponentFilter = (eb: ExpressionBuilder<Database, 'components' | 'builds'>) => Expression<SqlBool>;

/**
 * The ASINs of the curated alternatives of the components `filter` selects (decision 030, as
 * alternatives.listCandidatesFor defines them): the alternatives tied to a component's product, and the
 * members of the categories of its type (compared case-insensitively). Two selects for a UNION: one
 * statement whatever the number of components.
 */
function curatedAlternativeAsins(db: Db, filter: ComponentFilter) {
  const ofProducts = db
    .selectFrom('alternatives')
    .innerJoin('components', 'components.asin', 'alternatives.original_asin')
    .innerJoin('builds', 'builds.id', 'components.build_id')
    .select('alternatives.alternative_asin as asin')
    .where(filter);
  const ofTypes = db
    .selectFrom('alternatives')
    .innerJoin('alternative_categories', 'alternative_categories.id', 'alternatives.category_id')
    .innerJoin('components', (join) =>
      join.on(sql<SqlBool>`lower(${sql.ref('alternative_categories.component_type')}) = lower(${sql.ref('components.type')})`),
    )
    .innerJoin('builds', 'builds.id', 'components.build_id')
    .select('alternatives.alternative_asin as asin')
    .where(filter);
  return { ofProducts, ofTypes };
}

/** The components' ASINs `filter` selects and their curated alternatives' ASINs, distinct and in order. */
async function componentAndAlternativeAsins(db: Db, components: ComponentFilter, alternatives: ComponentFilter = components): Promise<string[]> {
  const { ofProducts, ofTypes } = curatedAlternativeAsins(db, alternatives);
  const rows = await db
    .selectFrom('components')
    .innerJoin('builds', 'builds.id', 'components.build_id')
    .select('components.asin as asin')
    .where('components.asin', 'is not', null)
    .where(components)
    .union(ofProducts)
    .union(ofTypes)
    .orderBy('asin')
    .execute();
  return rows.map((row) => row.asin!);
}

/** The ASINs of a build's own components, distinct and in order. */
export async function listComponentAsinsOfBuild(db: Db, buildId: number): Promise<string[]> {
  const rows = await db.selectFrom('components').select('asin').distinct().where('build_id', '=', buildId).where('asin', 'is not', null).orderBy('asin').execute();
  return rows.map((row) => row.asin!);
}

/** A build's ASINs for its manual refresh: its components' and their curated alternatives', drafts included. */
export function listAsinsOfBuild(db: Db, buildId: number): Promise<string[]> {
  return componentAndAlternativeAsins(db, (eb) => eb('components.build_id', '=', buildId));
}

/**
 * ASINs whose image a visitor may see (published or scheduled builds: their components' and their
 * curated alternatives') and whose link the retailer last confirmed before `confirmedBefore` (or never):
 * the ones to look up again before they must be hidden. One statement.
 */
export async function listAsinsWithAgingImages(db: Db, confirmedBefore: string): Promise<string[]> {
  const aging = (table: 'components' | 'alternatives') => sql<SqlBool>`(${sql.ref(`${table}.image_checked_at`)} IS NULL OR ${sql.ref(`${table}.image_checked_at`)} < ${confirmedBefore})`;
  const { ofProducts, ofTypes } = curatedAlternativeAsins(db, (eb) => eb('builds.status', 'in', VISIBLE_STATUSES));
  const rows = await db
    .selectFrom('components')
    .innerJoin('builds', 'builds.id', 'components.build_id')
    .select('components.asin as asin')
    .where('components.asin', 'is not', null)
    .where('components.image_url', 'is not', null)
    .where('builds.status', 'in', VISIBLE_STATUSES)
    .where(aging('components'))
    .union(ofProducts.where('alternatives.image_url', 'is not', null).where(aging('alternatives')))
    .union(ofTypes.where('alternatives.image_url', 'is not', null).where(aging('alternatives')))
    .orderBy('asin')
    .execute();
  return rows.map((row) => row.asin!);
}

/**
 * The ASINs of a tier's components (tier C also holds components never given a tier), and the curated
 * alternatives' ASINs of those of them in published or scheduled builds: a visitor may be offered these,
 * so they are refreshed with their component (decision 030). Drafts' alternatives wait for a manual refresh.
 */
export function listAsinsOfTier(db: Db, tier: Tier): Promise<string[]> {
  const ofTier: ComponentFilter = (eb) =>
    tier === 'C' ? eb.or([eb('components.tier', '=', 'C'), eb('components.tier', 'is', null)]) : eb('components.tier', '=', tier);
  return componentAndAlternativeAsins(db, ofTier, (eb) => eb.and([ofTier(eb), eb('builds.status', 'in', VISIBLE_STATUSES)]));
}

export function findComponentsByAsins(db: Db, asins: string[]) {
  if (asins.length === 0) return Promise.resolve([]);
  return db.selectFrom('components').select(['id', 'build_id', 'asin', 'price_cents', 'availability']).where('asin', 'in', asins).execute();
}

/** The stored prices of the alternatives offering these ASINs (a refresh reports a change against them). */
export function findAlternativePricesByAsins(db: Db, asins: string[]) {
  if (asins.length === 0) return Promise.resolve([]);
  return db.selectFrom('alternatives').select(['alternative_asin as asin', 'alternative_price_cents as price_cents']).where('alternative_asin', 'in', asins).execute();
}

/** Builds holding a component with one of these ASINs, by id. */
export async function findBuildIdsWithAsins(db: Db, asins: string[]): Promise<number[]> {
  if (asins.length === 0) return [];
  const rows = await db.selectFrom('components').select('build_id').distinct().where('asin', 'in', asins).orderBy('build_id').execute();
  return rows.map((row) => row.build_id);
}

export interface ObservedValues {
  priceCents: number | null;
  availability: string;
  observedAt: string;
}

/**
 * Adds what Amazon said about one ASIN to its price history: the observation, and the day's row of the
 * per-day history (the components carrying the ASIN are written by the builds module).
 */
export async function recordObservation(db: Db, asin: string, observed: ObservedValues): Promise<void> {
  await db
    .insertInto('price_observations')
    .values({ asin, price_cents: observed.priceCents, availability: observed.availability, source: 'amazon', observed_at: observed.observedAt })
    .execute();
  // The day's row of the history follows the latest observation of that day, whichever process wrote it.
  await db
    .insertInto('price_days')
    .values({ asin, day: observed.observedAt.slice(0, 10), observed_at: observed.observedAt, price_cents: observed.priceCents })
    .onConflict((oc) =>
      oc
        .columns(['asin', 'day'])
        .doUpdateSet({ observed_at: observed.observedAt, price_cents: observed.priceCents })
        .where('price_days.observed_at', '<=', observed.observedAt),
    )
    .execute();
}

/**
 * The builds of each tier: A for the three most viewed public builds and those published since
 * `recentSince`, B for the other public builds (the rest, drafts and builds still to come, are C); as
 * queries the tier writes evaluate themselves.
 */
export async function findTierBuilds(db: Db, recentSince: string, now: string): Promise<TierBuilds> {
  const top = await db.selectFrom('builds').select('id').where(isPublicBuild(now)).orderBy('views', 'desc').orderBy('id').limit(3).execute();
  const topIds = top.length > 0 ? top.map((row) => row.id) : [-1];
  const published = db.selectFrom('builds').select('id').where(isPublicBuild(now));
  return { tierB: published, tierA: published.where((eb) => eb.or([eb('id', 'in', topIds), eb(publicPublishedAt(), '>=', recentSince)])) };
}

export async function tierStats(db: Db, staleBefore: string) {
  const rows = await db
    .selectFrom('components')
    .select((eb) => [
      sql<string>`coalesce(${eb.ref('tier')}, 'C')`.as('tier'),
      eb.fn.countAll().as('total'),
      eb.fn.count('asin').as('with_asin'),
      eb.fn.count('price_cents').as('with_price'),
      eb.fn
        .sum<number>(eb.case().when(eb.and([eb('price_cents', 'is not', null), eb.or([eb('price_updated_at', 'is', null), eb('price_updated_at', '<', staleBefore)])])).then(1).else(0).end())
        .as('stale'),
    ])
    .groupBy(sql`coalesce(${sql.ref('tier')}, 'C')`)
    .orderBy('tier')
    .execute();
  return rows.map((row) => ({
    tier: row.tier,
    total: Number(row.total),
    with_asin: Number(row.with_asin),
    with_price: Number(row.with_price),
    stale: Number(row.stale ?? 0),
  }));
}

/** Distinct ASINs with an Amazon observation, and those observed within the validity window. */
export async function observationStats(db: Db, validSince: string) {
  const row = await db
    .selectFrom('price_observations')
    .select((eb) => [
      eb.fn.count('asin').distinct().as('total_cached'),
      sql<number>`count(distinct case when ${eb.ref('observed_at')} >= ${validSince} then ${eb.ref('asin')} end)`.as('valid_cache'),
    ])
    .executeTakeFirstOrThrow();
  return { total_cached: Number(row.total_cached), valid_cache: Number(row.valid_cache) };
}

export interface DailyObservation {
  asin: string;
  observed_at: string;
  price_cents: number | null;
}

/**
 * The price history of these ASINs since `since` (ISO): one row per ASIN and UTC day, the day's latest
 * observation (table price_days), oldest first. Sorted here rather than by the database: ISO times
 * compare as plain strings, which PostgreSQL's collation-aware text sort does slowly.
 */
export async function listDailyObservations(db: Db, asins: readonly string[], since: string): Promise<DailyObservation[]> {
  if (asins.length === 0) return [];
  const rows = await db
    .selectFrom('price_days')
    .select(['asin', 'observed_at', 'price_cents'])
    .where('asin', 'in', [...asins])
    .where('day', '>=', since.slice(0, 10))
    .where('observed_at', '>=', since)
    .execute();
  const byTime = (a: DailyObservation, b: DailyObservation) => (a.observed_at < b.observed_at ? -1 : a.observed_at > b.observed_at ? 1 : a.asin < b.asin ? -1 : a.asin > b.asin ? 1 : 0);
  return rows.map((row) => ({ asin: row.asin, observed_at: row.observed_at, price_cents: row.price_cents === null ? null : Number(row.price_cents) })).sort(byTime);
}

/**
 * Makes price_days hold, for every ASIN and UTC day, the latest observation of price_observations (a
 * restore writes the observations only). Run in the caller's transaction. Migration 0006 backfills with the
 * same statement, in its own copy: a migration is frozen and never imports app code.
 */
export async function rebuildPriceDays(db: Db): Promise<void> {
  await db.deleteFrom('price_days').execute();
  await sql`
    INSERT INTO price_days (asin, day, observed_at, price_cents)
    SELECT asin, day, observed_at, price_cents FROM (
      SELECT asin, substr(observed_at, 1, 10) AS day, observed_at, price_cents,
        ROW_NUMBER() OVER (PARTITION BY asin, substr(observed_at, 1, 10) ORDER BY observed_at DESC, id DESC) AS day_rank
      FROM price_observations
    ) AS ranked
    WHERE day_rank = 1
  `.execute(db);
}

const streak = (name: keyof Database['retailer_access_streaks']) => sql.ref(`retailer_access_streaks.${name}`);

export interface AccessStreak {
  asin: string;
  firstDay: string;
  lastDay: string;
  days: number;
}

/**
 * Counts one ItemNotAccessible answer about `asin` on `day` (Europe/Rome): a new run starts at 1, a later
 * day adds 1, the same day (or an earlier one: a process whose answer arrived first but is written
 * last) changes nothing. One statement, so two processes writing the same day at once count it once.
 */
export async function recordNotAccessible(db: Db, answer: { asin: string; day: string; message: string; at: string }): Promise<AccessStreak> {
  const later = sql<boolean>`${streak('last_day')} < excluded.last_day`;
  const row = await db
    .insertInto('retailer_access_streaks')
    .values({ asin: answer.asin, first_day: answer.day, last_day: answer.day, days: 1, message: answer.message, updated_at: answer.at })
    .onConflict((oc) =>
      oc.column('asin').doUpdateSet({
        days: sql<number>`CASE WHEN ${later} THEN ${streak('days')} + 1 ELSE ${streak('days')} END`,
        last_day: sql<string>`CASE WHEN ${later} THEN excluded.last_day ELSE ${streak('last_day')} END`,
        message: sql<string>`excluded.message`,
        updated_at: sql<string>`excluded.updated_at`,
      }),
    )
    .returning(['asin', 'first_day', 'last_day', 'days'])
    .executeTakeFirstOrThrow();
  return { asin: row.asin, firstDay: row.first_day, lastDay: row.last_day, days: Number(row.days) };
}

/** Amazon showed these products again: their runs of ItemNotAccessible answers are over. */
export async function endAccessStreaks(db: Db, asins: string[]): Promise<void> {
  if (asins.length === 0) return;
  await db.deleteFrom('retailer_access_streaks').where('asin', 'in', asins).execute();
}

/** Which of these ASINs have a run of ItemNotAccessible answers. */
export async function findAccessStreakAsins(db: Db, asins: string[]): Promise<string[]> {
  if (asins.length === 0) return [];
  const rows = await db.selectFrom('retailer_access_streaks').select('asin').where('asin', 'in', asins).execute();
  return rows.map((row) => row.asin);
}
