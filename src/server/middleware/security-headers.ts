/** Security headers for every response; pages get a CSP, the API one that forbids everything. */
import type { MiddlewareHandler } from 'hono';

// Pages: the public pages' two inline scripts (theme, page script: decision 017) and, on the admin, React
// Router's modules and inline hydration data. Nonces cannot be used because public HTML is cached and
// shared, hence 'unsafe-inline' for scripts; everything else is locked down.
const PAGE_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data: blob:; " +
  "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The headers every response carries, plus the page CSP for HTML. Also used for cached pages. */
export function baseSecurityHeaders(options: { https: boolean; html: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    ...(options.html ? { 'Content-Security-Policy': PAGE_CSP } : {}),
  };
}

export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const html = (headers.get('Content-Type') ?? '').startsWith('text/html');
    for (const [name, value] of Object.entries(baseSecurityHeaders({ https: options.https, html }))) headers.set(name, value);
    if (c.req.path.startsWith('/api/')) {
      headers.set('Content-Security-Policy', API_CSP);
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    }
  };
}
