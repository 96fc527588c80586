/** Queries for builds and their components. */
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { BuildRow, BuildUpdate, ComponentRow, ComponentUpdate, Database, NewBuildRow, NewComponentRow } from '../../db/schema';

type Db = Kysely<Database>;

/** What a list of builds shows of each (a card, a list API row): no article, no SEO fields. */
const SUMMARY_COLUMNS = ['id', 'slug', 'title', 'description', 'featured_image', 'category', 'budget_cents', 'views', 'published_at'] as const;

export interface BuildWithTotals extends Pick<BuildRow, (typeof SUMMARY_COLUMNS)[number]> {
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

/**
 * Builds' summary columns with the sum of their component prices and their component count. Correlated
 * subqueries rather than a join on every build's aggregate: with LIMIT only the listed builds' components
 * are summed (by the components_build_id_position index), whatever the size of the catalogue. The
 * article is left out: a page of cards would otherwise read every listed build's whole text.
 */
function selectBuildsWithTotals(db: Db) {
  return db
    .selectFrom('builds')
    .select(SUMMARY_COLUMNS.map((column) => `builds.${column}` as const))
    .select((eb) => [
      eb.selectFrom('components').select((sub) => sub.fn.sum<number>('components.price_cents').as('sum')).whereRef('components.build_id', '=', 'builds.id').as('total_cents'),
      eb.selectFrom('components').select((sub) => sub.fn.countAll<number>().as('count')).whereRef('components.build_id', '=', 'builds.id').as('component_count'),
    ]);
}

/** The published builds a filter keeps (q: title or description, case-insensitive). */
function publishedWhere(filter: Omit<PublishedFilter, 'limit' | 'offset'>) {
  return (eb: ExpressionBuilder<Database, 'builds'>) => {
    const conditions: Expression<SqlBool>[] = [eb('builds.status', '=', 'published')];
    if (filter.category) conditions.push(eb('builds.category', '=', filter.category));
    if (filter.minBudgetCents !== undefined) conditions.push(eb('builds.budget_cents', '>=', filter.minBudgetCents));
    if (filter.maxBudgetCents !== undefined) conditions.push(eb('builds.budget_cents', '<=', filter.maxBudgetCents));
    if (filter.q) {
      const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
      conditions.push(
        eb.or([
          sql<boolean>`lower(${eb.ref('builds.title')}) like ${pattern} escape '\\'`,
          sql<boolean>`lower(${eb.ref('builds.description')}) like ${pattern} escape '\\'`,
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/** Newest publication first; the id breaks ties, so pages never overlap or skip a build. */
export async function listPublishedBuilds(db: Db, filter: PublishedFilter): Promise<BuildWithTotals[]> {
  const rows = await selectBuildsWithTotals(db)
    .where(publishedWhere(filter))
    .orderBy('builds.published_at', 'desc')
    .orderBy('builds.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return rows.map(toTotals);
}

export async function countPublishedBuilds(db: Db, filter: Omit<PublishedFilter, 'limit' | 'offset'>): Promise<number> {
  const row = await db
    .selectFrom('builds')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where(publishedWhere(filter))
    .executeTakeFirstOrThrow();
  return Number(row.total);
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
