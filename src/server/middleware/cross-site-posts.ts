/**
 * Cross-site posts refused (decision 036): the one check every state-changing public form and endpoint
 * goes through — the alert subscribe (JSON and the no-JavaScript form), the API's one-click unsubscribe,
 * and every page route's POST (the alert confirmation and unsubscribe pages under /avvisi/*). Without it a
 * third-party page could make its visitors' browsers post our forms, and every limit keyed on the client's
 * network would be charged to those visitors instead of the attacker.
 *
 * A request is refused when the browser says it comes from another site:
 * - `Sec-Fetch-Site: cross-site`, or `same-site` (a sibling host of ours is still another origin, and our
 *   own forms always post to the page's own origin);
 * - an `Origin` that is neither PUBLIC_BASE_URL's origin nor the origin the request was sent to (its own
 *   Host: a browser never lets a page set that, and it keeps a site reached by another name — 127.0.0.1,
 *   a staging host — working), and `Origin: null` (sandboxed frames, `data:` pages, cross-site redirects).
 * Requests without either header pass: older browsers, `curl`, and above all the mail providers' servers
 * that POST the RFC 8058 one-click unsubscribe — those carry no ambient credential a page could abuse.
 *
 * The refusal is a 403 that says why in Italian: a page for a form or a page route, the API's JSON error
 * otherwise. Nothing behind it runs: no mail, no counter, no stack trace.
 */
import type { MiddlewareHandler } from 'hono';
import { plainPage } from '../plain-page';
import { errorBody } from './error-answers';

export const CROSS_SITE_MESSAGE = "Richiesta rifiutata: il modulo è stato inviato da un altro sito. Per sicurezza accettiamo solo i moduli delle nostre pagine.";

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The bodies an HTML form can send: the answer to one is a page. */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\s*(;|$)/i;

/** Whether the browser's own headers say the request was made by a page of another site. */
export function isCrossSiteRequest(request: Request, allowedOrigin: string): boolean {
  const headers = request.headers;
  const site = headers.get('Sec-Fetch-Site')?.trim().toLowerCase();
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = headers.get('Origin');
  if (origin === null) return false;
  if (origin === allowedOrigin) return false;
  let sender: URL;
  try {
    sender = new URL(origin);
  } catch {
    return true; // "null" and anything else that is no origin
  }
  // The host the request was sent to (the Node server builds the URL from the Host header).
  return sender.host !== new URL(request.url).host || !/^https?:$/.test(sender.protocol);
}

/** Refuses cross-site requests of every method but GET, HEAD and OPTIONS. `publicBaseUrl`: PUBLIC_BASE_URL. */
export function refuseCrossSitePosts(options: { publicBaseUrl: string }): MiddlewareHandler {
  const allowedOrigin = new URL(options.publicBaseUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !isCrossSiteRequest(c.req.raw, allowedOrigin)) return next();
    const wantsPage = !c.req.path.startsWith('/api/') || FORM_TYPES.test(c.req.header('Content-Type') ?? '');
    return wantsPage ? refusalPage() : c.json(errorBody('FORBIDDEN', CROSS_SITE_MESSAGE), 403);
  };
}

function refusalPage(): Response {
  return plainPage({
    status: 403,
    heading: 'Richiesta rifiutata',
    paragraphs: [{ text: CROSS_SITE_MESSAGE, testId: 'cross-site-refusal' }, { text: 'Se volevi davvero farlo, apri il nostro sito e riprova da lì.' }],
    link: { href: '/', text: 'Vai alla home' },
  });
}
