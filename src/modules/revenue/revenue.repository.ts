/**
 * Queries of the affiliate earnings (migration 0027, decision 045). The figures of a day are those of the
 * import that owns it (`revenue_day_owners`): every read joins through it, so an older import of the same
 * days is never summed. The catalogue reads (builds' tags, components, our click counts) only read the
 * tables of the builds and of the analytics, at import time, to attribute.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/build-search-index';
import { isPublicBuild } from '../../db/public-builds';
import type { Database, RevenueImportRow, RevenueSharesTable } from '../../db/tables';
import type { ReportRow } from './earnings-report';
import type { ReportField } from './revenue.schema';

type Db = Kysely<Database>;

/** pg returns SUM and COUNT of integers as strings; SQLite as numbers; an empty SUM is NULL on both. */
const toNumber = (value: unknown) => Number(value ?? 0);
/** Rows per INSERT: well under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const CHUNK = 400;
/** Values per IN (…) list. */
const IN_CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

// --- imports ---

const REVENUE_LOCK = 450_045;
/**
 * Imports and undos, one at a time on PostgreSQL (a transaction-scoped lock); SQLite's writers already are
 * (BEGIN IMMEDIATE). Two uploads of one report at once then store it once: the second sees the first.
 */
export async function lockRevenue(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${REVENUE_LOCK})`.execute(trx);
}

/** A stored import as its table holds it. */
export type ImportRow = RevenueImportRow;

export async function findImportByHash(db: Db, hash: string): Promise<ImportRow | undefined> {
  return db.selectFrom('revenue_imports').selectAll().where('content_hash', '=', hash).executeTakeFirst();
}

export async function findImport(db: Db, id: number): Promise<ImportRow | undefined> {
  return db.selectFrom('revenue_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertImport(trx: Db, values: Omit<ImportRow, 'id'>): Promise<ImportRow> {
  return trx.insertInto('revenue_imports').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Inserts the rows of an import; returns their ids in the order given. */
export async function insertRows(trx: Db, importId: number, rows: readonly ReportRow[]): Promise<number[]> {
  for (const chunk of chunks(rows, CHUNK)) {
    await trx
      .insertInto('revenue_rows')
      .values(
        chunk.map((row) => ({
          import_id: importId,
          day: row.day,
          tracking_id: row.trackingId,
          asin: row.asin,
          device: row.device,
          direct: row.direct,
          name: row.name,
          category: row.category,
          seller: row.seller,
          items_shipped: row.itemsShipped,
          returns: row.returns,
          revenue_cents: row.revenueCents,
          fees_cents: row.feesCents,
        })),
      )
      .execute();
  }
  const stored = await trx.selectFrom('revenue_rows').select(['id', 'day', 'tracking_id', 'asin', 'device', 'direct']).where('import_id', '=', importId).execute();
  const idOf = new Map(stored.map((row) => [[row.day, row.tracking_id, row.asin, row.device, row.direct].join('\u0000'), row.id]));
  return rows.map((row) => idOf.get([row.day, row.trackingId, row.asin, row.device, row.direct].join('\u0000'))!);
}

export type ShareInsert = Omit<RevenueSharesTable, 'id'>;

export async function insertShares(trx: Db, shares: readonly ShareInsert[]): Promise<void> {
  for (const chunk of chunks(shares, CHUNK)) await trx.insertInto('revenue_shares').values(chunk).execute();
}

/** Deletes an import and everything of it (its days are then given to the imports left: recomputeOwners). */
export async function deleteImport(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('revenue_day_owners').where('import_id', '=', id).execute();
  await trx.deleteFrom('revenue_shares').where('import_id', '=', id).execute();
  await trx.deleteFrom('revenue_rows').where('import_id', '=', id).execute();
  await trx.deleteFrom('revenue_imports').where('id', '=', id).execute();
}

/** The imports whose period meets [from, to]. */
export async function listImportsMeeting(trx: Db, from: string, to: string): Promise<{ id: number; period_from: string; period_to: string }[]> {
  return trx.selectFrom('revenue_imports').select(['id', 'period_from', 'period_to']).where('period_from', '<=', to).where('period_to', '>=', from).execute();
}

export async function listOwners(trx: Db, from: string, to: string): Promise<{ day: string; import_id: number }[]> {
  return trx.selectFrom('revenue_day_owners').select(['day', 'import_id']).where('day', '>=', from).where('day', '<=', to).execute();
}

/** Replaces the owners of the days from `from` to `to` with `owners`. */
export async function replaceOwners(trx: Db, from: string, to: string, owners: readonly { day: string; import_id: number }[]): Promise<void> {
  await trx.deleteFrom('revenue_day_owners').where('day', '>=', from).where('day', '<=', to).execute();
  for (const chunk of chunks(owners, CHUNK)) await trx.insertInto('revenue_day_owners').values(chunk).execute();
}

export interface ImportListRow extends ImportRow {
  days_in_use: number;
}

export async function listImports(db: Db): Promise<ImportListRow[]> {
  const rows = await db
    .selectFrom('revenue_imports as i')
    .leftJoin('revenue_day_owners as o', 'o.import_id', 'i.id')
    .select((eb) => [
      'i.id',
      'i.file_name',
      'i.content_hash',
      'i.period_from',
      'i.period_to',
      'i.row_count',
      'i.line_count',
      'i.fees_cents',
      'i.imported_by',
      'i.imported_at',
      eb.fn.count<string | number>('o.day').as('days_in_use'),
    ])
    .groupBy(['i.id', 'i.file_name', 'i.content_hash', 'i.period_from', 'i.period_to', 'i.row_count', 'i.line_count', 'i.fees_cents', 'i.imported_by', 'i.imported_at'])
    .orderBy('i.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, days_in_use: toNumber(row.days_in_use) }));
}

// --- header mappings ---

export async function listHeaderMappings(db: Db): Promise<Map<string, ReportField>> {
  const rows = await db.selectFrom('revenue_header_mappings').select(['header', 'field']).execute();
  return new Map(rows.map((row) => [row.header, row.field as ReportField]));
}

export async function rememberHeaderMappings(trx: Db, mapped: Record<string, ReportField>, now: string): Promise<void> {
  for (const [header, field] of Object.entries(mapped)) {
    await trx
      .insertInto('revenue_header_mappings')
      .values({ header: header.slice(0, 200), field, updated_at: now })
      .onConflict((oc) => oc.column('header').doUpdateSet({ field, updated_at: now }))
      .execute();
  }
}

// --- the catalogue, for the attribution ---

export async function listBuildTags(db: Db, now: string): Promise<{ id: number; affiliate_tag: string | null; live: boolean }[]> {
  const rows = await db
    .selectFrom('builds')
    .select((eb) => ['id', 'affiliate_tag', eb.case().when(isPublicBuild(now)).then(1).else(0).end().as('live')])
    .execute();
  return rows.map((row) => ({ id: row.id, affiliate_tag: row.affiliate_tag, live: Number(row.live) === 1 }));
}

/** Builds holding each ASIN: as a component, or as a product their visitors clicked (a swapped part's alternative). */
export async function listHolders(db: Db, asins: readonly string[]): Promise<{ build_id: number; asin: string }[]> {
  const out: { build_id: number; asin: string }[] = [];
  for (const chunk of chunks(asins, IN_CHUNK)) {
    const components = await db.selectFrom('components').select(['build_id', 'asin']).where('asin', 'in', chunk).distinct().execute();
    for (const row of components) if (row.asin) out.push({ build_id: row.build_id, asin: row.asin });
    const clicked = await db
      .selectFrom('component_daily_clicks')
      .select(['build_id', 'product'])
      .where('product', 'in', chunk)
      .where('build_id', 'is not', null)
      .distinct()
      .execute();
    for (const row of clicked) out.push({ build_id: row.build_id!, asin: row.product! });
  }
  return out;
}

/** Our clicks per build, product and day, for `asins` from `from` to `to`. */
export async function listClicks(db: Db, asins: readonly string[], from: string, to: string): Promise<{ build_id: number; product: string; day: string; clicks: number }[]> {
  const out: { build_id: number; product: string; day: string; clicks: number }[] = [];
  for (const chunk of chunks(asins, IN_CHUNK)) {
    const rows = await db
      .selectFrom('component_daily_clicks')
      .select((eb) => ['build_id', 'product', 'day', eb.fn.sum<string | number>('clicks').as('clicks')])
      .where('product', 'in', chunk)
      .where('build_id', 'is not', null)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(['build_id', 'product', 'day'])
      .execute();
    for (const row of rows) out.push({ build_id: row.build_id!, product: row.product!, day: row.day, clicks: toNumber(row.clicks) });
  }
  return out;
}

// --- reading the figures (always through the days' owners) ---

export interface Figures {
  fees: number;
  items: number;
  returns: number;
  revenue: number;
}

/** The four summed figures of a report's rows (`r`) or of the shares (`s`), named as `Figures` reads them. */
function summedFigures(alias: 'r' | 's') {
  const sum = (column: string) => sql<string | number | null>`sum(${sql.ref(`${alias}.${column}`)})`;
  return [sum('fees_cents').as('fees'), sum('items_shipped').as('items'), sum('returns').as('returns'), sum('revenue_cents').as('revenue')];
}

/** A row of `summedFigures` as numbers (a driver may answer sums as text; no row, zeros). */
function figuresOf(row: { fees: string | number | null; items: string | number | null; returns: string | number | null; revenue: string | number | null } | undefined): Figures {
  return { fees: toNumber(row?.fees), items: toNumber(row?.items), returns: toNumber(row?.returns), revenue: toNumber(row?.revenue) };
}

export async function sumTotal(db: Db, from: string, to: string): Promise<Figures> {
  const row = await db
    .selectFrom('revenue_rows as r')
    .innerJoin('revenue_day_owners as o', (join) => join.onRef('o.day', '=', 'r.day').onRef('o.import_id', '=', 'r.import_id'))
    .select(summedFigures('r'))
    .where('r.day', '>=', from)
    .where('r.day', '<=', to)
    .executeTakeFirst();
  return figuresOf(row);
}

export interface BuildShareSum extends Figures {
  buildId: number | null;
  method: string;
}

/** The shares over the window by build (null: not attributed) and method. `buildId` narrows to one build. */
export async function sumShares(db: Db, from: string, to: string, buildId?: number): Promise<BuildShareSum[]> {
  let query = db
    .selectFrom('revenue_shares as s')
    .innerJoin('revenue_day_owners as o', (join) => join.onRef('o.day', '=', 's.day').onRef('o.import_id', '=', 's.import_id'))
    .select(['s.build_id', 's.method', ...summedFigures('s')])
    .where('s.day', '>=', from)
    .where('s.day', '<=', to);
  if (buildId !== undefined) query = query.where('s.build_id', '=', buildId);
  const rows = await query.groupBy(['s.build_id', 's.method']).execute();
  return rows.map((row) => ({ buildId: row.build_id, method: row.method, ...figuresOf(row) }));
}

export interface ProductSum extends Figures {
  asin: string;
  name: string;
  trackingId: string;
}

/**
 * Products by commissions over the window (`limit` of them): of every sale, of one build's shares
 * (`buildId`), or of the sales no build explains (`buildId` null, with their tracking ID).
 */
export async function sumProducts(db: Db, from: string, to: string, limit: number, buildId?: number | null): Promise<ProductSum[]> {
  if (buildId === undefined) {
    const rows = await db
      .selectFrom('revenue_rows as r')
      .innerJoin('revenue_day_owners as o', (join) => join.onRef('o.day', '=', 'r.day').onRef('o.import_id', '=', 'r.import_id'))
      .select((eb) => [
        'r.asin',
        eb.fn.max('r.name').as('name'),
        ...summedFigures('r'),
      ])
      .where('r.day', '>=', from)
      .where('r.day', '<=', to)
      .groupBy('r.asin')
      .orderBy('fees', 'desc')
      .orderBy('r.asin')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ asin: row.asin, name: row.name ?? '', trackingId: '', ...figuresOf(row) }));
  }
  let query = db
    .selectFrom('revenue_shares as s')
    .innerJoin('revenue_day_owners as o', (join) => join.onRef('o.day', '=', 's.day').onRef('o.import_id', '=', 's.import_id'))
    .innerJoin('revenue_rows as r', 'r.id', 's.row_id')
    .select((eb) => [
      'r.asin',
      eb.fn.max('r.name').as('name'),
      eb.fn.max('r.tracking_id').as('tracking_id'),
      ...summedFigures('s'),
    ])
    .where('s.day', '>=', from)
    .where('s.day', '<=', to);
  query = buildId === null ? query.where('s.build_id', 'is', null) : query.where('s.build_id', '=', buildId);
  const rows = await query.groupBy('r.asin').orderBy('fees', 'desc').orderBy('r.asin').limit(limit).execute();
  return rows.map((row) => ({
    asin: row.asin,
    name: row.name ?? '',
    trackingId: row.tracking_id ?? '',
    ...figuresOf(row),
  }));
}

/** Commissions per day over the window (days without sales have no row); of one build's shares with `buildId`. */
export async function sumDays(db: Db, from: string, to: string, buildId?: number): Promise<{ day: string; fees: number }[]> {
  if (buildId === undefined) {
    const rows = await db
      .selectFrom('revenue_rows as r')
      .innerJoin('revenue_day_owners as o', (join) => join.onRef('o.day', '=', 'r.day').onRef('o.import_id', '=', 'r.import_id'))
      .select((eb) => ['r.day', eb.fn.sum<string | number | null>('r.fees_cents').as('fees')])
      .where('r.day', '>=', from)
      .where('r.day', '<=', to)
      .groupBy('r.day')
      .execute();
    return rows.map((row) => ({ day: row.day, fees: toNumber(row.fees) }));
  }
  const rows = await db
    .selectFrom('revenue_shares as s')
    .innerJoin('revenue_day_owners as o', (join) => join.onRef('o.day', '=', 's.day').onRef('o.import_id', '=', 's.import_id'))
    .select((eb) => ['s.day', eb.fn.sum<string | number | null>('s.fees_cents').as('fees')])
    .where('s.build_id', '=', buildId)
    .where('s.day', '>=', from)
    .where('s.day', '<=', to)
    .groupBy('s.day')
    .execute();
  return rows.map((row) => ({ day: row.day, fees: toNumber(row.fees) }));
}

/** Titles of builds by id: live ones, then deleted ones (decision 027) under the id they had. */
export async function listBuildTitles(db: Db, ids: readonly number[]): Promise<Map<number, { title: string; deleted: boolean }>> {
  const titles = new Map<number, { title: string; deleted: boolean }>();
  for (const chunk of chunks(ids, IN_CHUNK)) {
    for (const row of await db.selectFrom('deleted_builds').select(['build_id', 'title']).where('build_id', 'in', chunk).execute()) titles.set(row.build_id, { title: row.title, deleted: true });
    for (const row of await db.selectFrom('builds').select(['id', 'title']).where('id', 'in', chunk).execute()) titles.set(row.id, { title: row.title, deleted: false });
  }
  return titles;
}

/** Our views and clicks per build over the window (a deleted build's under the id it had). */
export async function sumTraffic(db: Db, from: string, to: string, buildId?: number): Promise<Map<number, { views: number; clicks: number }>> {
  let query = db
    .selectFrom('build_daily_stats as s')
    .leftJoin('deleted_builds as d', 'd.id', 's.deleted_build_id')
    .select((eb) => [
      eb.fn.coalesce('s.build_id', 'd.build_id').as('id'),
      eb.fn.sum<string | number | null>('s.views').as('views'),
      eb.fn.sum<string | number | null>('s.component_clicks').as('component_clicks'),
      eb.fn.sum<string | number | null>('s.cart_clicks').as('cart_clicks'),
    ])
    .where('s.day', '>=', from)
    .where('s.day', '<=', to);
  if (buildId !== undefined) query = query.where((eb) => eb.or([eb('s.build_id', '=', buildId), eb('d.build_id', '=', buildId)]));
  const rows = await query.groupBy(sql`coalesce(s.build_id, d.build_id)`).execute();
  return new Map(rows.filter((row) => row.id !== null).map((row) => [Number(row.id), { views: toNumber(row.views), clicks: toNumber(row.component_clicks) + toNumber(row.cart_clicks) }]));
}
