/** Queries for smart replacement and replacement records. */
import { sql, type Insertable, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { isPublicBuild } from '../../db/public-builds';
import type { ComponentRow, Database, ReplacementsTable } from '../../db/tables';

type Db = Kysely<Database>;

export type ReplacementRow = Selectable<ReplacementsTable>;
export type NewReplacementRow = Insertable<ReplacementsTable>;

/** The query's newest row by `column`; of rows written at the same instant, the one inserted last. */
function takeNewest<TB extends keyof Database, O>(query: SelectQueryBuilder<Database, TB, O>, column: Extract<keyof Database[TB], string>) {
  return query.orderBy(sql.ref(column), 'desc').orderBy(sql.ref('id'), 'desc').limit(1).executeTakeFirst();
}

export function findComponentById(db: Db, id: number): Promise<ComponentRow | undefined> {
  return db.selectFrom('components').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Components of a build that carry an ASIN, in list order. */
export function listComponentsWithAsin(db: Db, buildId: number): Promise<ComponentRow[]> {
  return db
    .selectFrom('components')
    .selectAll()
    .where('build_id', '=', buildId)
    .where('asin', 'is not', null)
    .where('asin', '!=', '')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** What the compatibility checks read of every component of a build (with or without an ASIN). */
export function listComponentFacts(db: Db, buildId: number) {
  return db
    .selectFrom('components')
    .select(['id', 'type', 'name', 'brand', 'model', 'specs', 'attribute_overrides'])
    .where('build_id', '=', buildId)
    .execute();
}

/** Open (not restored) records, newest first. */
function selectOpen(db: Db) {
  return db.selectFrom('replacements').selectAll().where('restored_at', 'is', null).orderBy('created_at', 'desc').orderBy('id', 'desc');
}

/** Open records of these substitute components, newest first. */
export function findOpenByComponentIds(db: Db, componentIds: number[]): Promise<ReplacementRow[]> {
  if (componentIds.length === 0) return Promise.resolve([]);
  return selectOpen(db).where('component_id', 'in', componentIds).execute();
}

export function findOpenByComponentId(db: Db, componentId: number): Promise<ReplacementRow | undefined> {
  return selectOpen(db).where('component_id', '=', componentId).executeTakeFirst();
}

export async function insertReplacement(db: Db, values: NewReplacementRow): Promise<number> {
  const row = await db.insertInto('replacements').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReplacementReason(db: Db, id: number, reason: string): Promise<void> {
  await db.updateTable('replacements').set({ replacement_reason: reason }).where('id', '=', id).execute();
}

export function findReplacementById(db: Db, id: number): Promise<ReplacementRow | undefined> {
  return db.selectFrom('replacements').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Closes an open record; false when there is none or it is already closed. One conditional statement,
 * so two concurrent restores of the same record cannot both win (the loser sees 0 rows).
 */
export async function closeReplacement(db: Db, id: number, restoredAt: string): Promise<boolean> {
  const result = await db.updateTable('replacements').set({ restored_at: restoredAt }).where('id', '=', id).where('restored_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Closes the build's open records whose substitute is no longer in it: the component is gone (null) or
 * is not a substitute any more (is_replaced = 0).
 */
export async function closeRecordsWithoutSubstitute(db: Db, buildId: number, closedAt: string): Promise<void> {
  const substitutes = db.selectFrom('components').select('id').where('build_id', '=', buildId).where('is_replaced', '=', 1);
  await db
    .updateTable('replacements')
    .set({ restored_at: closedAt })
    .where('build_id', '=', buildId)
    .where('restored_at', 'is', null)
    .where((eb) => eb.or([eb('component_id', 'is', null), eb('component_id', 'not in', substitutes)]))
    .execute();
}

/** The build's substitutes (is_replaced = 1) without an open record. */
export async function findSubstitutesWithoutOpenRecord(db: Db, buildId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('components')
    .select('id')
    .where('build_id', '=', buildId)
    .where('is_replaced', '=', 1)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('replacements').select('replacements.id').whereRef('replacements.component_id', '=', 'components.id').where('replacements.restored_at', 'is', null))))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The newest record of this component of the build created at or before `at` (open or closed). */
export function findLatestRecordOf(db: Db, buildId: number, componentId: number, at: string): Promise<ReplacementRow | undefined> {
  const records = db.selectFrom('replacements').selectAll().where('build_id', '=', buildId).where('component_id', '=', componentId).where('created_at', '<=', at);
  return takeNewest(records, 'created_at');
}

/** Opens a closed record again (its substitute is back in the build). */
export async function reopenReplacement(db: Db, id: number): Promise<void> {
  await db.updateTable('replacements').set({ restored_at: null }).where('id', '=', id).execute();
}

/** Open records with their build's title and the substitute component's current fields, newest first. */
export function listOpenReplacements(db: Db) {
  return db
    .selectFrom('replacements')
    .innerJoin('builds', 'builds.id', 'replacements.build_id')
    .leftJoin('components', 'components.id', 'replacements.component_id')
    .selectAll('replacements')
    .select([
      'builds.title as build_title',
      'components.id as substitute_id',
      'components.name as substitute_name',
      'components.price_cents as substitute_price_cents',
      'components.asin as substitute_asin',
      'components.type as substitute_type',
      'components.amazon_link as substitute_link',
    ])
    .where('replacements.restored_at', 'is', null)
    .orderBy('replacements.created_at', 'desc')
    .orderBy('replacements.id', 'desc')
    .execute();
}

/** Published builds with a component carrying one of these ASINs. */
export async function findPublishedBuildIdsWithAsins(db: Db, asins: string[], now: string): Promise<number[]> {
  if (asins.length === 0) return [];
  const rows = await db
    .selectFrom('components')
    .innerJoin('builds', 'builds.id', 'components.build_id')
    .select('builds.id')
    .distinct()
    .where(isPublicBuild(now))
    .where('components.asin', 'in', asins)
    .orderBy('builds.id')
    .execute();
  return rows.map((row) => row.id);
}

/** The latest Amazon observation of this ASIN at this price (to date a restored price honestly). */
export function findLatestObservationAtPrice(db: Db, asin: string, priceCents: number) {
  return takeNewest(db.selectFrom('price_observations').select(['observed_at']).where('asin', '=', asin).where('price_cents', '=', priceCents), 'observed_at');
}
