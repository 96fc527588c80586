/**
 * A subscribe answer must not tell by its timing what happened (a mail enqueued, a limit reached, the
 * honeypot, a pending alert reused): every outcome is held until the same floor after the request began,
 * with no jitter (a random wait only widens the spread an attacker averages away). The floor is set above
 * the slowest ordinary path (ALERT_ANSWER_MIN_MS; bench/alerts-timing.ts measures the paths).
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface FloorTimer {
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

const realTimer: FloorTimer = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

/**
 * Runs `work` and answers no sooner than `floorMs` after the call. A failure (bad input, an unknown
 * build) is thrown at once: it depends on the request alone, never on an address's state.
 */
export async function answerNoSoonerThan<T>(floorMs: number, work: () => Promise<T>, timer: FloorTimer = realTimer): Promise<T> {
  const started = timer.now();
  const result = await work();
  // A timer may fire up to a millisecond early (libuv counts whole milliseconds from a cached loop time):
  // sleep again for what is left, so the floor is a floor.
  for (let left = floorMs - (timer.now() - started); left > 0; left = floorMs - (timer.now() - started)) await timer.sleep(Math.ceil(left));
  return result;
}
