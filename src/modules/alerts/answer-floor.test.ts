/**
 * The subscribe answer's floor as a mechanism (the timings themselves are measured in
 * bench/alerts-timing.ts, never asserted here): whatever the work returned, the answer waits for the rest
 * of the floor; a failure is thrown at once.
 */
import { describe, expect, it } from 'vitest';
import { answerNoSoonerThan, type FloorTimer } from './answer-floor';

/** A timer whose clock moves only when told: work "takes" the time it adds. */
function fakeTimer() {
  const sleeps: number[] = [];
  let now = 1000;
  const timer: FloorTimer = {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  return { timer, sleeps, spend: (ms: number) => (now += ms), elapsedSince: (start: number) => now - start };
}

describe('answerNoSoonerThan', () => {
  it('waits for the rest of the floor whatever the outcome, so every outcome ends at the floor', async () => {
    const costs = { sent: 20, limited: 11, honeypot: 1, reused: 3 };
    for (const [outcome, cost] of Object.entries(costs)) {
      const { timer, sleeps, spend } = fakeTimer();
      const start = timer.now();
      const result = await answerNoSoonerThan(250, async () => (spend(cost), outcome), timer);
      expect(result).toBe(outcome);
      expect(sleeps).toEqual([250 - cost]);
      expect(timer.now() - start).toBe(250);
    }
  });

  it('does not wait when the work took longer than the floor, or with a floor of 0', async () => {
    const slow = fakeTimer();
    await answerNoSoonerThan(250, async () => slow.spend(300), slow.timer);
    expect(slow.sleeps).toEqual([]);
    const none = fakeTimer();
    await answerNoSoonerThan(0, async () => none.spend(5), none.timer);
    expect(none.sleeps).toEqual([]);
  });

  it('sleeps again when a timer fires early, so the answer never comes before the floor', async () => {
    const sleeps: number[] = [];
    let now = 0;
    // A long sleep ends 1.2 ms before it should, as a libuv timer may against performance.now().
    const early: FloorTimer = { now: () => now, sleep: async (ms) => (sleeps.push(ms), (now += ms > 2 ? ms - 1.2 : ms)) };
    await answerNoSoonerThan(150, async () => (now += 0.7), early);
    expect(now).toBeGreaterThanOrEqual(150);
    expect(sleeps[0]).toBe(150);
    expect(sleeps.length).toBeGreaterThan(1);
  });

  it('throws a failure at once, without waiting', async () => {
    const { timer, sleeps } = fakeTimer();
    await expect(answerNoSoonerThan(250, async () => Promise.reject(new Error('Build non trovata')), timer)).rejects.toThrow('Build non trovata');
    expect(sleeps).toEqual([]);
  });
});
