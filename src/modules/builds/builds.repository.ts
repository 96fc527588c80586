/** Queries for builds and reads of their components (components.repository.ts writes them). */
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { type PublicPart, publicParts, publicPublishedAt, SCHEDULED_STATUS } from '../../db/public-builds';
import type { BuildRow, BuildUpdate, ComponentRow, Database, NewBuildRow } from '../../db/tables';

type Db = Kysely<Database>;

/** What a list of builds shows of each (a card, a list API row): no article, no SEO fields; and published_at (below). */
const SUMMARY_COLUMNS = ['id', 'slug', 'title', 'description', 'featured_image', 'category', 'budget_cents', 'views'] as const;

export interface BuildWithTotals extends Pick<BuildRow, (typeof SUMMARY_COLUMNS)[number] | 'published_at'> {
  total_cents: number;
  component_count: number;
}

export interface PublishedFilter {
  /** ISO-8601 UTC: scheduled builds due by then count as published (db/public-builds.ts). */
  now: string;
  category?: string;
  minBudgetCents?: number;
  maxBudgetCents?: number;
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
    .select(publicPublishedAt().as('published_at'))
    .select((eb) => [
      eb.selectFrom('components').select((sub) => sub.fn.sum<number>('components.price_cents').as('sum')).whereRef('components.build_id', '=', 'builds.id').as('total_cents'),
      eb.selectFrom('components').select((sub) => sub.fn.countAll<number>().as('count')).whereRef('components.build_id', '=', 'builds.id').as('component_count'),
    ]);
}

type CatalogueFilter = Omit<PublishedFilter, 'limit' | 'offset'>;

/** What a filter keeps besides publication: category and budget (a text search is the search module's, decision 033). */
function filterWhere(filter: CatalogueFilter) {
  return (eb: ExpressionBuilder<Database, 'builds'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.category) conditions.push(eb('builds.category', '=', filter.category));
    if (filter.minBudgetCents !== undefined) conditions.push(eb('builds.budget_cents', '>=', filter.minBudgetCents));
    if (filter.maxBudgetCents !== undefined) conditions.push(eb('builds.budget_cents', '<=', filter.maxBudgetCents));
    return eb.and(conditions);
  };
}

/**
 * The ids of one page of the public builds a filter keeps, newest publication first (the id breaks ties,
 * so pages never overlap or skip a build). Decision 034: each of the two parts of the public builds
 * (db/public-builds.ts, publicParts) is read in publication order from its index and cut at
 * offset + limit, so a page reads about offset + limit index entries and no build row, instead of
 * sorting every public build of the catalogue; the cut parts are then merged.
 */
