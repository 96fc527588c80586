/** Queries for builds and their components. */
import { type Kysely, sql } from 'kysely';
import type { BuildRow, BuildUpdate, ComponentRow, ComponentUpdate, Database, NewBuildRow, NewComponentRow } from '../../db/schema';

type Db = Kysely<Database>;

export interface BuildWithTotals extends BuildRow {
  total_cents: number;
  component_count: number;
}

export interface PublishedFilter {
  category?: string;
  minBudgetCents?: number;
  maxBudgetCents?: number;
  q?: string;
  limit: number;
  offset: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function toTotals<T extends { total_cents: unknown; component_count: unknown }>(row: T) {
  return { ...row, total_cents: Number(row.total_cents ?? 0), component_count: Number(row.component_count ?? 0) };
}

/** Builds with the sum of their component prices and their component count. */
function selectBuildsWithTotals(db: Db) {
  const totals = db
    .selectFrom('components')
    .select((eb) => ['build_id', eb.fn.sum<number>('price_cents').as('total_cents'), eb.fn.countAll<number>().as('component_count')])
    .groupBy('build_id')
    .as('totals');
  return db
    .selectFrom('builds')
    .leftJoin(totals, 'totals.build_id', 'builds.id')
    .selectAll('builds')
    .select(['totals.total_cents', 'totals.component_count']);
}

export async function listPublishedBuilds(db: Db, filter: PublishedFilter): Promise<BuildWithTotals[]> {
  let query = selectBuildsWithTotals(db).where('builds.status', '=', 'published');
  if (filter.category) query = query.where('builds.category', '=', filter.category);
  if (filter.minBudgetCents !== undefined) query = query.where('builds.budget_cents', '>=', filter.minBudgetCents);
  if (filter.maxBudgetCents !== undefined) query = query.where('builds.budget_cents', '<=', filter.maxBudgetCents);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('builds.title')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('builds.description')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const rows = await query
    .orderBy('builds.published_at', 'desc')
    .orderBy('builds.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return rows.map(toTotals);
}

export async function findBuildBySlug(db: Db, slug: string): Promise<BuildRow | undefined> {
  return db.selectFrom('builds').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function findBuildById(db: Db, id: number): Promise<BuildRow | undefined> {
  return db.selectFrom('builds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAllBuilds(db: Db): Promise<BuildRow[]> {
  return db.selectFrom('builds').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function listComponents(db: Db, buildId: number): Promise<ComponentRow[]> {
  return db.selectFrom('components').selectAll().where('build_id', '=', buildId).orderBy('position').orderBy('id').execute();
}

/** Slugs equal to `base` or of the form `base-N`, to pick the next free suffix. */
export async function findSlugsLike(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('builds')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${escapeLike(base)}-%`)]))
    .execute();
  return rows.map((row) => row.slug);
}

export async function insertBuild(db: Db, values: NewBuildRow): Promise<number> {
  const row = await db.insertInto('builds').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes the build's row lock for the rest of the transaction with an UPDATE that changes nothing:
 * every writer of the build queues here (PostgreSQL row lock; on SQLite the write lock), so what the
 * caller reads next stays current until it commits. With `expectedUpdatedAt`, only a row still at that
 * version is locked: under PostgreSQL's READ COMMITTED the condition is checked again on the row a
 * concurrent writer committed, so two saves of the same version cannot both pass. Returns whether a row
 * was locked.
 */
export async function lockBuild(db: Db, id: number, expectedUpdatedAt?: string): Promise<boolean> {
  let query = db
    .updateTable('builds')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id);
  if (expectedUpdatedAt !== undefined) query = query.where('updated_at', '=', expectedUpdatedAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updateBuild(db: Db, id: number, values: BuildUpdate): Promise<void> {
  await db.updateTable('builds').set(values).where('id', '=', id).execute();
}

export async function deleteBuild(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('builds').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertComponents(db: Db, values: NewComponentRow[]): Promise<void> {
  if (values.length > 0) await db.insertInto('components').values(values).execute();
}

export async function updateComponent(db: Db, id: number, values: ComponentUpdate): Promise<void> {
  await db.updateTable('components').set(values).where('id', '=', id).execute();
}

export async function deleteComponents(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('components').where('id', 'in', ids).execute();
}

/** Adds one view to a published build; false when there is no such published build. */
export async function incrementPublishedViews(db: Db, slug: string): Promise<boolean> {
  const result = await db
    .updateTable('builds')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function getBuildStats(db: Db) {
  const row = await db
    .selectFrom('builds')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'published').then(1).else(0).end()).as('published'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'draft').then(1).else(0).end()).as('drafts'),
      eb.fn.sum<number>('views').as('totalViews'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total ?? 0),
    published: Number(row.published ?? 0),
    drafts: Number(row.drafts ?? 0),
    totalViews: Number(row.totalViews ?? 0),
  };
}
