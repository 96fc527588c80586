/**
 * The loop every background job shares: a round per interval, never two rounds at once in this
 * process (a slow round is not stacked on by the next tick), a failed round logged and retried at the
 * next tick, and stop() that waits for the running round. Timers are unref'd: they never keep a
 * stopping process alive.
 */

export interface TickerOptions {
  intervalMs: number;
  /**
   * When the first round runs: 0 = at once (started before startTicker returns), a number = after that
   * many milliseconds and then once per interval, absent = one interval after the start.
   */
  firstRunMs?: number;
  /** Logs a round that threw; the next tick tries again. */
  onError: (error: unknown) => void;
}

export interface Ticker {
  /** Runs one round now, or joins the running one; resolves when it is over. Nothing after stop(). */
  tick(): Promise<void>;
  /** No further rounds; resolves when the running one (if any) is over. */
  stop(): Promise<void>;
}

/** `round` receives a signal aborted by stop(): a long round may end early between its steps. */
export function startTicker(round: (signal: AbortSignal) => Promise<void>, options: TickerOptions): Ticker {
  const { intervalMs, firstRunMs, onError } = options;
  const stopping = new AbortController();
  let current: Promise<void> | null = null;
  let interval: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;

  async function guardedRound(): Promise<void> {
    try {
      await round(stopping.signal);
    } catch (error) {
      onError(error);
    }
  }

  function tick(): Promise<void> {
    if (stopping.signal.aborted) return Promise.resolve();
    current ??= guardedRound().finally(() => {
      current = null;
    });
    return current;
  }

  function startInterval() {
    interval = setInterval(() => void tick(), intervalMs);
    interval.unref();
  }

  if (firstRunMs === undefined) {
    startInterval();
  } else if (firstRunMs === 0) {
    startInterval();
    void tick();
  } else {
    first = setTimeout(() => {
      void tick();
      startInterval();
    }, firstRunMs);
    first.unref();
  }

  return {
    tick,
    async stop() {
      stopping.abort();
      clearTimeout(first);
      clearInterval(interval);
      await current;
    },
  };
}
