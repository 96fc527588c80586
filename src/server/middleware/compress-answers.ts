/**
 * Compresses the answers the page cache does not keep (the 404 page, the alert pages, anything without a
 * cache key) when the client accepts it. Registered outside the page cache: an answer that already carries a
 * Content-Encoding (the cache's own) passes untouched, and nothing here is stored. Compression runs on
 * zlib's thread pool, off the event loop, at the cheap "once" levels.
 */
import type { MiddlewareHandler } from 'hono';
import { compress, isCompressible, pickEncoding } from '../cache/compression';
import { settledResponse } from './settled-response';

export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === 'HEAD' || c.res.status === 204 || c.res.status === 304) return;
    const response = settledResponse(c);
    if (response.body === null || response.headers.has('Content-Encoding')) return;
    if (!isCompressible(response.headers.get('Content-Type') ?? '')) return;
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    if (encoding === 'identity') return;
    const body = await compress(new Uint8Array(await response.arrayBuffer()), encoding, 'once');
    const headers = new Headers(response.headers);
    headers.set('Content-Encoding', encoding);
    headers.append('Vary', 'Accept-Encoding');
    headers.delete('Content-Length');
    // Cleared first: Hono merges the old answer's headers into the new one otherwise.
    c.res = undefined;
    c.res = new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}
