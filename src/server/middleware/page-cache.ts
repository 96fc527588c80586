/**
 * In-memory cache of public answers: rendered pages, the sitemap, the build list API and the builds' price
 * histories (which ones, and
 * under which key: ../cache/cache-keys.ts). It is the app's first middleware, and the stored headers
 * already carry everything the inner middleware added. On the Node server a hit does not even reach the
 * app: `serveFromNode` answers it from the raw request with a prepared head and body (no Request or
 * Response objects), which is what lets a cached page go at a rate close to a static file server's.
 *
 * - Entries live at most `ttlMs` (prices shown must not outlive what the page says about them) and the
 *   whole cache is dropped as soon as public content changes.
 * - Bounded in bytes (an LRU), not in entries: a worker's memory stays within `maxBytes` whatever the
 *   catalogue size. `maxBytes` 0 turns caching off (every request renders; answers are still compressed).
 * - Two shares of `maxBytes` (cache-keys.ts's pools): the pages every visitor reads, and the variants a
 *   query can multiply. A flood of variants evicts variants only.
 * - An answer whose key depends on the database is kept only if it confirms its key (common/page-key.ts).
 * - Misses are counted per client address (`admitRender`): past the limit, a 429 instead of a render.
 * - Concurrent misses for one key wait for one render instead of rendering once each.
 * - Each encoding is compressed once per entry, on first demand, off the event loop.
 * - Every answer kept (or, with the cache off, that would be) carries a weak ETag of its uncompressed body,
 *   and a conditional GET or HEAD that matches it gets 304 from the stored entry, without a render
 *   (cache/validators.ts, decision 040).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { PAGE_KEY_HEADER } from '../../common/page-key';
import { type RequestFacts, requestFactsOf } from '../client-ip';
import { ByteLru } from '../cache/byte-lru';
import { type CachePool, cachePoolOf, isPageKey, needsConfirmation, responseCacheKey } from '../cache/cache-keys';
import { compress, type Encoding, isCompressible, pickEncoding } from '../cache/compression';
import { type Conditions, entityTagOf, isNotModified, notModifiedHeaders } from '../cache/validators';
import { settledResponse } from './settled-response';

const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=60';

/** Headers, keys and bookkeeping of an entry, counted on top of its bodies. */
const ENTRY_OVERHEAD_BYTES = 2048;
/**
 * The base pages' share of the cache. They are few (one per page of the site) and read by everyone; the
 * variants' quarter still holds a few hundred personalised pages and searches at the default size.
 */
const BASE_POOL_SHARE = 0.75;
const PAGE_KEY = PAGE_KEY_HEADER.toLowerCase();

interface CachedAnswer {
  status: number;
  /** Headers of the answer without Content-Length and Content-Encoding (added per encoding); ETag included. */
  headers: Record<string, string>;
  /** The entity tag of the uncompressed body (cache/validators.ts): one for every encoding. */
  etag: string;
  /** A 304's head, as Node writes it (kept answers only). */
  notModifiedHead?: string[];
  identity: Uint8Array<ArrayBuffer>;
  /** Compressed copies, made on first demand; a promise so concurrent first demands compress once. */
  compressed: Partial<Record<Exclude<Encoding, 'identity'>, Promise<Uint8Array<ArrayBuffer>>>>;
  /** Per encoding, once its body exists (kept answers only): the whole answer as Node writes it (a flat header list, the body). */
  ready: Partial<Record<Encoding, { head: string[]; body: Uint8Array }>>;
  compressible: boolean;
  /** Kept in the cache (compressed for many requests) or made for one answer (the cache is off). */
  kept: boolean;
  storedAt: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  /** Bytes of bodies this cache may hold; 0 turns it off. */
  maxBytes: number;
  /** Called for each answer served from the cache (the request log), with its status (200, or 304). */
  onHit?: (hit: CacheHit, status: number) => void;
  /**
   * Called for every answer to a GET or HEAD of a keyed path, served from the cache or rendered, with the
   * cache on or off: the one place a build page's visit is seen (analytics/visit-rules.ts).
   */
  onAnswer?: (answer: CacheAnswer) => void;
  /**
   * Asked before a miss renders (caching on only): null lets it render, a number of seconds refuses it
   * with 429 and that Retry-After (the per-address miss limit, cache/miss-limit.ts).
   */
  admitRender?: (request: RequestFacts) => number | null;
  now?: () => number;
}

/** The request a hit answered, whether it came through the app or straight from Node. */
export interface CacheHit extends RequestFacts {
  method: string;
  path: string;
}

