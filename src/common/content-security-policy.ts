/**
 * The Content-Security-Policy of the site's HTML, one policy text for every kind of page; only the script
 * sources differ (decision 026):
 * - the admin (a client app whose HTML is never cached): 'self' and a nonce fresh for each answer;
 * - public documents (cached and shared, decisions 017 and 018): 'self' and the SHA-256 of each of their
 *   fixed inline scripts, computed when the server starts from the very strings it inlines;
 * - any other HTML: 'self' only, no inline script at all.
 * No page gets 'unsafe-inline' for scripts.
 */

/** 'self' followed by the given sources ('nonce-…', 'sha256-…'). */
export function pageContentSecurityPolicy(scriptSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptSources].join(' ')}`,
    // Styles keep 'unsafe-inline': every page inlines its stylesheet in a <style> (decision 016) and React
    // writes `style` attributes whose values vary (a card's place in the entrance animation, the password
    // strength bar). Injected CSS runs no script, and the pages have no injection point for it anyway.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The source that allows the inline scripts carrying `nonce`. */
export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;
