/**
 * In-memory cache of rendered public pages (HTML and React Router's .data payloads), keyed by path and
 * query. Entries live at most `ttlMs` (prices shown must not outlive what the page says about them) and
 * the whole cache is dropped as soon as public content changes.
 *
 * Two halves: `store` sits just before the renderer and keeps successful public renders; `serveHit` is
 * the app's first middleware and answers a hit with everything precomputed (compressed bodies, final
 * headers including the security ones), so a cached page costs a Map lookup and a write.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

type Encoding = 'br' | 'gzip' | 'identity';

interface CachedPage {
  bodies: Record<Encoding, Uint8Array<ArrayBuffer>>;
  headers: Record<Encoding, Record<string, string>>;
  storedAt: number;
}

const CACHEABLE_TYPE = /^(text\/html|text\/x-script)/;
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=60';

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Headers every response carries (security headers), added to cached pages once, at store time. */
  extraHeaders: (html: boolean) => Record<string, string>;
  /** Called for each hit (visit counting, request log). */
  onHit?: (c: Context, key: string) => void;
  now?: () => number;
}

function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  if (/\bbr\b/i.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/i.test(acceptEncoding)) return 'gzip';
  return 'identity';
}

/** Path plus query string, without parsing the whole URL. */
function cacheKey(c: Context): string {
  const url = c.req.url;
  const query = url.indexOf('?');
  return query === -1 ? c.req.path : c.req.path + url.slice(query);
}

function isPublicPage(path: string): boolean {
  return !path.startsWith('/api/') && !path.startsWith('/admin') && !path.startsWith('/assets/') && path !== '/api';
}

export function createPageCache({ ttlMs, maxEntries, extraHeaders, onHit, now = Date.now }: PageCacheOptions) {
  const entries = new Map<string, CachedPage>();
  // Bumped by every clear(): a page whose render began before a content change holds the old content and
  // must not be stored after it (it would be served for a whole TTL after the change).
  let generation = 0;

  function respond(page: CachedPage, c: Context, state: 'HIT' | 'MISS'): Response {
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    const headers = state === 'HIT' ? page.headers[encoding] : { ...page.headers[encoding], 'X-Cache': 'MISS' };
    return new Response(c.req.method === 'HEAD' ? null : page.bodies[encoding], { status: 200, headers });
  }

  function lookup(c: Context): { key: string; page: CachedPage } | null {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || !isPublicPage(c.req.path) || c.req.header('Authorization')) return null;
    const key = cacheKey(c);
    const page = entries.get(key);
    return page && now() - page.storedAt < ttlMs ? { key, page } : null;
  }

  const serveHit: MiddlewareHandler = async (c, next) => {
    const hit = lookup(c);
    if (!hit) return next();
    onHit?.(c, hit.key);
    return respond(hit.page, c, 'HIT');
  };

  const store: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    const renderedFor = generation;
    await next();
    if (method !== 'GET' || !isPublicPage(c.req.path) || c.req.header('Authorization')) return;
    const type = c.res.headers.get('Content-Type') ?? '';
    if (c.res.status !== 200 || !CACHEABLE_TYPE.test(type) || c.res.headers.has('Set-Cookie')) return;

    const identity = new Uint8Array(await c.res.arrayBuffer());
    if (renderedFor !== generation) {
      c.res = new Response(identity, c.res);
      return;
    }
    const base: Record<string, string> = {};
    c.res.headers.forEach((value, name) => {
      if (name !== 'content-length') base[name] = value;
    });
    Object.assign(base, extraHeaders(type.startsWith('text/html')), {
      'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL,
      Vary: 'Accept-Encoding',
      'X-Cache': 'HIT',
    });
    const bodies: CachedPage['bodies'] = {
      identity,
      gzip: new Uint8Array(gzipSync(identity, { level: 6 })),
      br: new Uint8Array(brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })),
    };
    const withEncoding = (encoding: Encoding) => ({
      ...base,
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
      'Content-Length': String(bodies[encoding].byteLength),
    });
    const page: CachedPage = {
      bodies,
      headers: { identity: withEncoding('identity'), gzip: withEncoding('gzip'), br: withEncoding('br') },
      storedAt: now(),
    };
    const key = cacheKey(c);
    entries.delete(key);
    entries.set(key, page);
    // Map order is insertion order: the first key is the least recently stored one.
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    c.res = respond(page, c, 'MISS');
  };

  return {
    serveHit,
    store,
    clear: () => {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
