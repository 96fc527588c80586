/**
 * Amazon Creators API client on `fetch`: GetItems (10 ASINs per call) and SearchItems for amazon.it,
 * with the token cache, the rate queue (one budget per account) and retries. Every payload is checked with zod.
 */
import type { AmazonConfig } from '../../config/env';
import { isValidAsin, normalizeAsin } from '../../common/asin';
import { CreatorsApiError, errorFromResponse, readErrorBody } from './creators-api-error';
import { fetchText, parseJsonBody } from './creators-http';
import { notFound, toFoundItem, type FoundItem, type ItemLookup } from './items';
import { sharedRateQueue, type RateQueue } from './rate-queue';
import { isRetryable, retryDelayMs } from './retry';
import { getItemsResponseSchema, searchItemsResponseSchema, type GetItemsResponse } from './schemas';
import { authorizationHeader, createTokenProvider, type TokenProvider } from './token-provider';

/** The GetItems/SearchItems limit on item IDs and results per call. */
export const MAX_ITEMS_PER_REQUEST = 10;
/** SearchItems serves at most this many pages (of up to 10 results) per query. */
export const MAX_SEARCH_PAGE = 10;

/** Asked of both operations: the author's lookups and searches need the image and features too, at no extra cost per call. */
export const ITEM_RESOURCES = [
  'itemInfo.title',
  'itemInfo.byLineInfo',
  'itemInfo.features',
  'images.primary.large',
  'images.primary.medium',
  'offersV2.listings.price',
  'offersV2.listings.availability',
  'offersV2.listings.isBuyBoxWinner',
  'offersV2.listings.merchantInfo',
  'offersV2.listings.condition',
] as const;

export interface CreatorsClientOptions {
  fetch?: typeof fetch;
  /** Per HTTP exchange (token or API), body included. Default 10 s. */
  timeoutMs?: number;
  /** Retries after the first attempt for 429, 5xx, network errors and timeouts. Default 4. */
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1); drives the backoff jitter. */
  random?: () => number;
  /** Epoch milliseconds, for token expiry. */
  now?: () => number;
  /** Backoff base and cap. Defaults 500 ms and 30 s. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A 429 asking to wait longer than this is thrown at once instead of waited out. Default 120 s. */
  maxRetryAfterSeconds?: number;
  /**
   * Every API request waits for its turn here. Defaults to the process-wide queue for this credential
   * (`sharedRateQueue`); the app passes the budget shared by all processes and instances.
   */
  queue?: RateQueue;
  tokenProvider?: TokenProvider;
}

export interface SearchItemsParams {
  keywords: string;
  /** Default 'All'; e.g. 'Electronics'. */
  searchIndex?: string;
  /** 1–10, default 10. */
  itemCount?: number;
  /** 1–10, default 1: which page of `itemCount` results. */
  itemPage?: number;
}

export interface SearchPage {
  /** Found items in Amazon's order; [] when nothing matches. */
  items: FoundItem[];
  /** Amazon's count of matches for the query (all pages); 0 when nothing matches. */
  totalResultCount: number;
  /** The same search on Amazon's site, with the partner tag; null when Amazon gives none. */
  searchUrl: string | null;
}

export interface CreatorsClient {
  /**
   * One result per distinct requested ASIN (uppercased), in request order: found, or not_found with
   * Amazon's code. Throws CreatorsApiError when a call fails; then nothing is returned.
   */
  getItems(asins: readonly string[]): Promise<Map<string, ItemLookup>>;
  /** Found items in Amazon's order; [] when nothing matches. */
  searchItems(params: SearchItemsParams): Promise<FoundItem[]>;
  /** One page of results with Amazon's total count and search link. */
  searchItemsPage(params: SearchItemsParams): Promise<SearchPage>;
}

type Operation = 'getItems' | 'searchItems';

/** A 404 ResourceNotFoundException is an answer ("none of these exist"), not a failure. */
type Outcome = { kind: 'ok'; payload: unknown } | { kind: 'not_found'; code: string; message: string };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function chunk<T>(values: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < values.length; i += size) chunks.push(values.slice(i, i + size));
  return chunks;
}

function malformed(operation: Operation, issue: string, cause: unknown): CreatorsApiError {
  return new CreatorsApiError('malformed', `Amazon Creators API: risposta di ${operation} non valida (${issue})`, { status: 200, cause });
}

