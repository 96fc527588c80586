/**
 * One line per request: method, path (no query string), status, duration. Never headers or bodies,
 * so tokens and passwords cannot reach the log; the alert links' tokens in a path are masked too. The method and the path come from the client: they are
 * written as escaped fields (common/log-text.ts), so a path that decodes to a line break or a space
 * (`/x%0AGET%20/admin%20200%201.0ms`) stays inside its own field of its own line.
 */
import type { MiddlewareHandler } from 'hono';
import { logField } from '../../common/log-text';

/** Paths that carry a secret of their own: an alert's confirmation or unsubscribe token (decision 032). */
const TOKEN_IN_PATH = /^(\/avvisi\/(?:conferma|annulla)\/|\/api\/alerts\/unsubscribe\/)[^/]+/;

/** The path as the log may show it: an alert link's token replaced, so the log never holds a working link. */
export function loggablePath(path: string): string {
  return path.replace(TOKEN_IN_PATH, '$1[token]');
}

/** `GET /path 200 1.2ms`, or `GET /path 200 (cache)` for an answer served from the page cache. */
export function requestLogLine(method: string, path: string, status: number, timing: string): string {
  return `${logField(method)} ${logField(loggablePath(path))} ${status} ${timing}`;
}

export function requestLog(enabled: boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!enabled) return next();
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    console.log(requestLogLine(c.req.method, c.req.path, c.res.status, `${ms}ms`));
  };
}
