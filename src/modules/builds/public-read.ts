/** What visitors read of builds: the published lists and one published build's page. */
import { AppError, notFound } from '../../common/errors';
import { renderMarkdown } from '../../common/markdown';
import { centsToEuro, euroToCents } from '../../common/money';
import { isPersonalized, NO_PERSONALIZATION, type PersonalizationRequest } from '../../common/personalization-query';
import { freshRetailerImage } from '../../common/price-freshness';
import { isSlug } from '../../common/slug';
import { publicCompatibilityOfRows } from '../../compatibility/stored-parts';
import { isPublicAt, publicPublishedAtOf } from '../../db/public-builds';
import type { BuildRow, ComponentRow } from '../../db/tables';
import type { DataDeps } from '../data-deps';
import { type PartOffers, type PersonalizationService, type PersonalizedParts, toPublicAlternative } from '../personalization';
import * as repo from './builds.repository';
import { byDisplayOrder, lowestPriceSince, toComponentPublic, toSummary } from './build-mapping';
import type { PublicListQuery } from './builds.schema';
import type { BuildPersonalization, BuildPublic, BuildSummary, CartExclusion } from './builds.types';
import { oldestPriceDate, planCart, sumCents } from './cart-plan';

const BUILD_NOT_FOUND = 'La build richiesta non esiste.';
/** Rendered articles kept (by build version and affiliate tag). */
const ARTICLE_CACHE_SIZE = 500;

