/** What visitors read of builds: the published lists and one published build's page. */
import { AppError, notFound } from '../../common/errors';
import { renderMarkdown } from '../../common/markdown';
import { euroToCents } from '../../common/money';
import { freshRetailerImage } from '../../common/price-freshness';
import { isSlug } from '../../common/slug';
import { isPublicAt, publicPublishedAtOf } from '../../db/public-builds';
import type { BuildRow } from '../../db/tables';
import type { DataDeps } from '../data-deps';
import * as repo from './builds.repository';
import { byDisplayOrder, lowestPriceSince, toComponentPublic, toSummary } from './build-mapping';
import type { PublicListQuery } from './builds.schema';
import type { BuildPublic, BuildSummary } from './builds.types';
import { oldestPriceDate, planCart, sumCents } from './cart-plan';
import { publicCompatibilityOfRows } from './compatibility';

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
}

/**
 * The build visitors may see at the clock's now, by slug; 404 otherwise. No query for what no build can
 * be called (slugs are slugify's, common/slug.ts): a path's text, U+0000 included (PostgreSQL cannot
 * compare it), simply names no build.
 */
export async function findPublicBuild(deps: DataDeps, slug: string): Promise<{ row: BuildRow; now: Date }> {
  const row = isSlug(slug) ? await repo.findBuildBySlug(deps.db, slug) : undefined;
  const now = deps.clock.now();
  if (!row || !isPublicAt(row, now.toISOString())) throw notFound(BUILD_NOT_FOUND);
  return { row, now };
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

  async function listPublished(query: Partial<PublicListQuery> = {}): Promise<BuildSummary[]> {
    const rows = await repo.listPublishedBuilds(db, { ...publishedFilter(query), q: query.q, limit: query.limit ?? 100, offset: query.offset ?? 0 });
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

  /** A published build as visitors see it. */
  async function getPublished(slug: string): Promise<BuildPublic> {
    const { row, now } = await findPublicBuild(deps, slug);
    const components = (await repo.listComponentsWithLowestPrice(db, row.id, lowestPriceSince(clock.now()))).sort(byDisplayOrder);
    const tag = row.affiliate_tag || deps.defaultAffiliateTag;
    const cart = planCart(components, tag);
    const totalCents = sumCents(components);
    return {
      // A due scheduled build shows the date its publication job will store (db/public-builds.ts).
      ...toSummary({ ...row, published_at: publicPublishedAtOf(row), total_cents: totalCents, component_count: components.length }),
      content: row.content,
      content_html: renderArticle(row, tag),
      meta_title: row.meta_title || row.title,
      meta_description: row.meta_description || row.description,
      affiliate_tag: tag,
      cart_url: cart.url,
      cart_excluded: cart.excluded,
      prices_updated_at: oldestPriceDate(components),
      compatibility: publicCompatibilityOfRows(components),
      components: components.map((c) => ({ ...toComponentPublic(c, tag), image_url: freshRetailerImage(c.image_url, c.image_checked_at, now.getTime()) })),
    };
  }

  return { listPublished, listPublishedPage, getPublished };
}