function publicPageIds(db: Db, filter: PublishedFilter) {
  const window = filter.offset + filter.limit;
  const cut = (part: PublicPart) =>
    db
      .selectFrom(
        db
          .selectFrom('builds')
          .select(['builds.id', part.publishedAt.as('sort_at')])
          .where(part.where)
          .where(filterWhere(filter))
          .orderBy(part.publishedAt, 'desc')
          .orderBy('builds.id', 'desc')
          .limit(window)
          .as('part'),
      )
      .selectAll();
  const [published, dueScheduled] = publicParts(filter.now);
  return db
    .selectFrom(cut(published).unionAll(cut(dueScheduled)).as('public_part'))
    .select('public_part.id')
    .orderBy('public_part.sort_at', 'desc')
    .orderBy('public_part.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset);
}

/** Newest publication first; the id breaks ties, so pages never overlap or skip a build. Totals only for the page's builds. */
export async function listPublishedBuilds(db: Db, filter: PublishedFilter): Promise<BuildWithTotals[]> {
  const rows = await selectBuildsWithTotals(db)
    .where('builds.id', 'in', publicPageIds(db, filter))
    .orderBy(publicPublishedAt(), 'desc')
    .orderBy('builds.id', 'desc')
    .execute();
  return rows.map(toTotals);
}

/** How many public builds the filter keeps: the two parts counted apart, each from its index's entries. */
export async function countPublishedBuilds(db: Db, filter: CatalogueFilter): Promise<number> {
  const count = (part: PublicPart) =>
    db
      .selectFrom('builds')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(part.where)
      .where(filterWhere(filter));
  const [published, dueScheduled] = publicParts(filter.now);
  const row = await db.selectNoFrom(sql<number | string>`(${count(published)}) + (${count(dueScheduled)})`.as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The cards of these builds, in no particular order (the site search's page of results: the search
 * module ranked the ids, only they are read).
 */
export async function listBuildsWithTotalsByIds(db: Db, ids: readonly number[]): Promise<BuildWithTotals[]> {
  if (ids.length === 0) return [];
  const rows = await selectBuildsWithTotals(db).where('builds.id', 'in', ids).execute();
  return rows.map(toTotals);
}

export async function findBuildBySlug(db: Db, slug: string): Promise<BuildRow | undefined> {
  return db.selectFrom('builds').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** The builds of these slugs (any that exist, in no particular order). */
export async function findBuildsBySlugs(db: Db, slugs: readonly string[]): Promise<BuildRow[]> {
  if (slugs.length === 0) return [];
  return db.selectFrom('builds').selectAll().where('slug', 'in', [...slugs]).execute();
}

export async function findBuildById(db: Db, id: number): Promise<BuildRow | undefined> {
  return db.selectFrom('builds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every build, newest first, with how many revisions it has (the delete's confirmation names them). */
export async function listAllBuilds(db: Db): Promise<(BuildRow & { revision_count: number })[]> {
  const rows = await db
    .selectFrom('builds')
    .selectAll('builds')
    .select((eb) =>
      eb.selectFrom('build_revisions').select((sub) => sub.fn.countAll<number | string>().as('n')).whereRef('build_revisions.build_id', '=', 'builds.id').as('revision_count'),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, revision_count: Number(row.revision_count ?? 0) }));
}

export function listComponents(db: Db, buildId: number): Promise<ComponentRow[]> {
  return db.selectFrom('components').selectAll().where('build_id', '=', buildId).orderBy('position').orderBy('id').execute();
}

export interface ComponentWithLowest extends ComponentRow {
  /** Lowest price observed for the component's ASIN since the given time; null without any. */
  lowest_price_cents: number | null;
}

/**
 * The build's components, each with the lowest price observed for its ASIN since `since` (ISO), in one
 * query: a correlated MIN per component, answered from the (asin, observed_at, price_cents) index
 * without reading the history table.
 */
export async function listComponentsWithLowestPrice(db: Db, buildId: number, since: string): Promise<ComponentWithLowest[]> {
  return listComponentsWithLowestPriceOfBuilds(db, [buildId], since);
}

/** The components of these builds with their lowest price since `since`, in one query: by build, then in the editor's order. */
export async function listComponentsWithLowestPriceOfBuilds(db: Db, buildIds: readonly number[], since: string): Promise<ComponentWithLowest[]> {
  if (buildIds.length === 0) return [];
  const rows = await db
    .selectFrom('components')
    .selectAll('components')
    .select((eb) =>
      eb
        .selectFrom('price_observations')
        .select((sub) => sub.fn.min<number | null>('price_observations.price_cents').as('lowest'))
        .whereRef('price_observations.asin', '=', 'components.asin')
        .where('price_observations.observed_at', '>=', since)
        .as('lowest_price_cents'),
    )
    .where('components.build_id', 'in', [...buildIds])
    .orderBy('components.build_id')
    .orderBy('components.position')
    .orderBy('components.id')
    .execute();
  return rows.map((row) => ({ ...row, lowest_price_cents: row.lowest_price_cents === null ? null : Number(row.lowest_price_cents) }));
}

/** The lowest price observed for each of these ASINs since `since` (ISO); ASINs without observations are absent. */
export async function lowestPricesOf(db: Db, asins: readonly string[], since: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('price_observations')
    .select((eb) => ['asin', eb.fn.min<number | string | null>('price_cents').as('lowest')])
    .where('asin', 'in', [...asins])
    .where('observed_at', '>=', since)
    .groupBy('asin')
    .execute();
  return new Map(rows.flatMap((row) => (row.lowest === null ? [] : [[row.asin, Number(row.lowest)] as const])));
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

/** Deletes the build with its components and revisions (cascades); its analytics rows are only detached (SET NULL). */
export async function deleteBuild(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('builds').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function getBuildStats(db: Db) {
  const row = await db
    .selectFrom('builds')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'published').then(1).else(0).end()).as('published'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'draft').then(1).else(0).end()).as('drafts'),
      eb.fn.sum<number>(eb.case().when('status', '=', SCHEDULED_STATUS).then(1).else(0).end()).as('scheduled'),
      eb.fn.sum<number>('views').as('totalViews'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total ?? 0),
    published: Number(row.published ?? 0),
    drafts: Number(row.drafts ?? 0),
    scheduled: Number(row.scheduled ?? 0),
    totalViews: Number(row.totalViews ?? 0),
  };
}

/**
 * Stores the due scheduled builds as published, with their `publish_at` as `published_at` unless they were
 * published before (published_at is set the first time and kept, api-contract.md). One UPDATE:
 * rows are claimed by its WHERE, so two instances running it at once flip each build exactly once (the
 * second finds the status changed). Returns the ids flipped.
 */
export async function publishDueScheduled(db: Db, now: string): Promise<number[]> {
  const rows = await db
    .updateTable('builds')
    // A new version (updated_at), so an editor form loaded while it was scheduled cannot save over the
    // publication unnoticed (decision 006). `now` is after the last save: that save required a later publish_at.
    .set((eb) => ({ status: 'published', published_at: eb.fn.coalesce('published_at', 'publish_at'), publish_at: null, updated_at: now }))
    .where('status', '=', SCHEDULED_STATUS)
    .where('publish_at', '<=', now)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Whether a scheduled build is due at `now` (a cheap check before taking the publishing lease). */
export async function hasDueScheduled(db: Db, now: string): Promise<boolean> {
  const row = await db.selectFrom('builds').select('id').where('status', '=', SCHEDULED_STATUS).where('publish_at', '<=', now).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The earliest `publish_at` still to come after `now` (ISO), or null when nothing is scheduled later. */
export async function findNextPublishAt(db: Db, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('builds')
    .select((eb) => eb.fn.min<string | null>('publish_at').as('next'))
    .where('status', '=', SCHEDULED_STATUS)
    .where('publish_at', '>', now)
    .executeTakeFirst();
  return row?.next ?? null;
}
