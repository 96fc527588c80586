/** Queries for alternative categories (groups) and alternatives. */
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { AlternativeCategoriesTable, AlternativeRow, AlternativesTable, CategoryRow, Database } from '../../db/tables';

type Db = Kysely<Database>;

export interface CategoryWithCount extends CategoryRow {
  alternatives_count: number;
}

/** Categories with the number of their alternatives (pg returns counts as strings: mapped here). */
function selectCategoriesWithCount(db: Db) {
  const counts = db
    .selectFrom('alternatives')
    .select((eb) => ['category_id', eb.fn.countAll<number | string>().as('alternatives_count')])
    .where('category_id', 'is not', null)
    .groupBy('category_id')
    .as('counts');
  return db
    .selectFrom('alternative_categories')
    .leftJoin(counts, 'counts.category_id', 'alternative_categories.id')
    .selectAll('alternative_categories')
    .select('counts.alternatives_count');
}

function withCount<T extends CategoryRow & { alternatives_count: number | string | null }>(row: T): CategoryWithCount {
  return { ...row, alternatives_count: Number(row.alternatives_count ?? 0) };
}

export async function listCategories(db: Db): Promise<CategoryWithCount[]> {
  const rows = await selectCategoriesWithCount(db)
    .orderBy(sql`lower(${sql.ref('alternative_categories.name')})`)
    .orderBy('alternative_categories.id')
    .execute();
  return rows.map(withCount);
}

export async function findCategoryById(db: Db, id: number): Promise<CategoryWithCount | undefined> {
  const row = await selectCategoriesWithCount(db).where('alternative_categories.id', '=', id).executeTakeFirst();
  return row && withCount(row);
}

export async function insertCategory(db: Db, values: Insertable<AlternativeCategoriesTable>): Promise<number> {
  const row = await db.insertInto('alternative_categories').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(db: Db, id: number, values: Updateable<AlternativeCategoriesTable>): Promise<boolean> {
  const result = await db.updateTable('alternative_categories').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCategory(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('alternative_categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteCategoryAlternatives(db: Db, categoryId: number): Promise<void> {
  await db.deleteFrom('alternatives').where('category_id', '=', categoryId).execute();
}

export function listCategoryAlternatives(db: Db, categoryId: number): Promise<AlternativeRow[]> {
  return db.selectFrom('alternatives').selectAll().where('category_id', '=', categoryId).orderBy('priority').orderBy('id').execute();
}

/** Alternatives tied to one original product, by priority. */
export function listProductAlternatives(db: Db, originalAsin: string): Promise<AlternativeRow[]> {
  return db.selectFrom('alternatives').selectAll().where('original_asin', '=', originalAsin).orderBy('priority').orderBy('id').execute();
}

/** Members of every category of a component type (compared case-insensitively), by priority. */
export function listMembersOfComponentType(db: Db, componentType: string): Promise<AlternativeRow[]> {
  return db
    .selectFrom('alternatives')
    .innerJoin('alternative_categories', 'alternative_categories.id', 'alternatives.category_id')
    .selectAll('alternatives')
    .where(sql<boolean>`lower(${sql.ref('alternative_categories.component_type')}) = ${componentType.toLowerCase()}`)
    .orderBy('alternatives.priority')
    .orderBy('alternatives.id')
    .execute();
}

export function findAlternativeById(db: Db, id: number): Promise<AlternativeRow | undefined> {
  return db.selectFrom('alternatives').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertAlternative(db: Db, values: Insertable<AlternativesTable>): Promise<AlternativeRow> {
  return db.insertInto('alternatives').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The updated row, or undefined when there is no such alternative. */
export function updateAlternative(db: Db, id: number, values: Updateable<AlternativesTable>): Promise<AlternativeRow | undefined> {
  return db.updateTable('alternatives').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteAlternative(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('alternatives').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}


/** Alternatives tied to any of these original products, by priority then id (one query for a whole build). */
export function listProductAlternativesOfMany(db: Db, originalAsins: readonly string[]): Promise<AlternativeRow[]> {
  if (originalAsins.length === 0) return Promise.resolve([]);
  return db.selectFrom('alternatives').selectAll().where('original_asin', 'in', [...originalAsins]).orderBy('priority').orderBy('id').execute();
}

export interface MemberOfType extends AlternativeRow {
  /** The lower-case component type of the member's category. */
  member_type: string;
}

/** Members of the categories of any of these lower-case component types, by priority then id (one query). */
export async function listMembersOfComponentTypes(db: Db, lowerTypes: readonly string[]): Promise<MemberOfType[]> {
  if (lowerTypes.length === 0) return [];
  const categoryType = sql<string>`lower(${sql.ref('alternative_categories.component_type')})`;
  return db
    .selectFrom('alternatives')
    .innerJoin('alternative_categories', 'alternative_categories.id', 'alternatives.category_id')
    .selectAll('alternatives')
    .select(categoryType.as('member_type'))
    .where(categoryType, 'in', [...lowerTypes])
    .orderBy('alternatives.priority')
    .orderBy('alternatives.id')
    .execute();
}

/** What the retailer said about one ASIN, as the alternatives carrying it store it. */
export interface AlternativeObservation {
  /** null: no price in the answer, the stored one stays. */
  priceCents: number | null;
  availability: string;
  observedAt: string;
  /** The product image Amazon links now; null or absent: the stored one stays. */
  imageUrl?: string | null;
}

/**
 * Writes what Amazon said about one ASIN to every alternative offering it, as components get it
 * (builds/components.repository.ts): a missing price or image keeps the stored one. `updated_at` stays
 * the author's last edit: the retailer's dates are the columns of their own.
 */
export async function applyRetailerObservation(db: Db, asin: string, observed: AlternativeObservation): Promise<void> {
  await db
    .updateTable('alternatives')
    .set({
      availability: observed.availability,
      availability_checked_at: observed.observedAt,
      ...(observed.priceCents === null
        ? {}
        : { alternative_price_cents: observed.priceCents, price_source: 'amazon', price_updated_at: observed.observedAt }),
      ...(observed.imageUrl ? { image_url: observed.imageUrl, image_checked_at: observed.observedAt } : {}),
    })
    .where('alternative_asin', '=', asin)
    .execute();
}

/**
 * Prices with no source (restored from an archive made before migration 0017) are the author's, dated by
 * the row's last edit, as that migration read them. Since then every write of a price records its source.
 */
export async function markUnsourcedPricesManual(db: Db): Promise<number> {
  const result = await db
    .updateTable('alternatives')
    .set({ price_source: 'manual', price_updated_at: sql<string>`${sql.ref('updated_at')}` })
    .where('alternative_price_cents', 'is not', null)
    .where('price_source', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
