import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTicker, type Ticker } from './ticker';

/** A round that stays open until the test lets it end. */
function heldRounds() {
  const releases: (() => void)[] = [];
  const round = vi.fn((_signal: AbortSignal) => new Promise<void>((resolve) => releases.push(resolve)));
  return { round, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

let ticker: Ticker | undefined;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  await ticker?.stop();
  ticker = undefined;
  vi.useRealTimers();
});

describe('the ticker', () => {
  it('runs a round per interval, the first one interval after the start by default', async () => {
    const round = vi.fn(() => Promise.resolve());
    ticker = startTicker(round, { intervalMs: 1000, onError: vi.fn() });
    expect(round).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(999);
    expect(round).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(round).toHaveBeenCalledTimes(3);
  });

  it('starts the first round at once with firstRunMs 0', () => {
    const round = vi.fn(() => Promise.resolve());
    ticker = startTicker(round, { intervalMs: 1000, firstRunMs: 0, onError: vi.fn() });
    expect(round).toHaveBeenCalledTimes(1);
  });

  it('runs the first round after firstRunMs, then one per interval from there', async () => {
    const round = vi.fn(() => Promise.resolve());
    ticker = startTicker(round, { intervalMs: 1000, firstRunMs: 50, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(49);
    expect(round).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(2);
  });

  it('never starts a round while one is running: the ticks in between join it', async () => {
    const { round, releaseAll } = heldRounds();
    ticker = startTicker(round, { intervalMs: 100, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(500);
    expect(round).toHaveBeenCalledTimes(1);
    const joined = ticker.tick();
    expect(round).toHaveBeenCalledTimes(1);
    releaseAll();
    await joined;
    await vi.advanceTimersByTimeAsync(100);
    expect(round).toHaveBeenCalledTimes(2);
    releaseAll();
  });

  it('hands a failed round to onError and runs again at the next tick', async () => {
    const failure = new Error('database down');
    const round = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const onError = vi.fn();
    ticker = startTicker(round, { intervalMs: 100, onError });
    await vi.advanceTimersByTimeAsync(100);
    expect(onError).toHaveBeenCalledExactlyOnceWith(failure);
    await vi.advanceTimersByTimeAsync(100);
    expect(round).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('stop() waits for the running round, aborts its signal, and no round runs afterwards', async () => {
    const { round, releaseAll } = heldRounds();
    ticker = startTicker(round, { intervalMs: 100, firstRunMs: 0, onError: vi.fn() });
    const signal = round.mock.calls[0]?.[0];
    let stopped = false;
    const stopping = ticker.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    expect(signal?.aborted).toBe(true);
    releaseAll();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    await ticker.tick();
    expect(round).toHaveBeenCalledTimes(1);
  });
});