export function createCreatorsClient(config: AmazonConfig, options: CreatorsClientOptions = {}): CreatorsClient {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 4;
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  const policy = {
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 120,
    random: options.random ?? Math.random,
  };
  const tokens = options.tokenProvider ?? createTokenProvider(config, { fetch: fetchFn, now, timeoutMs });
  const queue = options.queue ?? sharedRateQueue(config);
  const baseUrl = config.apiBaseUrl.replace(/\/+$/, '');

  const common = {
    partnerTag: config.partnerTag,
    marketplace: config.marketplace,
    languagesOfPreference: ['it_IT'],
    currencyOfPreference: 'EUR',
    condition: 'New',
    resources: [...ITEM_RESOURCES],
  };

  async function attempt(operation: Operation, body: object): Promise<Outcome> {
    // The token comes before the queue turn, so a token fetch never eats into the spacing of API calls.
    // A turn refused because the budget is spent is a throttle: retried like Amazon's 429, or thrown.
    const token = await tokens.getToken();
    await queue.turn();
    const response = await fetchText(
      fetchFn,
      `${baseUrl}/catalog/v1/${operation}`,
      {
        method: 'POST',
        headers: {
          Authorization: authorizationHeader(config.credentialVersion, token),
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'x-marketplace': config.marketplace,
        },
        body: JSON.stringify(body),
      },
      timeoutMs,
      'api',
    );
    if (response.status >= 200 && response.status < 300) return { kind: 'ok', payload: parseJsonBody(response, 'api') };
    if (response.status === 404) {
      const error = readErrorBody(response.text);
      if (error.type === 'ResourceNotFoundException') {
        return { kind: 'not_found', code: error.type, message: error.message ?? 'Nessun prodotto trovato' };
      }
    }
    if (response.status === 401) tokens.invalidate(token);
    throw errorFromResponse('api', response.status, response.text, response.headers, now());
  }

  async function call(operation: Operation, body: object): Promise<Outcome> {
    let retries = 0;
    let refreshedToken = false;
    for (;;) {
      try {
        return await attempt(operation, body);
      } catch (error) {
        if (!(error instanceof CreatorsApiError)) throw error;
        // A rejected token (expired early, revoked) gets one fresh token at once; a second 401 is real.
        if (error.kind === 'auth' && error.endpoint === 'api' && !refreshedToken) {
          refreshedToken = true;
          continue;
        }
        if (!isRetryable(error) || retries >= maxRetries) throw error;
        const delay = retryDelayMs(error, retries, policy);
        if (delay === null) throw error;
        retries += 1;
        await sleep(delay);
      }
    }
  }

  function resultsOfBatch(batch: readonly string[], outcome: Outcome): ItemLookup[] {
    if (outcome.kind === 'not_found') return batch.map((asin) => notFound(asin, outcome.code, outcome.message));
    const parsed = getItemsResponseSchema.safeParse(outcome.payload);
    if (!parsed.success) throw malformed('getItems', parsed.error.issues.map((i) => `${i.path.join('.') || 'corpo'}: ${i.message}`).join('; '), parsed.error);
    const body: GetItemsResponse = parsed.data;
    const items = body.itemsResult?.items ?? body.itemResults?.items ?? [];
    // Order is not guaranteed: match by ASIN.
    const byAsin = new Map(items.map((item) => [item.asin.toUpperCase(), item]));
    const errors = body.errors ?? [];
    return batch.map((asin) => {
      const item = byAsin.get(asin);
      if (item) return toFoundItem(item);
      // Partial failures name the ASIN only inside the message.
      const error = errors.find((entry) => entry.message?.toUpperCase().includes(asin));
      if (error) return notFound(asin, error.code, error.message ?? error.code);
      return notFound(asin, 'ItemNotReturned', 'Amazon non ha restituito questo prodotto');
    });
  }

  async function searchItemsPage({ keywords, searchIndex = 'All', itemCount = MAX_ITEMS_PER_REQUEST, itemPage = 1 }: SearchItemsParams): Promise<SearchPage> {
    if (!keywords.trim()) throw new CreatorsApiError('bad_request', 'Amazon Creators API: indica le parole da cercare');
    if (!Number.isInteger(itemCount) || itemCount < 1 || itemCount > MAX_ITEMS_PER_REQUEST) {
      throw new CreatorsApiError('bad_request', `Amazon Creators API: itemCount deve essere tra 1 e ${MAX_ITEMS_PER_REQUEST}`);
    }
    if (!Number.isInteger(itemPage) || itemPage < 1 || itemPage > MAX_SEARCH_PAGE) {
      throw new CreatorsApiError('bad_request', `Amazon Creators API: itemPage deve essere tra 1 e ${MAX_SEARCH_PAGE}`);
    }
    const outcome = await call('searchItems', { keywords: keywords.trim(), searchIndex, itemCount, itemPage, ...common });
    // No results (or a page past the last one) is Amazon's 404: an empty page, not a failure.
    if (outcome.kind === 'not_found') return { items: [], totalResultCount: 0, searchUrl: null };
    const parsed = searchItemsResponseSchema.safeParse(outcome.payload);
    if (!parsed.success) throw malformed('searchItems', parsed.error.issues.map((i) => `${i.path.join('.') || 'corpo'}: ${i.message}`).join('; '), parsed.error);
    const result = parsed.data.searchResult;
    const items = (result?.items ?? []).map(toFoundItem);
    return { items, totalResultCount: result?.totalResultCount ?? items.length, searchUrl: result?.searchURL ?? null };
  }

  return {
    async getItems(asins) {
      const requested = [...new Set(asins.map(normalizeAsin))];
      const results = new Map<string, ItemLookup>();
      for (const asin of requested) {
        if (!isValidAsin(asin)) results.set(asin, notFound(asin, 'InvalidParameterValue', `"${asin}" non è un ASIN valido`));
      }
      // Batches run one after another: the queue serialises them anyway, and a failure stops the rest.
      for (const batch of chunk(requested.filter(isValidAsin), MAX_ITEMS_PER_REQUEST)) {
        const outcome = await call('getItems', { itemIds: batch, itemIdType: 'ASIN', ...common });
        for (const result of resultsOfBatch(batch, outcome)) results.set(result.asin, result);
      }
      return new Map(requested.map((asin) => [asin, results.get(asin)!]));
    },

    searchItemsPage,

    async searchItems(params) {
      return (await searchItemsPage(params)).items;
    },
  };
}
