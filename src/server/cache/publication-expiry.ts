/**
 * Keeps the page cache from outliving a scheduled publication. A due scheduled build is public
 * as soon as its `publish_at` passes (db/public-builds.ts), but pages cached just before would hide it
 * for up to their time to live. So each process keeps ONE timer, set to the next `publish_at` still to
 * come, that clears its cache at that instant; the next one is looked up again at start, after every
 * content change (a save, a delete, the publishing job, another instance's change) and after each firing.
 *
 * Why a timer rather than capping each entry's lifetime at the next publication: the cache then needs no
 * knowledge of builds, a hit stays one map lookup (the Node fast path included), and a clear() already
 * guards against a render that began before the instant being stored after it (the cache's generation).
 * The process's own clock decides, the same clock the public queries compare `publish_at` with.
 */

/** setTimeout cannot wait longer than ~24.8 days; beyond this the timer just wakes up to look again. */
const MAX_WAIT_MS = 6 * 60 * 60_000;
/** After a failed lookup (database unreachable): meanwhile the cache's own time to live (60 s) bounds staleness. */
const RETRY_MS = 30_000;

export interface PublicationExpiryDeps {
  /** The earliest publish_at after now, or null when nothing is scheduled later. */
  nextPublishAt(): Promise<Date | null>;
  /** Now, in ms, on the clock the public queries use. */
  now(): number;
  /** Drops every cached answer. */
  clear(): void;
  /** Subscribes to content changes; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

export function expireAtNextPublication(deps: PublicationExpiryDeps) {
  let timer: NodeJS.Timeout | undefined;
  /** Only the latest lookup sets the timer: an older one may have read the schedule before a change. */
  let lookups = 0;
  let stopped = false;

  function arm(delayMs: number, action: () => void) {
    clearTimeout(timer);
    timer = setTimeout(action, Math.min(Math.max(delayMs, 0), MAX_WAIT_MS));
    timer.unref();
  }

  async function refresh(): Promise<void> {
    const lookup = ++lookups;
    let next: Date | null;
    try {
      next = await deps.nextPublishAt();
    } catch (error) {
      if (lookup !== lookups || stopped) return;
      console.error(`[cache] prossima pubblicazione programmata non letta: ${error instanceof Error ? error.message : String(error)}`);
      arm(RETRY_MS, () => void refresh());
      return;
    }
    if (lookup !== lookups || stopped) return;
    clearTimeout(timer);
    timer = undefined;
    if (next === null) return;
    const due = next.getTime();
    arm(due - deps.now(), () => {
      // Woken early (the wait was capped, or a timer fired a millisecond ahead): only look again.
      if (deps.now() >= due) deps.clear();
      void refresh();
    });
  }

  const unsubscribe = deps.onChange(() => void refresh());
  void refresh();

  return {
    refresh,
    stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
    },
  };
}
