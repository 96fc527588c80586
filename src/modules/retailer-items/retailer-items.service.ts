/**
 * Retailer data for the author: product search and lookup by ASIN or product link, for the editor
 * (api-contract.md, "Admin: retailer data for the author"). Every call goes through the retailer client,
 * so through the request budget shared by all processes and instances.
 *
 * Searches are cached for SEARCH_CACHE_TTL_MS per normalised query and page: the editor searches as
 * the author types and pages back and forth, and each SearchItems call spends one request of the
 * account's daily budget. The cache is a database table, so a search made on one process is served to
 * every other one; identical searches running at the same time in one process share one call. Two
 * processes that miss at the same moment may each call once; the later write simply wins.
 *
 * Ten minutes is well inside Amazon's limits on keeping its data (affiliate-compliance.md: at most 24 h),
 * and a found item's price is only a starting value for the author, refreshed by the price refresh.
 */
import { isAmazonLink, isAmazonShortLinkHost } from '../../common/amazon-hosts';
import { isValidAsin, normalizeAsin, productUrl, extractAsin } from '../../common/asin';
import { AppError, notFound } from '../../common/errors';
import type { AppConfig } from '../../config/env';
import type { FoundItem, ItemLookup } from '../../integrations/amazon-creators';
import type { DataDeps } from '../data-deps';
import { guessComponentType, IMPORT_MESSAGES, parseCartUrl } from '../importer';
import { type Retailer, requireRetailer, toRetailerAppError } from '../pricing';
import * as repo from './retailer-items.repository';
import {
  RETAILER_ITEM_MESSAGES,
  type RetailerItem,
  type RetailerSearchQuery,
  type RetailerSearchResponse,
  retailerSearchResponseSchema,
} from './retailer-items.schema';
import { errorMessageForLog } from '../../common/log-text';

export const SEARCH_CACHE_TTL_MS = 10 * 60_000;
/** Results per SearchItems page: Amazon's maximum, so that paging costs as few requests as possible. */
const RESULTS_PER_PAGE = 10;
const AVAILABLE = new Set(['IN_STOCK', 'IN_STOCK_SCARCE', 'LEADTIME', 'PREORDER', 'AVAILABLE_DATE']);

export interface RetailerItemsDeps extends DataDeps {
  config: Pick<AppConfig, 'amazon' | 'defaultAffiliateTag'>;
  retailer: Retailer;
}

/** One spelling per search: case, Unicode forms and runs of spaces do not make another request. */
export function normalizeSearchQuery(q: string): string {
  return q.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The ASIN a pasted reference names: an ASIN itself, or an Amazon product link (…/dp/ASIN, /gp/product/…,
 * an `asin=` parameter, or a cart link with one product). Short links would need a request to Amazon's
 * redirector to be read, so they are refused with a hint instead. 400 with an Italian message otherwise.
 */
export function asinFromReference(reference: string): string {
  const text = reference.trim();
  if (!text) throw new AppError('VALIDATION_ERROR', RETAILER_ITEM_MESSAGES.emptyReference);
  if (isValidAsin(normalizeAsin(text))) return normalizeAsin(text);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('VALIDATION_ERROR', RETAILER_ITEM_MESSAGES.noAsin);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError('VALIDATION_ERROR', IMPORT_MESSAGES.notAmazon);
  if (isAmazonShortLinkHost(url.hostname)) throw new AppError('VALIDATION_ERROR', RETAILER_ITEM_MESSAGES.shortLink);
  if (!isAmazonLink(text)) throw new AppError('VALIDATION_ERROR', IMPORT_MESSAGES.notAmazon);
  const asin = extractAsin(text);
  if (asin) return asin;
  // A cart link (ASIN.1=…) names a product too, when it names exactly one.
  try {
    const cart = parseCartUrl(text);
    if (cart.asins.length === 1) return cart.asins[0]!;
  } catch {
    // not a cart link either
  }
  throw new AppError('VALIDATION_ERROR', RETAILER_ITEM_MESSAGES.noAsin);
}

export function createRetailerItemsService(deps: RetailerItemsDeps) {
  const { db, clock, config } = deps;
  // Identical searches of this process that are waiting for the same answer.
  const inFlight = new Map<string, Promise<RetailerSearchResponse>>();

  function toRetailerItem(item: FoundItem): RetailerItem {
    const title = item.title?.trim() || `Prodotto Amazon ${item.asin}`;
    return {
      asin: item.asin,
      title,
      brand: item.brand,
      price: item.price,
      availability: AVAILABLE.has(item.availability) ? 'available' : 'unavailable',
      image_url: item.image?.url ?? null,
      // Built from the ASIN rather than Amazon's detailPageURL: always a working link with our tag.
      amazon_link: productUrl(item.asin, config.defaultAffiliateTag),
      type: guessComponentType(title),
      features: item.features,
    };
  }

  async function cachedAnswer(key: string, now: Date): Promise<RetailerSearchResponse | null> {
    const text = await repo.findFreshAnswer(db, key, now.toISOString());
    if (text === undefined) return null;
    try {
      const parsed = retailerSearchResponseSchema.safeParse(JSON.parse(text));
      // An entry this version cannot read (written by an older one) is a miss, not an error.
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async function fetchAndCache(key: string, keywords: string, page: number): Promise<RetailerSearchResponse> {
    const client = requireRetailer(deps.retailer, config);
    let answer: RetailerSearchResponse;
    try {
      const result = await client.searchItemsPage({ keywords, itemPage: page, itemCount: RESULTS_PER_PAGE });
      answer = { items: result.items.map(toRetailerItem), page, total_results: result.totalResultCount };
    } catch (error) {
      throw toRetailerAppError(error);
    }
    const created = clock.now();
    try {
      await repo.saveAnswer(db, {
        key,
        answer: JSON.stringify(answer),
        createdAt: created.toISOString(),
        expiresAt: new Date(created.getTime() + SEARCH_CACHE_TTL_MS).toISOString(),
      });
    } catch (error) {
      // The request is spent and the answer is good: the author gets it, only the next search asks again.
      console.error(`[ricerca Amazon] risposta non salvata nella cache: ${errorMessageForLog(error)}`);
    }
    return answer;
  }

  /** GET /api/admin/retailer/search: one page of 10 results; 503 naming the settings when not configured. */
  async function search(query: RetailerSearchQuery): Promise<RetailerSearchResponse> {
    requireRetailer(deps.retailer, config);
    const keywords = normalizeSearchQuery(query.q);
    const key = `${query.page}|${keywords}`;
    // The cache read is part of the shared work: a search arriving while another identical one is
    // between its cache miss and its answer waits for that answer instead of calling Amazon again.
    let pending = inFlight.get(key);
    if (!pending) {
      pending = (async () => (await cachedAnswer(key, clock.now())) ?? fetchAndCache(key, keywords, query.page))().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  /** GET /api/admin/retailer/items/{reference}: 400 without an ASIN, 404 when Amazon does not know it. */
  async function lookup(reference: string): Promise<RetailerItem> {
    const asin = asinFromReference(reference);
    const client = requireRetailer(deps.retailer, config);
    let found: ItemLookup | undefined;
    try {
      found = (await client.getItems([asin])).get(asin);
    } catch (error) {
      throw toRetailerAppError(error);
    }
    if (found?.status !== 'found') throw notFound(RETAILER_ITEM_MESSAGES.notFound(asin));
    return toRetailerItem(found);
  }

  return { search, lookup };
}

export type RetailerItemsService = ReturnType<typeof createRetailerItemsService>;
