/** Queries for prices, availability, tiers and price history. */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type Tier = 'A' | 'B' | 'C';

export async function listAsinsOfBuild(db: Db, buildId: number): Promise<string[]> {
  const rows = await db.selectFrom('components').select('asin').distinct().where('build_id', '=', buildId).where('asin', 'is not', null).orderBy('asin').execute();
  return rows.map((row) => row.asin!);
}

/** Tier C also holds components never given a tier. */
export async function listAsinsOfTier(db: Db, tier: Tier): Promise<string[]> {
  let query = db.selectFrom('components').select('asin').distinct().where('asin', 'is not', null);
  query = tier === 'C' ? query.where((eb) => eb.or([eb('tier', '=', 'C'), eb('tier', 'is', null)])) : query.where('tier', '=', tier);
  const rows = await query.orderBy('asin').execute();
  return rows.map((row) => row.asin!);
}

export function findComponentsByAsins(db: Db, asins: string[]) {
  if (asins.length === 0) return Promise.resolve([]);
  return db.selectFrom('components').select(['id', 'build_id', 'asin', 'price_cents', 'availability']).where('asin', 'in', asins).execute();
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

/** Writes what Amazon said about one ASIN to every component carrying it; a missing price keeps the old one. */
export async function applyObservation(db: Db, asin: string, observed: ObservedValues): Promise<void> {
  await db
    .updateTable('components')
    .set({
      availability: observed.availability,
      availability_checked_at: observed.observedAt,
      updated_at: observed.observedAt,
      ...(observed.priceCents === null ? {} : { price_cents: observed.priceCents, price_source: 'amazon', price_updated_at: observed.observedAt }),
    })
    .where('asin', '=', asin)
    .execute();
  await db
    .insertInto('price_observations')
    .values({ asin, price_cents: observed.priceCents, availability: observed.availability, source: 'amazon', observed_at: observed.observedAt })
    .execute();
}

/**
 * Tiers: A for components of the three most viewed published builds and of builds published in the
 * last 30 days, B for the other published builds, C for drafts. Returns how many components got a tier.
 */
export async function assignTiers(db: Db, recentSince: string): Promise<number> {
  const top = await db.selectFrom('builds').select('id').where('status', '=', 'published').orderBy('views', 'desc').orderBy('id').limit(3).execute();
  const topIds = top.length > 0 ? top.map((row) => row.id) : [-1];
  const published = db.selectFrom('builds').select('id').where('status', '=', 'published');
  // Every component gets B (published) or C (draft); then A overrides B for the builds that matter most.
  const b = await db.updateTable('components').set({ tier: 'B' }).where('build_id', 'in', published).executeTakeFirst();
  const c = await db.updateTable('components').set({ tier: 'C' }).where('build_id', 'not in', published).executeTakeFirst();
  await db
    .updateTable('components')
    .set({ tier: 'A' })
    .where('build_id', 'in', published.where((eb) => eb.or([eb('id', 'in', topIds), eb('published_at', '>=', recentSince)])))
    .execute();
  return Number(b.numUpdatedRows) + Number(c.numUpdatedRows);
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
