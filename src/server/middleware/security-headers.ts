/** Security headers for every response; the API also gets a CSP that forbids everything. */
import type { MiddlewareHandler } from 'hono';

export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
    if (options.https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (c.req.path.startsWith('/api/')) {
      headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    }
  };
}
