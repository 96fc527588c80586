/**
 * Rules for alternatives: categories (groups of substitutes for one component type), alternatives tied to
 * one original product, and the candidate list the smart replacement engine walks through.
 */
import type { Kysely } from 'kysely';
import { isValidAsin, normalizeAsin } from '../../common/asin';
import { AppError, notFound } from '../../common/errors';
import { centsToEuro } from '../../common/money';
import { lockSearchIndex, type OfferScope, reindexBuildsOffering } from '../../db/build-search-index';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/driver-errors';
import { type NewAlternative, newAlternativeRow } from '../../db/alternative-row';
import type { AlternativeRow, Database } from '../../db/tables';
import type { ContentEvents } from '../content-events';
import type { DataDeps } from '../data-deps';
import * as repo from './alternatives.repository';
import { ASIN_INVALID, type AlternativeUpdate, type CategoryInput, type GroupAlternativeInput, type ProductAlternativeInput } from './alternatives.schema';
import type { Alternative, AlternativeCategory, AlternativeCategoryDetail, CuratedOffer, OfferPart } from './alternatives.types';
import { groupOffers, offerAsinOf, offerTypeOf } from './group-offers';

/**
 * The door the price refresh writes through (this module's repository holds every write to the
 * alternatives table): a plain function in the caller's transaction, like the builds face's writes to components.
 */
export { type AlternativeObservation, applyRetailerObservation as applyRetailerObservationToAlternatives } from './alternatives.repository';
export type { CuratedOffer, OfferPart } from './alternatives.types';

/** For a restore, in its transaction: alternatives of an archive made before migration 0017 get their price's source. */
export function fillRestoredAlternativePriceSources(trx: Kysely<Database>): Promise<number> {
  return repo.markUnsourcedPricesManual(trx);
}

const CATEGORY_NOT_FOUND = 'Categoria non trovata';
const ALTERNATIVE_NOT_FOUND = 'Alternativa non trovata';
const DUPLICATE_IN_CATEGORY = 'Questa alternativa è già presente nella categoria';
const DUPLICATE_FOR_PRODUCT = 'Questa alternativa esiste già per il prodotto';
const SAME_AS_ORIGINAL = "L'alternativa deve essere un prodotto diverso da quello originale";

export interface AlternativesDeps extends DataDeps {
  /** Told after every write: build pages offer the alternatives, and the search finds builds by their names. */
  events?: Pick<ContentEvents, 'emitChange'>;
}

/**
 * A price the author typed is editorial and carries the date it was entered; clearing it clears both.
 * The price an edit of the same product sends back unchanged is left alone (as the editor does for
 * components), so a retailer price keeps its source and date; for another product it is the author's.
 */
function priceChange(existing: AlternativeRow, input: AlternativeUpdate, timestamp: string) {
  const { priceCents } = input;
  if (priceCents === undefined) return {};
  if (priceCents === existing.alternative_price_cents && input.alternativeAsin === existing.alternative_asin) return {};
  return { alternative_price_cents: priceCents, price_source: priceCents === null ? null : 'manual', price_updated_at: priceCents === null ? null : timestamp };
}

/** Another product: what the retailer said about the old one (availability, image) no longer applies. */
const ANOTHER_PRODUCT = { availability: null, availability_checked_at: null, image_url: null, image_checked_at: null } as const;