/** A request answered under a key, and the status it got. */
export interface CacheAnswer extends CacheHit {
  /** The request's raw query, without '?' ('' for none): a personalised build page's choices (decision 030). */
  query: string;
  status: number;
}

const NO_QUERY = new URLSearchParams();

function hitOf(c: Context): CacheHit {
  return { method: c.req.method, path: c.req.path, ...requestFactsOf(c) };
}

function isCacheableRequest(c: Context): boolean {
  const method = c.req.method;
  return (method === 'GET' || method === 'HEAD') && !c.req.header('Authorization');
}

/** The raw query of the request, without '?' ('' for none). */
function rawQueryOf(c: Context): string {
  const url = c.req.url;
  const query = url.indexOf('?');
  return query === -1 ? '' : url.slice(query + 1);
}

/** The key of this request, or null when its answer is not cached. Parses the query only when there is one. */
function keyOf(c: Context): string | null {
  const query = rawQueryOf(c);
  return responseCacheKey(c.req.path, query === '' ? NO_QUERY : new URLSearchParams(query));
}

/**
 * A fresh answer worth keeping: a 200 that sets no cookie and is not already encoded. Reads no body:
 * @hono/node-server's lightweight Response rebuilds itself from its original headers when its body is
 * first touched, losing headers set later by middleware (the security headers).
 */
function isStorable(response: Response): boolean {
  return response.status === 200 && !response.headers.has('Set-Cookie') && !response.headers.has('Content-Encoding');
}

/**
 * Hono's `c.res` setter copies the old response's headers over the new one's (its Content-Length and
 * Cache-Control would win): clearing it first makes the new response the whole answer.
 */
function replaceResponse(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}

/**
 * The answer without the page's key header (common/page-key.ts), which is for this cache only. A new
 * Response rather than a header deleted in place: @hono/node-server's lightweight Response may rebuild
 * itself from its original headers.
 */
function withoutPageKey(c: Context): void {
  const response = c.res;
  if (!response.headers.has(PAGE_KEY)) return;
  const headers = new Headers(response.headers);
  headers.delete(PAGE_KEY);
  replaceResponse(c, new Response(response.body, { status: response.status, statusText: response.statusText, headers }));
}

/** 429: this address caused too many misses this minute; a short Italian text, never stored. */
function tooManyMisses(retryAfterSeconds: number): Response {
  return new Response(`Troppe richieste da questo indirizzo: riprova tra ${retryAfterSeconds} secondi.\n`, {
    status: 429,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' },
  });
}

async function toCachedAnswer(response: Response, key: string, storedAt: number, kept = true): Promise<CachedAnswer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== PAGE_KEY) headers[name] = value;
  });
  if (isPageKey(key)) headers['cache-control'] = PUBLIC_PAGE_CACHE_CONTROL;
  const compressible = isCompressible(headers['content-type'] ?? '');
  if (compressible) headers.vary = 'Accept-Encoding';
  const identity = new Uint8Array(await response.arrayBuffer());
  const etag = entityTagOf(identity);
  headers.etag = etag;
  const answer: CachedAnswer = { status: response.status, headers, etag, identity, compressed: {}, ready: {}, compressible, kept, storedAt };
  if (kept) {
    prepareRaw(answer, 'identity', identity);
    answer.notModifiedHead = Object.entries(notModifiedOf(answer)).flat();
  }
  return answer;
}

function notModifiedOf(answer: CachedAnswer): Record<string, string> {
  return { ...notModifiedHeaders(answer.headers), 'x-cache': 'HIT' };
}

/** Whether the request's conditions let it have 304 instead of this answer. */
function answersNotModified(answer: CachedAnswer, conditions: Conditions): boolean {
  return answer.status === 200 && isNotModified(conditions, { etag: answer.etag, lastModified: answer.headers['last-modified'] });
}

function conditionsOf(c: Context): Conditions {
  return { ifNoneMatch: c.req.header('If-None-Match'), ifModifiedSince: c.req.header('If-Modified-Since') };
}

function conditionsOfNode(req: IncomingMessage): Conditions {
  const { 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince } = req.headers;
  return { ifNoneMatch, ifModifiedSince };
}

function headersFor(answer: CachedAnswer, encoding: Encoding, body: Uint8Array, state: 'HIT' | 'MISS'): Record<string, string> {
  const headers: Record<string, string> = { ...answer.headers, 'content-length': String(body.byteLength), 'x-cache': state };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return headers;
}

function prepareRaw(answer: CachedAnswer, encoding: Encoding, body: Uint8Array): void {
  answer.ready[encoding] = { head: Object.entries(headersFor(answer, encoding, body, 'HIT')).flat(), body };
}

