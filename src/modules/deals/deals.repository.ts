/**
 * The deals' statements (decision 046): the prices the build pages show for a set of ASINs (parts of
 * public builds that take part in deals, and the curated alternatives offered for them), the previous
 * 30-day low from the stored price history, and the `deals` and `deal_posts` rows the refresh decides.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import { isPublicBuild } from '../../db/public-builds';
import type { Database } from '../../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

/** IN lists stay well under both databases' parameter limits. */
const CHUNK = 500;

async function inChunks<T>(values: readonly string[], run: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < values.length; start += CHUNK) out.push(...(await run(values.slice(start, start + CHUNK))));
  return out;
}

/** One place an ASIN is shown to visitors: a part of a public build, or an alternative offered for one. */
export interface ShownEntry {
  asin: string;
  name: string;
  /** The part's type (of the part it is offered for, for an alternative). */
  type: string;
  price_cents: number | null;
  price_source: string | null;
  price_updated_at: string | null;
  availability: string | null;
  image_url: string | null;
  image_checked_at: string | null;
  build_id: number;
  slug: string;
  title: string;
  category: string | null;
  published_at: string | null;
}

/**
 * Where these ASINs are shown now: as parts of public builds not kept out of deals, as alternatives tied
 * to such a part's product, or as members of the author's groups for such a part's type (decision 030).
 */
export async function listShownEntries(db: Db, asins: readonly string[], now: string): Promise<ShownEntry[]> {
  if (asins.length === 0) return [];
  const buildColumns = ['builds.id as build_id', 'builds.slug', 'builds.title', 'builds.category', 'builds.published_at'] as const;
  const parts = await inChunks(asins, (chunk) =>
    db
      .selectFrom('components')
      .innerJoin('builds', 'builds.id', 'components.build_id')
      .select([
        sql<string>`components.asin`.as('asin'),
        'components.name',
        'components.type',
        'components.price_cents',
        'components.price_source',
        'components.price_updated_at',
        'components.availability',
        'components.image_url',
        'components.image_checked_at',
        ...buildColumns,
      ])
      .where('components.asin', 'in', chunk)
      .where(isPublicBuild(now))
      .where('builds.deals_excluded', '=', 0)
      .execute(),
  );
  const alternativeColumns = [
    'alternatives.alternative_asin as asin',
    'alternatives.alternative_name as name',
    'components.type',
    'alternatives.alternative_price_cents as price_cents',
    'alternatives.price_source',
    'alternatives.price_updated_at',
    'alternatives.availability',
    'alternatives.image_url',
    'alternatives.image_checked_at',
    ...buildColumns,
  ] as const;
  const tied = await inChunks(asins, (chunk) =>
    db
      .selectFrom('alternatives')
      .innerJoin('components', 'components.asin', 'alternatives.original_asin')
      .innerJoin('builds', 'builds.id', 'components.build_id')
      .select(alternativeColumns)
      .where('alternatives.alternative_asin', 'in', chunk)
      .where(isPublicBuild(now))
      .where('builds.deals_excluded', '=', 0)
      .execute(),
  );
  const members = await inChunks(asins, (chunk) =>
    db
      .selectFrom('alternatives')
      .innerJoin('alternative_categories', 'alternative_categories.id', 'alternatives.category_id')
      .innerJoin('components', (join) => join.on(sql<boolean>`lower(${sql.ref('components.type')}) = lower(${sql.ref('alternative_categories.component_type')})`))
      .innerJoin('builds', 'builds.id', 'components.build_id')
      .select(alternativeColumns)
      .where('alternatives.alternative_asin', 'in', chunk)
      .where(isPublicBuild(now))
      .where('builds.deals_excluded', '=', 0)
      .execute(),
  );
  return [...parts, ...tied, ...members].map((row) => ({ ...row, asin: row.asin, build_id: Number(row.build_id) }));
}

