/** Security headers for every response; pages get a CSP, the API one that forbids everything. */
import type { MiddlewareHandler } from 'hono';
import { pageContentSecurityPolicy } from '../../common/content-security-policy';

// Rendered pages bring their own policy (entry.server.tsx: script hashes on public documents, a nonce on the
// admin, decision 026). Any other HTML gets the same policy with no inline script allowed at all.
const PAGE_CSP = pageContentSecurityPolicy();
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The headers every response carries; HTML without a CSP of its own gets the strict page CSP. */
function baseSecurityHeaders(options: { https: boolean; html: boolean }): Record<string, string> {
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
    const ownPolicy = headers.has('Content-Security-Policy');
    for (const [name, value] of Object.entries(baseSecurityHeaders({ https: options.https, html: html && !ownPolicy }))) headers.set(name, value);
    if (c.req.path.startsWith('/api/')) {
      headers.set('Content-Security-Policy', API_CSP);
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    }
  };
}
