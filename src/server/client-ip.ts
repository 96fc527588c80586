/** The caller's IP: the socket's address, or the first X-Forwarded-For hop when behind a trusted proxy. */
import type { Context } from 'hono';
import type { Visitor } from '../modules/builds/view-counter';

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Who is asking, for view counting: IP, browser and whether it is a speculative prefetch. */
export function visitorOf(c: Context, trustProxy: boolean): Visitor {
  return {
    ip: clientIp(c, trustProxy),
    userAgent: c.req.header('User-Agent') ?? null,
    purpose: c.req.header('Sec-Purpose') ?? c.req.header('Purpose') ?? null,
  };
}
