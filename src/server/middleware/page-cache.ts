/**
 * In-memory cache of rendered public pages (HTML and React Router's .data payloads), keyed by path and
 * query. Entries live at most `ttlMs` (prices shown must not outlive what the page says about them) and
 * the whole cache is dropped as soon as public content changes. Bodies are compressed once (brotli and
 * gzip) when stored, so a hit costs a Map lookup and a write.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

interface CachedPage {
  status: number;
  headers: [string, string][];
  identity: Uint8Array;
  gzip: Uint8Array;
  br: Uint8Array;
  storedAt: number;
}

const CACHEABLE_TYPE = /^(text\/html|text\/x-script)/;
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=60';

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

export function createPageCache({ ttlMs, maxEntries, now = Date.now }: PageCacheOptions) {
  const entries = new Map<string, CachedPage>();

  function respond(page: CachedPage, acceptEncoding: string | undefined, state: 'HIT' | 'MISS', head: boolean): Response {
    const encoding = pickEncoding(acceptEncoding);
    const headers = new Headers(page.headers);
    headers.set('Vary', 'Accept-Encoding');
    headers.set('X-Cache', state);
    if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
    const body = page[encoding];
    headers.set('Content-Length', String(body.byteLength));
    // Node's Response accepts any Uint8Array; the DOM typings are narrower (ArrayBuffer-backed only).
    return new Response(head ? null : (body as Uint8Array<ArrayBuffer>), { status: page.status, headers });
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || c.req.header('Authorization')) return next();
    const url = new URL(c.req.url);
    const key = url.pathname + url.search;
    const cached = entries.get(key);
    if (cached && now() - cached.storedAt < ttlMs) {
      c.res = respond(cached, c.req.header('Accept-Encoding'), 'HIT', method === 'HEAD');
      return;
    }

    await next();
    const type = c.res.headers.get('Content-Type') ?? '';
    if (c.res.status !== 200 || !CACHEABLE_TYPE.test(type) || c.res.headers.has('Set-Cookie') || method === 'HEAD') return;
    const identity = new Uint8Array(await c.res.arrayBuffer());
    const headers = new Headers(c.res.headers);
    headers.set('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
    headers.delete('Content-Length');
    const page: CachedPage = {
      status: 200,
      headers: [...headers.entries()],
      identity,
      gzip: gzipSync(identity, { level: 6 }),
      br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
      storedAt: now(),
    };
    entries.delete(key);
    entries.set(key, page);
    // Map order is insertion order: the first key is the least recently stored one.
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    c.res = respond(page, c.req.header('Accept-Encoding'), 'MISS', false);
  };

  return {
    middleware,
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
