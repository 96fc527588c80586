/**
 * How many cache misses (renders) one client address may cause per minute. A hit costs a copy from
 * memory and is never limited; a miss costs a render and, when kept, a place in the cache: past the limit
 * the address is told to come back later (429 with Retry-After) before anything is rendered.
 *
 * Counted in this process's memory, per process: the limit protects this process's CPU and its cache,
 * which are its own (each worker, each instance has its own page cache), so a count shared through the
 * database would buy nothing but a write per miss. With N processes an address may cause up to N times
 * the limit in all, one share in each.
 *
 * One fixed window of a minute per address key (common/address-key.ts: an IPv6 address by its /64). The
 * addresses tracked are bounded: when the table is full, the oldest windows go first, so a flood from
 * countless addresses costs a bounded table, not the process's memory.
 */

const WINDOW_MS = 60_000;
/** Addresses tracked at once: about 100 bytes each. */
export const MAX_TRACKED_ADDRESSES = 10_000;

export interface MissLimiterOptions {
  perMinute: number;
  maxTracked?: number;
  now?: () => number;
}

interface Window {
  startedAt: number;
  misses: number;
}

export interface MissLimiter {
  /** Counts a miss of `addressKey`: null when it may render, else the seconds until its window ends. */
  admit(addressKey: string): number | null;
  /** Addresses tracked now. */
  readonly tracked: number;
}

export function createMissLimiter({ perMinute, maxTracked = MAX_TRACKED_ADDRESSES, now = Date.now }: MissLimiterOptions): MissLimiter {
  // Map order is insertion order, and a window is inserted when it starts: the first entries are the oldest.
  const windows = new Map<string, Window>();

  function makeRoom(at: number): void {
    for (const [key, window] of windows) {
      if (windows.size < maxTracked && at - window.startedAt < WINDOW_MS) return;
      windows.delete(key);
    }
  }

  return {
    admit(addressKey) {
      const at = now();
      let window = windows.get(addressKey);
      if (window && at - window.startedAt >= WINDOW_MS) {
        windows.delete(addressKey);
        window = undefined;
      }
      if (!window) {
        makeRoom(at);
        window = { startedAt: at, misses: 0 };
        windows.set(addressKey, window);
      }
      if (window.misses >= perMinute) return Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - at) / 1000));
      window.misses += 1;
      return null;
    },
    get tracked() {
      return windows.size;
    },
  };
}
