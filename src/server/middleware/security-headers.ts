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
    if ((headers.get('Content-Type') ?? '').startsWith('text/html')) {
      // Pages: our own scripts plus React Router's inline hydration data. Nonces cannot be used because
      // public HTML is cached and shared, hence 'unsafe-inline' for scripts; everything else is locked down.
      headers.set(
        'Content-Security-Policy',
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data: blob:; " +
          "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
      );
    }
    if (c.req.path.startsWith('/api/')) {
      headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    }
  };
}
