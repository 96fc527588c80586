/**
 * The answer with every header edit made so far, safe to read the body of.
 *
 * @hono/node-server replaces the global Response with a lightweight one. When it was built with a plain
 * headers object, `response.headers` hands out a copy, and edits made through it in place (the security
 * headers, `c.header()` after `next()`) live only in that copy: the first read of `body`, `arrayBuffer()` or
 * `statusText` builds the real Response from the original init, and the edits are gone from the answer that
 * is sent. A middleware that reads the body after others edited headers takes the answer through here first:
 * a new Response from the edited headers, whose headers object is its init's own, so nothing is lost later.
 */
import type { Context } from 'hono';

export function settledResponse(c: Context): Response {
  const response = c.res;
  // Headers and status first: reading the body is what drops the edits.
  const headers = new Headers(response.headers);
  const status = response.status;
  const settled = new Response(response.body, { status, statusText: response.statusText, headers });
  // Cleared first: Hono merges the old answer's headers into the new one otherwise.
  c.res = undefined;
  c.res = settled;
  return settled;
}