/** Node's view of a request as the client-address logic reads it. */
function factsOfNode(req: IncomingMessage, path: string): CacheHit {
  return {
    method: req.method ?? 'GET',
    path,
    header: (name) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    remoteAddress: req.socket.remoteAddress,
  };
}

/** The cache's two LRUs, each with its share of the bytes; a key always lives in the same one. */
function createPools(maxBytes: number) {
  const baseBytes = Math.floor(maxBytes * BASE_POOL_SHARE);
  const pools: Record<CachePool, ByteLru<CachedAnswer>> = { base: new ByteLru(baseBytes), variant: new ByteLru(maxBytes - baseBytes) };
  const poolOf = (key: string) => pools[cachePoolOf(key)];
  return {
    get: (key: string) => poolOf(key).get(key),
    set: (key: string, value: CachedAnswer, bytes: number) => poolOf(key).set(key, value, bytes),
    grow: (key: string, value: CachedAnswer, extraBytes: number) => poolOf(key).grow(key, value, extraBytes),
    delete: (key: string) => poolOf(key).delete(key),
    clear: () => {
      pools.base.clear();
      pools.variant.clear();
    },
    get size() {
      return pools.base.size + pools.variant.size;
    },
    get bytes() {
      return pools.base.bytes + pools.variant.bytes;
    },
    /** Entries and bytes per pool. */
    stats: () => ({
      base: { size: pools.base.size, bytes: pools.base.bytes },
      variant: { size: pools.variant.size, bytes: pools.variant.bytes },
    }),
  };
}

