/**
 * The caller's IP. Without trusted proxies (TRUST_PROXY=0) it is the socket's address. Behind N trusted
 * proxies it is the N-th X-Forwarded-For entry from the right: each proxy appends the address it was
 * connected from, so the right-most N entries were written by our proxies, while everything to their
 * left came from the client and can be anything (a client that writes "X-Forwarded-For: 1.2.3.4" to
 * dodge the per-address login limit only adds entries on the left, which are never read).
 */
import type { Context } from 'hono';

/** Longest address kept (an IPv6 address with a zone fits; anything longer is not an address). */
const MAX_ADDRESS_LENGTH = 64;

/**
 * The client address from an X-Forwarded-For value, or null when there is none to trust (no header,
 * or no trusted proxies).
 *
 * With fewer entries than `hops`, the request skipped some of the proxies (e.g. it reached the inner
 * proxy directly). Every entry is then still one a trusted proxy wrote (a client can only add entries,
 * which would make more of them, not fewer), so the left-most is the best address known. The socket
 * address would be our own proxy's, shared by every visitor: one attacker's failures would then
 * block everybody's login.
 */
export function forwardedClientAddress(forwardedFor: string | undefined, hops: number): string | null {
  if (hops <= 0 || !forwardedFor) return null;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  const entry = entries[Math.max(0, entries.length - hops)]!;
  return entry.slice(0, MAX_ADDRESS_LENGTH);
}

/** What the client-address logic needs of a request, from Hono or straight from Node. */
export interface RequestFacts {
  header(name: string): string | undefined;
  /** The socket's peer address. */
  remoteAddress: string | undefined;
}

export function clientIpOf(request: RequestFacts, trustProxyHops: number): string {
  return forwardedClientAddress(request.header('X-Forwarded-For'), trustProxyHops) ?? request.remoteAddress ?? 'unknown';
}

/** A Hono request's facts; the socket comes from @hono/node-server's env (absent in app.request() tests). */
export function requestFactsOf(c: Context): RequestFacts {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return { header: (name) => c.req.header(name), remoteAddress: incoming?.socket?.remoteAddress };
}

export function clientIp(c: Context, trustProxyHops: number): string {
  return clientIpOf(requestFactsOf(c), trustProxyHops);
}

/** Who sent a request, for the click analytics: the client address and the browser. */
export function visitorOf(c: Context, trustProxyHops: number): { ip: string; userAgent: string | null } {
  return { ip: clientIp(c, trustProxyHops), userAgent: c.req.header('User-Agent') ?? null };
}
