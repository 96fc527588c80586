/**
 * Queries of the visitors' choices (decision 030): the build's parts they are checked against, the counts'
 * upserts (one statement per row, adding atomically on both databases) and the sums the admin reads.
 */
import { type Kysely, sql } from 'kysely';
import { isPublicBuild } from '../../db/public-builds';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;

export type ChoiceKind = 'swap' | 'owned';

const toCount = (value: unknown) => Number(value ?? 0);

export interface ChoosableComponent {
  id: number;
  type: string;
  asin: string | null;
  amazon_link: string | null;
  name: string;
}

/** The components of the build `slug` when it is public at `now` (null when it is not). */
export async function findPublicBuildComponents(db: Db, slug: string, now: string): Promise<ChoosableComponent[] | null> {
  const build = await db.selectFrom('builds').select('id').where('slug', '=', slug).where(isPublicBuild(now)).executeTakeFirst();
  if (!build) return null;
  return db.selectFrom('components').select(['id', 'type', 'asin', 'amazon_link', 'name']).where('build_id', '=', build.id).execute();
}

/** Which of `ids` are components of the build now (read in the write's transaction: a part removed meanwhile is not counted). */
export async function existingComponentIds(db: Db, buildId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('components').select('id').where('build_id', '=', buildId).where('id', 'in', [...ids]).execute();
  return new Set(rows.map((row) => row.id));
}

export interface ChoiceCountRow {
  kind: ChoiceKind;
  componentId: number;
  product: string;
  name: string;
  count: number;
}

/**
 * Adds the counts to the build's `day`, one upsert per row, in one order (kind, component, product) so
 * two writers on PostgreSQL lock the rows alike and never deadlock.
 */
export async function addChoices(db: Db, buildId: number, day: string, rows: readonly ChoiceCountRow[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => a.kind.localeCompare(b.kind) || a.componentId - b.componentId || (a.product < b.product ? -1 : a.product > b.product ? 1 : 0));
  for (const row of sorted) {
    await db
      .insertInto('build_daily_choices')
      .values({ build_id: buildId, day, kind: row.kind, component_id: row.componentId, product: row.product, name: row.name, count: row.count })
      .onConflict((oc) =>
        oc
          .columns(['build_id', 'day', 'kind', 'component_id', 'product'])
          .doUpdateSet({ count: sql`${sql.ref('build_daily_choices.count')} + ${row.count}`, name: row.name }),
      )
      .execute();
  }
}

export interface ChoiceSum {
  kind: ChoiceKind;
  componentId: number | null;
  product: string;
  name: string;
  count: number;
}

/** The build's choices in the window, by choice and name (a choice may have been counted under several names). */
export async function sumBuildChoices(db: Db, buildId: number, from: string, to: string): Promise<ChoiceSum[]> {
  const rows = await db
    .selectFrom('build_daily_choices')
    .select((eb) => ['kind', 'component_id', 'product', 'name', eb.fn.sum<string | number>('count').as('count')])
    .where('build_id', '=', buildId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['kind', 'component_id', 'product', 'name'])
    .execute();
  return rows.map((row) => ({ kind: row.kind, componentId: row.component_id, product: row.product, name: row.name, count: toCount(row.count) }));
}

export interface BuildChoiceSum extends ChoiceSum {
  /** The build's id (for a deleted build, the id it had). */
  buildId: number;
  slug: string;
  title: string;
  deleted: boolean;
}

/** Every build's choices in the window (deleted builds' included, decision 027), by build, choice and name. */
export async function sumAllChoices(db: Db, from: string, to: string): Promise<BuildChoiceSum[]> {
  const rows = await db
    .selectFrom('build_daily_choices as c')
    .leftJoin('builds as b', 'b.id', 'c.build_id')
    .leftJoin('deleted_builds as d', 'd.id', 'c.deleted_build_id')
    .select((eb) => [
      'b.id as build_id',
      'b.slug as build_slug',
      'b.title as build_title',
      'd.build_id as deleted_id',
      'd.slug as deleted_slug',
      'd.title as deleted_title',
      'c.kind',
      'c.component_id',
      'c.product',
      'c.name',
      eb.fn.sum<string | number>('c.count').as('count'),
    ])
    .where('c.day', '>=', from)
    .where('c.day', '<=', to)
    .where((eb) => eb.or([eb('b.id', 'is not', null), eb('d.id', 'is not', null)]))
    .groupBy(['b.id', 'b.slug', 'b.title', 'd.id', 'd.build_id', 'd.slug', 'd.title', 'c.kind', 'c.component_id', 'c.product', 'c.name'])
    .execute();
  return rows.map((row) => {
    const deleted = row.build_id === null;
    return {
      buildId: (deleted ? row.deleted_id : row.build_id)!,
      slug: (deleted ? row.deleted_slug : row.build_slug)!,
      title: (deleted ? row.deleted_title : row.build_title)!,
      deleted,
      kind: row.kind,
      componentId: row.component_id,
      product: row.product,
      name: row.name,
      count: toCount(row.count),
    };
  });
}