export function createPageCache({ ttlMs, maxBytes, onHit, onAnswer, admitRender, now = Date.now }: PageCacheOptions) {
  const entries = createPools(maxBytes);
  /** Renders in progress, by key: later requests for the same key wait for them. */
  const inFlight = new Map<string, Promise<CachedAnswer | null>>();
  // Bumped by every clear(): a page whose render began before a content change holds the old content and
  // must not be stored after it (it would be served for a whole TTL after the change).
  let generation = 0;

  /** The body for `encoding`, compressing it on first demand (and counting the copy against the bound). */
  function bodyFor(answer: CachedAnswer, key: string | null, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> | Uint8Array<ArrayBuffer> {
    if (encoding === 'identity' || !answer.compressible) return answer.identity;
    let body = answer.compressed[encoding];
    if (!body) {
      body = compress(answer.identity, encoding, answer.kept ? 'kept' : 'once');
      answer.compressed[encoding] = body;
      void body
        .then((bytes) => {
          if (answer.kept) prepareRaw(answer, encoding, bytes);
          if (key !== null) entries.grow(key, answer, bytes.byteLength);
        })
        .catch(() => undefined);
    }
    return body;
  }

  async function respond(c: Context, answer: CachedAnswer, key: string | null, state: 'HIT' | 'MISS'): Promise<Response> {
    if (answersNotModified(answer, conditionsOf(c))) return new Response(null, { status: 304, headers: { ...notModifiedOf(answer), 'x-cache': state } });
    const encoding = answer.compressible ? pickEncoding(c.req.header('Accept-Encoding')) : 'identity';
    const body = await bodyFor(answer, key, encoding);
    return new Response(c.req.method === 'HEAD' ? null : body, { status: answer.status, headers: headersFor(answer, encoding, body, state) });
  }

  function freshEntry(key: string): CachedAnswer | undefined {
    const answer = entries.get(key);
    if (answer && now() - answer.storedAt < ttlMs) return answer;
    if (answer) entries.delete(key);
    return undefined;
  }

  /** Renders, keeps the answer when it may be kept, and tells the requests waiting for it. */
  async function renderAndStore(c: Context, key: string, next: () => Promise<void>): Promise<Response | void> {
    const renderedFor = generation;
    let settle!: (answer: CachedAnswer | null) => void;
    const shared = new Promise<CachedAnswer | null>((resolve) => (settle = resolve));
    inFlight.set(key, shared);
    let answer: CachedAnswer | null = null;
    try {
      await next();
      // A HEAD is rendered as a GET (server/pages.ts, Hono's own routes): its body is the GET's, worth keeping.
      if (!isStorable(c.res) || settledResponse(c).body === null) return;
      // A page whose key depends on the database keeps its answer only under the key it confirms: a
      // request naming choices or builds that do not exist is answered, and leaves no entry behind.
      if (needsConfirmation(key) && c.res.headers.get(PAGE_KEY) !== key) return;
      answer = await toCachedAnswer(c.res, key, now());
      if (renderedFor === generation) entries.set(key, answer, answer.identity.byteLength + ENTRY_OVERHEAD_BYTES);
      replaceResponse(c, await respond(c, answer, renderedFor === generation ? key : null, 'MISS'));
    } finally {
      if (inFlight.get(key) === shared) inFlight.delete(key);
      settle(answer);
    }
  }

  const cachingMiddleware: MiddlewareHandler = async (c, next) => {
    if (!isCacheableRequest(c)) return next();
    const key = keyOf(c);
    if (key === null) return next();

    const hit = freshEntry(key);
    if (hit) {
      const response = await respond(c, hit, key, 'HIT');
      onHit?.(hitOf(c), response.status);
      return response;
    }
    const running = inFlight.get(key);
    if (running) {
      const answer = await running;
      // Not storable (a redirect, an error, an unconfirmed key): this request renders its own answer, and
      // that render counts like any other miss (or one address could render at will by asking at once).
      if (!answer) {
        const retryAfter = admitRender?.(requestFactsOf(c)) ?? null;
        return retryAfter === null ? next() : tooManyMisses(retryAfter);
      }
      const response = await respond(c, answer, null, 'HIT');
      onHit?.(hitOf(c), response.status);
      return response;
    }
    const retryAfter = admitRender?.(requestFactsOf(c)) ?? null;
    if (retryAfter !== null) return tooManyMisses(retryAfter);
    return renderAndStore(c, key, next);
  };

  /** Every answer leaves without the page key header, stored or not, cached or not. */
  function strippingPageKeys(inner: MiddlewareHandler): MiddlewareHandler {
    return async (c, next) => {
      const response = await inner(c, next);
      if (response) return response;
      withoutPageKey(c);
    };
  }

  /** Tells onAnswer of every answer to a GET or HEAD of a keyed path that went through the app. */
  function reportingAnswers(inner: MiddlewareHandler): MiddlewareHandler {
    if (!onAnswer) return inner;
    return async (c, next) => {
      const response = await inner(c, next);
      const method = c.req.method;
      if ((method === 'GET' || method === 'HEAD') && keyOf(c) !== null) onAnswer({ ...hitOf(c), query: rawQueryOf(c), status: (response ?? c.res).status });
      return response;
    };
  }

  /** With the cache off, the answers it would keep are still compressed, off the event loop. */
  const compressingMiddleware: MiddlewareHandler = async (c, next) => {
    const key = isCacheableRequest(c) ? keyOf(c) : null;
    await next();
    // Compressed, tagged and answered 304 on a match, as a cached answer would be; after the render here.
    if (key === null || !isStorable(c.res) || settledResponse(c).body === null) return;
    replaceResponse(c, await respond(c, await toCachedAnswer(c.res, key, now(), false), null, 'MISS'));
  };

  /**
   * Answers a hit straight from Node's request, before the app sees it; false (nothing written) for
   * anything else: a miss, a body not compressed yet, a request the app must see (a body, credentials,
   * a percent-encoded path, which the app decodes before keying).
   */
  function serveFromNode(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || maxBytes === 0) return false;
    const headers = req.headers;
    if (headers.authorization !== undefined || headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0') return false;
    const url = req.url ?? '/';
    if (url.includes('%')) return false;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const key = responseCacheKey(path, query === -1 ? NO_QUERY : new URLSearchParams(url.slice(query + 1)));
    const answer = key === null ? undefined : freshEntry(key);
    if (!answer) return false;
    const notModified = answer.notModifiedHead !== undefined && answersNotModified(answer, conditionsOfNode(req));
    const ready = answer.ready[answer.compressible ? pickEncoding(headers['accept-encoding']) : 'identity'];
    if (!ready && !notModified) return false;
    const facts = factsOfNode(req, path);
    const status = notModified || !ready ? 304 : answer.status;
    onHit?.(facts, status);
    onAnswer?.({ ...facts, query: query === -1 ? '' : url.slice(query + 1), status });
    if (status === 304 || !ready) {
      res.writeHead(304, answer.notModifiedHead ?? []);
      res.end();
      return true;
    }
    res.writeHead(answer.status, ready.head);
    res.end(method === 'HEAD' ? undefined : ready.body);
    return true;
  }

  return {
    middleware: reportingAnswers(strippingPageKeys(maxBytes > 0 ? cachingMiddleware : compressingMiddleware)),
    serveFromNode,
    clear: () => {
      generation++;
      entries.clear();
      // A request arriving after the change must not wait for a render that read the old content.
      inFlight.clear();
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.bytes;
    },
    /** Entries and bytes of each pool (tests, benches). */
    pools: () => entries.stats(),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
