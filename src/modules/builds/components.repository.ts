/**
 * Every write to the components table, whoever asks: the editor's save and a revision's restore (this
 * module), a price refresh and the tiers (pricing), a smart replacement and its restore (replacements),
 * the other modules through the builds face (index.ts). Reads stay with the queries that need them.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ComponentUpdate, Database, NewComponentRow } from '../../db/tables';

type Db = Kysely<Database>;

export async function insertComponents(db: Db, values: NewComponentRow[]): Promise<void> {
  if (values.length > 0) await db.insertInto('components').values(values).execute();
}

export async function insertComponent(db: Db, values: NewComponentRow): Promise<number> {
  const row = await db.insertInto('components').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateComponent(db: Db, id: number, values: ComponentUpdate): Promise<void> {
  await db.updateTable('components').set(values).where('id', '=', id).execute();
}

export async function deleteComponents(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('components').where('id', 'in', ids).execute();
}

/** What the retailer said about one ASIN, as the components carrying it store it. */
export interface RetailerObservation {
  /** null: no price in the answer, the stored one stays. */
  priceCents: number | null;
  availability: string;
  observedAt: string;
  /** The product image Amazon links now; null or absent: the stored one stays. */
  imageUrl?: string | null;
}

/**
 * Writes what Amazon said about one ASIN to every component carrying it; a missing price keeps the old
 * one, and so does a missing image (the image link is refreshed with the price: Amazon's 24-hour rule).
 */
export async function applyRetailerObservation(db: Db, asin: string, observed: RetailerObservation): Promise<void> {
  await db
    .updateTable('components')
    .set({
      availability: observed.availability,
      availability_checked_at: observed.observedAt,
      updated_at: observed.observedAt,
      ...(observed.priceCents === null ? {} : { price_cents: observed.priceCents, price_source: 'amazon', price_updated_at: observed.observedAt }),
      ...(observed.imageUrl ? { image_url: observed.imageUrl, image_checked_at: observed.observedAt } : {}),
    })
    .where('asin', '=', asin)
    .execute();
}

/** A query for build ids, evaluated inside the write that uses it (one statement, whatever the catalogue size). */
export type BuildIdQuery = SelectQueryBuilder<Database, 'builds', { id: number }>;

/** Which builds' components get which refresh tier; the components of every other build get C. */
export interface TierBuilds {
  /** Their components get B, unless their build is also in tierA. */
  tierB: BuildIdQuery;
  tierA: BuildIdQuery;
}

/** Gives every component the tier of its build. Returns how many components got a tier (all of them). */
export async function writeTiers(db: Db, builds: TierBuilds): Promise<number> {
  const b = await db.updateTable('components').set({ tier: 'B' }).where('build_id', 'in', builds.tierB).executeTakeFirst();
  const c = await db.updateTable('components').set({ tier: 'C' }).where('build_id', 'not in', builds.tierB).executeTakeFirst();
  await db.updateTable('components').set({ tier: 'A' }).where('build_id', 'in', builds.tierA).execute();
  return Number(b.numUpdatedRows) + Number(c.numUpdatedRows);
}
