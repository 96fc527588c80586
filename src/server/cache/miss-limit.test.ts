import { describe, expect, it } from 'vitest';
import { createMissLimiter } from './miss-limit';

describe('the per-address miss limit', () => {
  it('admits the limit in a minute, then tells how long to wait, and admits again in the next minute', () => {
    let now = 1_000_000;
    const limiter = createMissLimiter({ perMinute: 3, now: () => now });
    expect([limiter.admit('a'), limiter.admit('a'), limiter.admit('a')]).toEqual([null, null, null]);
    now += 20_000;
    expect(limiter.admit('a')).toBe(40);
    // Another address has its own count.
    expect(limiter.admit('b')).toBeNull();
    now += 39_500;
    expect(limiter.admit('a')).toBe(1);
    now += 500;
    expect(limiter.admit('a')).toBeNull();
  });

  it('tracks a bounded number of addresses, the oldest windows out first', () => {
    let now = 0;
    const limiter = createMissLimiter({ perMinute: 1, maxTracked: 100, now: () => now });
    for (let n = 0; n < 10_000; n += 1) {
      now += 1;
      expect(limiter.admit(`203.0.${n >> 8}.${n & 255}`)).toBeNull();
      expect(limiter.tracked).toBeLessThanOrEqual(100);
    }
    // The newest addresses are still counted.
    expect(limiter.admit(`203.0.${9_999 >> 8}.${9_999 & 255}`)).not.toBeNull();
  });

  it('forgets windows that ended when it needs room', () => {
    let now = 0;
    const limiter = createMissLimiter({ perMinute: 1, maxTracked: 10, now: () => now });
    for (let n = 0; n < 10; n += 1) limiter.admit(`a${n}`);
    now += 61_000;
    limiter.admit('fresh');
    expect(limiter.tracked).toBe(1);
  });
});
