/**
 * Decides whether a page request is a real visit worth counting: not a bot or link-preview crawler,
 * not a browser prefetch, and not the same visitor reloading the same build within the dedupe window.
 * Memory is bounded; the dedupe is per process, which is good enough for a view counter.
 */
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';

export interface Visitor {
  ip: string;
  userAgent: string | null;
  /** Value of the Sec-Purpose / Purpose header, 'prefetch' for speculative loads. */
  purpose: string | null;
}

const DEDUPE_WINDOW_MS = 30 * 60_000;
const MAX_ENTRIES = 50_000;

export function createViewCounter(now: () => number = Date.now) {
  const lastSeen = new Map<string, number>();

  return function shouldCount(buildKey: string, visitor: Visitor): boolean {
    if (!visitor.userAgent || isbot(visitor.userAgent)) return false;
    if (visitor.purpose && /prefetch|prerender/i.test(visitor.purpose)) return false;
    const key = createHash('sha1').update(`${buildKey}|${visitor.ip}|${visitor.userAgent}`).digest('base64');
    const time = now();
    const previous = lastSeen.get(key);
    if (previous !== undefined && time - previous < DEDUPE_WINDOW_MS) return false;
    lastSeen.delete(key); // re-insert at the end: Map iteration order doubles as an LRU
    lastSeen.set(key, time);
    if (lastSeen.size > MAX_ENTRIES) lastSeen.delete(lastSeen.keys().next().value!);
    return true;
  };
}
