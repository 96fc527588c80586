/**
 * One line per request: method, path (no query string), status, duration. Never headers or bodies,
 * so tokens and passwords cannot reach the log. The method and the path come from the client: they are
 * written as escaped fields (common/log-text.ts), so a path that decodes to a line break or a space
 * (`/x%0AGET%20/admin%20200%201.0ms`) stays inside its own field of its own line.
 */
import type { MiddlewareHandler } from 'hono';
import { logField } from '../../common/log-text';

/** `GET /path 200 1.2ms`, or `GET /path 200 (cache)` for an answer served from the page cache. */
export function requestLogLine(method: string, path: string, status: number, timing: string): string {
  return `${logField(method)} ${logField(path)} ${status} ${timing}`;
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
