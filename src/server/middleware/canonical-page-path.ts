/**
 * One address per public page: `/build/{slug}/`, `/BUILD/{slug}`, `/build/%70c-gaming` or `/cerca/` are
 * answered with a permanent redirect to the one spelling (cache/cache-keys.ts's canonicalPagePath), the
 * query kept. Search engines then see one page, not several, and no spelling renders apart from the
 * cached one. Only GET and HEAD: a form's POST is left to its route.
 */
import type { MiddlewareHandler } from 'hono';
import { canonicalPagePath } from '../cache/cache-keys';
import { requestLogLine } from './request-log';

/** `logRequests`: it runs before the request log (and the cache), so it writes its own line. */
export function canonicalPagePaths(logRequests: boolean): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const url = c.req.url;
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    const queryStart = url.indexOf('?', pathStart);
    const rawPath = queryStart === -1 ? url.slice(pathStart) : url.slice(pathStart, queryStart);
    const canonical = canonicalPagePath(rawPath);
    if (canonical === null) return next();
    if (logRequests) console.log(requestLogLine(method, c.req.path, 301, '(redirect)'));
    return new Response(null, {
      status: 301,
      headers: { location: canonical + (queryStart === -1 ? '' : url.slice(queryStart)), 'cache-control': 'public, max-age=86400' },
    });
  };
}
