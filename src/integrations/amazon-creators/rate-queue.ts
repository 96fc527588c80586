/**
 * Spaces request starts at least 1000/requestsPerSecond ms apart. Amazon meters transactions per
 * second per account, so every call must share one queue. `sharedRateQueue` hands out one per
 * credential and API host for the whole process (the client's default, for tools and tests); the app
 * passes the budget kept in the database instead (modules/pricing/rate-budget.ts), shared by every
 * process and instance. This module never touches the database.
 */

export interface RateQueue {
  readonly intervalMs: number;
  /**
   * Resolves when the caller may start its request; callers are served in the order they asked. May
   * reject with a 'throttled' CreatorsApiError (with retryAfterSeconds) when the budget is spent.
   */
  turn(): Promise<void>;
  /** `turn()` then `task()`. */
  schedule<T>(task: () => Promise<T>): Promise<T>;
}

export interface RateQueueOptions {
  /** Monotonic milliseconds. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRateQueue(requestsPerSecond: number, options: RateQueueOptions = {}): RateQueue {
  if (!(requestsPerSecond > 0)) throw new RangeError(`requestsPerSecond deve essere maggiore di zero (ricevuto ${requestsPerSecond})`);
  const intervalMs = 1000 / requestsPerSecond;
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? realSleep;
  // Slots are reserved synchronously, so the order of `turn()` calls is the order of the starts.
  let nextStart = Number.NEGATIVE_INFINITY;

  async function turn(): Promise<void> {
    const current = now();
    const start = Math.max(current, nextStart);
    nextStart = start + intervalMs;
    if (start > current) await sleep(start - current);
  }

  return {
    intervalMs,
    turn,
    async schedule(task) {
      await turn();
      return task();
    },
  };
}

const sharedQueues = new Map<string, RateQueue>();

/** One queue per (API host, credential, rate) for the whole process. */
export function sharedRateQueue(key: { apiBaseUrl: string; credentialId: string; requestsPerSecond: number }): RateQueue {
  const id = `${key.apiBaseUrl}|${key.credentialId}|${key.requestsPerSecond}`;
  let queue = sharedQueues.get(id);
  if (!queue) {
    queue = createRateQueue(key.requestsPerSecond);
    sharedQueues.set(id, queue);
  }
  return queue;
}