/** The lowest price each ASIN had in [from, until) per the stored history; absent: no priced observation. */
export async function previousLows(db: Db, asins: readonly string[], from: string, until: string): Promise<Map<string, number>> {
  const rows = await inChunks(asins, (chunk) =>
    db
      .selectFrom('price_observations')
      .select(['asin', (eb) => eb.fn.min<number>('price_cents').as('low')])
      .where('asin', 'in', chunk)
      .where('observed_at', '>=', from)
      .where('observed_at', '<', until)
      .where('price_cents', 'is not', null)
      .groupBy('asin')
      .execute(),
  );
  return new Map(rows.flatMap((row) => (row.low === null ? [] : [[row.asin, Number(row.low)] as const])));
}

export interface DealRow {
  asin: string;
  price_cents: number;
  price_updated_at: string;
  previous_low_cents: number;
  drop_basis_points: number;
  found_at: string;
}

export async function findDeals(db: Db, asins: readonly string[]): Promise<DealRow[]> {
  return inChunks(asins, (chunk) => db.selectFrom('deals').selectAll().where('asin', 'in', chunk).execute());
}

/** Every stored deal, biggest drop first. */
export function listAllDeals(db: Db): Promise<DealRow[]> {
  return db.selectFrom('deals').selectAll().orderBy('drop_basis_points', 'desc').orderBy('asin').execute();
}

/**
 * Makes `deals` (a subset of `asins`) the deals of `asins`, in the caller's transaction: the others are
 * deleted, these written over whatever another refresh wrote meanwhile (an upsert, never a duplicate key).
 */
export async function replaceDeals(trx: Db, asins: readonly string[], deals: readonly DealRow[]): Promise<void> {
  const kept = new Set(deals.map((deal) => deal.asin));
  const ended = asins.filter((asin) => !kept.has(asin));
  for (let start = 0; start < ended.length; start += CHUNK) await trx.deleteFrom('deals').where('asin', 'in', ended.slice(start, start + CHUNK)).execute();
  for (let start = 0; start < deals.length; start += 200) {
    await trx
      .insertInto('deals')
      .values(deals.slice(start, start + 200))
      .onConflict((oc) =>
        oc.column('asin').doUpdateSet((eb) => ({
          price_cents: eb.ref('excluded.price_cents'),
          price_updated_at: eb.ref('excluded.price_updated_at'),
          previous_low_cents: eb.ref('excluded.previous_low_cents'),
          drop_basis_points: eb.ref('excluded.drop_basis_points'),
          found_at: eb.ref('excluded.found_at'),
        })),
      )
      .execute();
  }
}

/**
 * Records that the channel posts this ASIN at `lowCents`, when it may: never posted, a lower price than
 * the last post, or the last post older than `repostBefore`. One statement, atomic on both databases
 * (two refreshes deciding at once: the second waits on the row and then finds it already posted). True:
 * recorded, the caller enqueues the post in the same transaction.
 */
export async function claimPost(trx: Db, asin: string, lowCents: number, now: string, repostBefore: string): Promise<boolean> {
  const row = await trx
    .insertInto('deal_posts')
    .values({ asin, low_cents: lowCents, posted_at: now })
    .onConflict((oc) =>
      oc
        .column('asin')
        .doUpdateSet({ low_cents: lowCents, posted_at: now })
        .where((eb) => eb.or([eb('deal_posts.low_cents', '>', lowCents), eb('deal_posts.posted_at', '<=', repostBefore)])),
    )
    .returning('asin')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the build keeps its parts out of deals; undefined when there is no such build. */
export async function findDealsExcluded(db: Db, buildId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom('builds').select('deals_excluded').where('id', '=', buildId).executeTakeFirst();
  return row === undefined ? undefined : Number(row.deals_excluded) === 1;
}

/**
 * The author's switch (decision 046): the one writer of `builds.deals_excluded`. Not a content edit: the
 * build's version and `updated_at` stay, so an editor form open meanwhile saves without a conflict.
 */
export async function updateDealsExcluded(db: Db, buildId: number, excluded: boolean): Promise<boolean> {
  const result = await db.updateTable('builds').set({ deals_excluded: excluded ? 1 : 0 }).where('id', '=', buildId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