export interface PublishedPageQuery {
  category?: string | null;
  /** Euro, inclusive. */
  minBudget?: number;
  maxBudget?: number;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface PublicReadDeps extends DataDeps {
  defaultAffiliateTag: string;
  /** A visitor's personalisation of the build's parts: its choices checked, applied, the budget fit (decision 030). */
  personalization: Pick<PersonalizationService, 'personalize' | 'readOffers'>;
}

/**
 * The build visitors may see at the clock's now, by slug; 404 otherwise. No query for what no build can
 * be called (slugs are slugify's, common/slug.ts): a path's text, U+0000 included (PostgreSQL cannot
 * compare it), simply names no build.
 */
export async function findPublicBuild(deps: DataDeps, slug: string): Promise<{ row: BuildRow; now: Date }> {
  const found = await findPublicBuildOrNull(deps, slug);
  if (!found) throw notFound(BUILD_NOT_FOUND);
  return found;
}

async function findPublicBuildOrNull(deps: DataDeps, slug: string): Promise<{ row: BuildRow; now: Date } | null> {
  const row = isSlug(slug) ? await repo.findBuildBySlug(deps.db, slug) : undefined;
  const now = deps.clock.now();
  return row && isPublicAt(row, now.toISOString()) ? { row, now } : null;
}

/** Rendered articles by build version: markdown is the costliest part of a build read. */
function createArticleRenderer() {
  const cache = new Map<string, string>();
  return (row: BuildRow, affiliateTag: string): string => {
    const key = `${row.id}|${row.updated_at}|${affiliateTag}`;
    let html = cache.get(key);
    if (html === undefined) {
      html = renderMarkdown(row.content, { affiliateTag });
      if (cache.size >= ARTICLE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, html);
    }
    return html;
  };
}

/** What a personalisation did, for the answer; null when the request asked for none (and nothing was ignored). */
function personalizationOf(request: PersonalizationRequest, variant: PersonalizedParts<ComponentRow>, authorTotalCents: number): BuildPersonalization | null {
  if (!isPersonalized(request) && variant.ignoredCount === 0) return null;
  return {
    choices: [...variant.swaps].map(([componentId, swap]) => ({ component_id: componentId, asin: swap.offer.asin, by: swap.by })),
    owned: [...variant.owned],
    budget: variant.budget ? centsToEuro(variant.budget.cents) : null,
    budget_met: variant.budget ? variant.budget.met : null,
    base_total: centsToEuro(authorTotalCents) ?? 0,
    ignored: variant.ignoredCount,
    query: variant.query,
  };
}

export function createPublicReads(deps: PublicReadDeps) {
  const { db, clock } = deps;
  const renderArticle = createArticleRenderer();

  /** The category and budget of a public query (euros) as the repository's filter (cents). */
  function publishedFilter(query: { category?: string | null; minBudget?: number; maxBudget?: number }) {
    return {
      now: clock.now().toISOString(),
      category: query.category ?? undefined,
      minBudgetCents: query.minBudget === undefined ? undefined : euroToCents(query.minBudget),
      maxBudgetCents: query.maxBudget === undefined ? undefined : euroToCents(query.maxBudget),
    };
  }

  async function listPublished(query: Partial<Omit<PublicListQuery, 'q'>> = {}): Promise<BuildSummary[]> {
    const rows = await repo.listPublishedBuilds(db, { ...publishedFilter(query), limit: query.limit ?? 100, offset: query.offset ?? 0 });
    return rows.map(toSummary);
  }

  /**
   * One page of the published builds (the home page's grid) and how many the filter keeps in all, both
   * counted in SQL: a page costs the same whatever the size of the catalogue. `page` is 1-based; a page
   * past the last one gives no builds (the caller decides where to send the visitor).
   */
  async function listPublishedPage(query: PublishedPageQuery): Promise<{ builds: BuildSummary[]; total: number }> {
    if (!Number.isInteger(query.page) || query.page < 1 || !Number.isInteger(query.pageSize) || query.pageSize < 1 || query.pageSize > 100) {
      throw new AppError('VALIDATION_ERROR', 'Pagina non valida: numero di pagina da 1 in su, da 1 a 100 build per pagina');
    }
    const filter = publishedFilter(query);
    const [rows, total] = await Promise.all([
      repo.listPublishedBuilds(db, { ...filter, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      repo.countPublishedBuilds(db, filter),
    ]);
    return { builds: rows.map(toSummary), total };
  }

  /**
   * A published build as visitors see it: the author's build, or the visitor's personalisation of it
   * (decision 030). Whatever the request holds, it never fails because of it: what cannot apply is counted
   * in `personalization.ignored`.
   */
  async function getPublished(slug: string, request: PersonalizationRequest = NO_PERSONALIZATION): Promise<BuildPublic> {
    const { row, now } = await findPublicBuild(deps, slug);
    return readPublic(row, now, request);
  }

  /** As getPublished, but null when no build of that slug is public now (deleted, unpublished, never was). */
  async function findPublished(slug: string, request: PersonalizationRequest = NO_PERSONALIZATION): Promise<BuildPublic | null> {
    const found = await findPublicBuildOrNull(deps, slug);
    return found && readPublic(found.row, found.now, request);
  }

  /**
   * The author's builds of these slugs as their pages show them, in a fixed number of queries whatever
   * their number (the feed's 50); a slug not public now is absent from the map.
   */
  async function listPublishedBySlugs(slugs: readonly string[]): Promise<Map<string, BuildPublic>> {
    const now = clock.now();
    const rows = (await repo.findBuildsBySlugs(db, [...new Set(slugs)].filter(isSlug))).filter((row) => isPublicAt(row, now.toISOString()));
    const components = await repo.listComponentsWithLowestPriceOfBuilds(db, rows.map((row) => row.id), lowestPriceSince(now));
    const offers = await deps.personalization.readOffers(components);
    const built = await Promise.all(
      rows.map(async (row) => {
        const authorRows = components.filter((c) => c.build_id === row.id).sort(byDisplayOrder);
        return [row.slug, await toBuildPublic(row, now, authorRows, NO_PERSONALIZATION, offers)] as const;
      }),
    );
    return new Map(built);
  }

  async function readPublic(row: BuildRow, now: Date, request: PersonalizationRequest): Promise<BuildPublic> {
    const authorRows = (await repo.listComponentsWithLowestPrice(db, row.id, lowestPriceSince(now))).sort(byDisplayOrder);
    return toBuildPublic(row, now, authorRows, request);
  }

  async function toBuildPublic(
    row: BuildRow,
    now: Date,
    authorRows: repo.ComponentWithLowest[],
    request: PersonalizationRequest,
    offers?: PartOffers,
  ): Promise<BuildPublic> {
    const variant = await deps.personalization.personalize(authorRows, request, offers);
    const swappedAsins = [...variant.swaps.values()].map((swap) => swap.offer.asin);
    const lowestOfSwapped = swappedAsins.length > 0 ? await repo.lowestPricesOf(db, swappedAsins, lowestPriceSince(now)) : new Map<string, number>();
    const components = variant.rows.map((c) => (variant.swaps.has(c.id) ? { ...c, lowest_price_cents: lowestOfSwapped.get(c.asin!) ?? null } : c));
    // Owned parts stay in the build (and in its checks) but the visitor does not buy them.
    const toBuy = components.filter((c) => !variant.owned.has(c.id));
    const tag = row.affiliate_tag || deps.defaultAffiliateTag;
    const cart = planCart(toBuy, tag);
    const ownedExclusions: CartExclusion[] = components.filter((c) => variant.owned.has(c.id)).map((c) => ({ id: c.id, name: c.name, reason: 'owned' }));
    const totalCents = sumCents(toBuy);
    const personalization = personalizationOf(request, variant, sumCents(authorRows));
    return {
      // A due scheduled build shows the date its publication job will store (db/public-builds.ts).
      ...toSummary({ ...row, published_at: publicPublishedAtOf(row), total_cents: totalCents, component_count: components.length }),
      content: row.content,
      content_html: renderArticle(row, tag),
      meta_title: row.meta_title || row.title,
      meta_description: row.meta_description || row.description,
      affiliate_tag: tag,
      cart_url: cart.url,
      cart_excluded: [...cart.excluded, ...ownedExclusions],
      prices_updated_at: oldestPriceDate(toBuy),
      updated_at: row.updated_at,
      compatibility: publicCompatibilityOfRows(components),
      components: components.map((c) => {
        const swap = variant.swaps.get(c.id);
        return {
          ...toComponentPublic(c, tag),
          image_url: freshRetailerImage(c.image_url, c.image_checked_at, now.getTime()),
          alternatives: (variant.offered.get(c.id) ?? []).map((offer) => toPublicAlternative(offer, c.price_cents, tag, now.getTime())),
          swapped_from: swap ? { asin: swap.from.asin, name: swap.from.name, price: centsToEuro(swap.from.priceCents) } : null,
          swapped_by: swap ? swap.by : null,
          owned: variant.owned.has(c.id),
        };
      }),
      personalization,
    };
  }

  /** The cards of these builds in the order given (a page of search results, ranked by the search module). */
  async function listSummariesInOrder(ids: readonly number[]): Promise<BuildSummary[]> {
    const byId = new Map((await repo.listBuildsWithTotalsByIds(db, ids)).map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toSummary(row)] : [];
    });
  }

  return { listPublished, listPublishedPage, listSummariesInOrder, getPublished, findPublished, listPublishedBySlugs };
}
