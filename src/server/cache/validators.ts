/**
 * Caching validators of the public answers (decision 040): an entity tag made from the answer's bytes and
 * the conditional GET that compares it (RFC 9110, sections 8.8 and 13).
 *
 * - The tag is weak, `W/"…"`, and derived from the UNCOMPRESSED body: the same for the identity, gzip and
 *   brotli copies (the answers carry `Vary: Accept-Encoding`). A strong tag would have to differ per
 *   encoding, since the bytes on the wire differ; nginx turns strong tags weak when it compresses for the
 *   same reason. Being a hash of the content, every worker and every instance gives the same tag to the
 *   same bytes, whenever it rendered them.
 * - `If-None-Match` is compared weakly (the only comparison it allows) and wins over `If-Modified-Since`,
 *   which is read only without it, only as one valid HTTP-date, and only when the answer has a
 *   `Last-Modified`.
 */
import { createHash } from 'node:crypto';

/** The weak entity tag of a body: 128 bits of its SHA-256, base64url. */
export function entityTagOf(body: Uint8Array): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** The opaque part of a tag (what weak comparison compares): `W/"x"` and `"x"` are both `"x"`. */
function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/**
 * Whether an If-None-Match value matches `etag` under weak comparison: `*`, or any listed tag with the
 * same opaque part. Tags are read by their quotes, so a comma inside one does not split it; a value that
 * holds no tag matches nothing.
 */
export function ifNoneMatchMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const wanted = opaqueTag(etag);
  for (const match of header.matchAll(/(?:W\/)?"[^"]*"/g)) {
    if (opaqueTag(match[0]) === wanted) return true;
  }
  return false;
}

/** An HTTP-date as milliseconds, or null: one date (no list), in any of the formats HTTP allows. */
function httpDate(value: string): number | null {
  if (value.includes(',') && value.indexOf(',') !== value.lastIndexOf(',')) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** The request's conditional headers, as read by the app or straight from Node. */
export interface Conditions {
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
}

/** The validators an answer carries. */
export interface Validators {
  etag: string;
  /** The answer's Last-Modified (an HTTP-date), when it has one. */
  lastModified: string | undefined;
}

/** Whether a GET or HEAD with these conditions gets 304 Not Modified instead of the answer. */
export function isNotModified(conditions: Conditions, validators: Validators): boolean {
  if (conditions.ifNoneMatch !== undefined) return ifNoneMatchMatches(conditions.ifNoneMatch, validators.etag);
  if (conditions.ifModifiedSince === undefined || validators.lastModified === undefined) return false;
  const since = httpDate(conditions.ifModifiedSince);
  const modified = httpDate(validators.lastModified);
  // Last-Modified has whole seconds: the answer is unchanged when it is not later than the date the client holds.
  return since !== null && modified !== null && modified <= since;
}

/** The headers of a 304: those of the 200 but the representation's own (RFC 9110, 15.4.5), and no body. */
export function notModifiedHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name !== 'content-type' && name !== 'content-length' && name !== 'content-encoding') kept[name] = value;
  }
  return kept;
}

/** The HTTP-date of an ISO time, at whole seconds (what Last-Modified and lastBuildDate carry). */
export function httpDateOf(iso: string | Date): string {
  return new Date(Math.floor(new Date(iso).getTime() / 1000) * 1000).toUTCString();
}
