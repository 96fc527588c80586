/**
 * One line per request: method, path (no query string), status, duration. Never headers or bodies,
 * so tokens and passwords cannot reach the log.
 */
import type { MiddlewareHandler } from 'hono';

export function requestLog(enabled: boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!enabled) return next();
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}