function toAlternative(row: AlternativeRow): Alternative {
  return {
    id: row.id,
    original_asin: row.original_asin,
    category_id: row.category_id,
    alternative_asin: row.alternative_asin,
    alternative_name: row.alternative_name,
    alternative_price: centsToEuro(row.alternative_price_cents),
    priority: Number(row.priority),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The stored fields of an alternative the admin adds. */
function fromInput(input: GroupAlternativeInput): NewAlternative {
  return { asin: input.alternativeAsin, name: input.alternativeName, priceCents: input.priceCents, priority: input.priority };
}

function toCategory(row: repo.CategoryWithCount): AlternativeCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    component_type: row.component_type,
    alternatives_count: row.alternatives_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Runs a write that the unique indexes may refuse (alternatives_pair_uq, alternatives_category_uq). No
 * check-then-insert: two concurrent adds of the same alternative both pass a check, the index does not.
 */
async function guardUnique<T>(write: () => Promise<T>, conflictMessage: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', conflictMessage);
    throw error;
  }
}

export function createAlternativesService({ db, clock, events }: AlternativesDeps) {
  const now = () => clock.now().toISOString();

  /**
   * A write of alternatives and, in the same transaction, the search index of the builds that offer what it
   * changed (decision 041): the index lock first, so a build saved meanwhile on another instance is indexed
   * either before this write or after it, never without it. Then the caches forget.
   */
  async function indexedWrite<T>(write: (trx: Kysely<Database>) => Promise<{ result: T; scope: OfferScope }>): Promise<T> {
    const { result } = await db.transaction().execute(async (trx) => {
      await lockSearchIndex(trx);
      const done = await write(trx);
      await reindexBuildsOffering(trx, done.scope);
      return done;
    });
    await events?.emitChange();
    return result;
  }

  /** What an alternative's row reaches: its product's builds, or the builds with a part of its category's type. */
  async function scopeOf(trx: Kysely<Database>, row: Pick<AlternativeRow, 'original_asin' | 'category_id'>): Promise<OfferScope> {
    if (row.original_asin !== null) return { products: [row.original_asin] };
    if (row.category_id === null) return {};
    const category = await repo.findCategoryById(trx, row.category_id);
    return { types: category?.component_type ? [category.component_type] : [] };
  }

  async function listCategories(): Promise<AlternativeCategory[]> {
    return (await repo.listCategories(db)).map(toCategory);
  }

  async function getCategory(id: number): Promise<AlternativeCategoryDetail> {
    const row = await repo.findCategoryById(db, id);
    if (!row) throw notFound(CATEGORY_NOT_FOUND);
    const alternatives = (await repo.listCategoryAlternatives(db, id)).map(toAlternative);
    return { ...toCategory(row), alternatives_count: alternatives.length, alternatives };
  }

  async function listCategoryAlternatives(id: number): Promise<Alternative[]> {
    return (await getCategory(id)).alternatives;
  }

  async function createCategory(input: CategoryInput): Promise<AlternativeCategory> {
    const timestamp = now();
    const values = { ...input, created_at: timestamp, updated_at: timestamp };
    const id = await repo.insertCategory(db, values);
    return { id, ...values, alternatives_count: 0 };
  }

  async function updateCategory(id: number, input: CategoryInput): Promise<AlternativeCategory> {
    return indexedWrite(async (trx) => {
      const before = await repo.findCategoryById(trx, id);
      if (!before || !(await repo.updateCategory(trx, id, { ...input, updated_at: now() }))) throw notFound(CATEGORY_NOT_FOUND);
      const row = await repo.findCategoryById(trx, id);
      if (!row) throw notFound(CATEGORY_NOT_FOUND);
      // Another type: its members leave the builds of the old type and join those of the new one.
      const types = before.component_type === row.component_type ? [] : [before.component_type, row.component_type].flatMap((type) => type ?? []);
      return { result: toCategory(row), scope: { types } };
    });
  }

  /** Deletes the category and its alternatives together (not left to the FK cascade, which SQLite may have off). */
  async function deleteCategory(id: number): Promise<void> {
    await indexedWrite(async (trx) => {
      const category = await repo.findCategoryById(trx, id);
      await repo.deleteCategoryAlternatives(trx, id);
      if (!category || !(await repo.deleteCategory(trx, id))) throw notFound(CATEGORY_NOT_FOUND); // rolls back
      return { result: undefined, scope: { types: category.component_type ? [category.component_type] : [] } };
    });
  }

  async function addToCategory(categoryId: number, input: GroupAlternativeInput): Promise<Alternative> {
    return indexedWrite(async (trx) => {
      const category = await repo.findCategoryById(trx, categoryId);
      if (!category) throw notFound(CATEGORY_NOT_FOUND);
      const timestamp = now();
      try {
        const row = await guardUnique(
          () => repo.insertAlternative(trx, newAlternativeRow(fromInput(input), { original_asin: null, category_id: categoryId }, timestamp)),
          DUPLICATE_IN_CATEGORY,
        );
        return { result: toAlternative(row), scope: { types: category.component_type ? [category.component_type] : [] } };
      } catch (error) {
        if (isForeignKeyViolation(error)) throw notFound(CATEGORY_NOT_FOUND);
        throw error;
      }
    });
  }

  /** Alternatives tied to one original product, by priority. The ASIN is matched case-insensitively. */
  async function listForProduct(originalAsin: string): Promise<Alternative[]> {
    const asin = normalizeAsin(originalAsin);
    if (!isValidAsin(asin)) throw new AppError('VALIDATION_ERROR', ASIN_INVALID);
    return (await repo.listProductAlternatives(db, asin)).map(toAlternative);
  }

  async function createForProduct(input: ProductAlternativeInput): Promise<Alternative> {
    if (input.alternativeAsin === input.originalAsin) throw new AppError('VALIDATION_ERROR', SAME_AS_ORIGINAL);
    return indexedWrite(async (trx) => {
      const timestamp = now();
      const row = await guardUnique(
        () => repo.insertAlternative(trx, newAlternativeRow(fromInput(input), { original_asin: input.originalAsin, category_id: null }, timestamp)),
        DUPLICATE_FOR_PRODUCT,
      );
      return { result: toAlternative(row), scope: { products: [input.originalAsin] } };
    });
  }

  /** Replaces ASIN and name; price and priority only when sent (see alternativeUpdateSchema). */
  async function updateAlternative(id: number, input: AlternativeUpdate): Promise<Alternative> {
    return indexedWrite(async (trx) => {
      const existing = await repo.findAlternativeById(trx, id);
      if (!existing) throw notFound(ALTERNATIVE_NOT_FOUND);
      if (existing.original_asin === input.alternativeAsin) throw new AppError('VALIDATION_ERROR', SAME_AS_ORIGINAL);
      const timestamp = now();
      const row = await guardUnique(
        () =>
          repo.updateAlternative(trx, id, {
            alternative_asin: input.alternativeAsin,
            alternative_name: input.alternativeName,
            ...priceChange(existing, input, timestamp),
            ...(existing.alternative_asin !== input.alternativeAsin && ANOTHER_PRODUCT),
            ...(input.priority !== undefined && { priority: input.priority }),
            updated_at: timestamp,
          }),
        existing.original_asin === null ? DUPLICATE_IN_CATEGORY : DUPLICATE_FOR_PRODUCT,
      );
      if (!row) throw notFound(ALTERNATIVE_NOT_FOUND); // deleted meanwhile
      // Only the name is indexed: another name reindexes the builds that offer it.
      return { result: toAlternative(row), scope: row.alternative_name === existing.alternative_name ? {} : await scopeOf(trx, existing) };
    });
  }

  async function deleteAlternative(id: number): Promise<void> {
    await indexedWrite(async (trx) => {
      const existing = await repo.findAlternativeById(trx, id);
      if (!existing || !(await repo.deleteAlternative(trx, id))) throw notFound(ALTERNATIVE_NOT_FOUND);
      return { result: undefined, scope: await scopeOf(trx, existing) };
    });
  }

  /**
   * Substitutes to try, best first, for a product of a component type: its own alternatives by priority,
   * then the members of the categories of that type by priority. Each alternative ASIN appears once (its
   * first, best-ranked occurrence) and the original product itself never does. Never throws on odd input:
   * an invalid ASIN simply has no product alternatives, an unknown type no category members.
   */
  async function listCandidatesFor(originalAsin: string, componentType: string): Promise<Alternative[]> {
    const asin = normalizeAsin(originalAsin ?? '');
    const type = (componentType ?? '').trim();
    const [own, members] = await Promise.all([
      isValidAsin(asin) ? repo.listProductAlternatives(db, asin) : Promise.resolve([]),
      type ? repo.listMembersOfComponentType(db, type) : Promise.resolve([]),
    ]);
    const seen = new Set<string>([asin]);
    const candidates: Alternative[] = [];
    for (const row of [...own, ...members]) {
      if (seen.has(row.alternative_asin)) continue;
      seen.add(row.alternative_asin);
      candidates.push(toAlternative(row));
    }
    return candidates;
  }

  /**
   * The curated alternatives of each of these components (decision 030), as listCandidatesFor lists them
   * for one: two queries whatever the number of components. Every componentId gets an entry (empty when
   * none); nothing is filtered by price or availability here (the caller applies the public rule).
   */
  async function listOffersFor(parts: ReadonlyArray<OfferPart>): Promise<Map<number, CuratedOffer[]>> {
    const asins = [...new Set(parts.flatMap((part) => offerAsinOf(part) ?? []))];
    const types = [...new Set(parts.flatMap((part) => offerTypeOf(part) ?? []))];
    const [productRows, memberRows] = await Promise.all([repo.listProductAlternativesOfMany(db, asins), repo.listMembersOfComponentTypes(db, types)]);
    return groupOffers(parts, productRows, memberRows);
  }

  return {
    listOffersFor,
    listCategories,
    getCategory,
    listCategoryAlternatives,
    createCategory,
    updateCategory,
    deleteCategory,
    addToCategory,
    listForProduct,
    createForProduct,
    updateAlternative,
    deleteAlternative,
    listCandidatesFor,
  };
}

export type AlternativesService = ReturnType<typeof createAlternativesService>;
