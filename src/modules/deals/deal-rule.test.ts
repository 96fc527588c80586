import { describe, expect, it } from 'vitest';
import { dealOf, isStillFresh, previousLowWindow, REPOST_AFTER_MS, shouldPost } from './deal-rule';

const NOW = new Date('2026-11-29T10:00:00Z');
const fresh = (priceCents: number | null, extra: Partial<Parameters<typeof dealOf>[0]> = {}) => ({
  priceCents,
  priceSource: 'amazon',
  priceUpdatedAt: new Date(NOW.getTime() - 60_000).toISOString(),
  availability: 'IN_STOCK',
  ...extra,
});

describe('dealOf', () => {
  it('170 € against a 30-day low of 200 € is a 15 % deal', () => {
    expect(dealOf(fresh(17_000), 20_000, NOW, 10)).toEqual({ dropBasisPoints: 1500 });
  });
  it('185 € (−7.5 %) is not, with the default 10 %', () => {
    expect(dealOf(fresh(18_500), 20_000, NOW, 10)).toBeNull();
    expect(dealOf(fresh(18_500), 20_000, NOW, 7.5)).toEqual({ dropBasisPoints: 750 });
  });
  it('exactly 10 % is a deal; a cent less is not', () => {
    expect(dealOf(fresh(18_000), 20_000, NOW, 10)).toEqual({ dropBasisPoints: 1000 });
    expect(dealOf(fresh(18_001), 20_000, NOW, 10)).toBeNull();
  });
  it('rounds the drop down, never overstating it', () => {
    expect(dealOf(fresh(6_666), 10_000, NOW, 10)).toEqual({ dropBasisPoints: 3334 });
    expect(dealOf(fresh(8_999), 9_999, NOW, 10)!.dropBasisPoints).toBe(1000);
    expect(dealOf(fresh(8_001), 9_000, NOW, 10)!.dropBasisPoints).toBe(1110);
  });
  it('no history in the window, no claim', () => {
    expect(dealOf(fresh(17_000), null, NOW, 10)).toBeNull();
  });
  it('a stale, manual, unavailable or missing price is never a deal', () => {
    expect(dealOf(fresh(17_000, { priceUpdatedAt: new Date(NOW.getTime() - 25 * 3_600_000).toISOString() }), 20_000, NOW, 10)).toBeNull();
    expect(dealOf(fresh(17_000, { priceUpdatedAt: null }), 20_000, NOW, 10)).toBeNull();
    expect(dealOf(fresh(17_000, { priceSource: 'manual' }), 20_000, NOW, 10)).toBeNull();
    expect(dealOf(fresh(17_000, { availability: 'OUT_OF_STOCK' }), 20_000, NOW, 10)).toBeNull();
    expect(dealOf(fresh(17_000, { availability: 'UNAVAILABLE' }), 20_000, NOW, 10)).toBeNull();
    expect(dealOf(fresh(null), 20_000, NOW, 10)).toBeNull();
  });
  it('a price above the low is no deal', () => {
    expect(dealOf(fresh(21_000), 20_000, NOW, 10)).toBeNull();
  });
});

describe('previousLowWindow', () => {
  it('is the 30 Rome days before today, midnight to midnight (winter: UTC+1)', () => {
    expect(previousLowWindow(NOW)).toEqual({ from: '2026-10-29T23:00:00.000Z', until: '2026-11-28T23:00:00.000Z' });
  });
  it('follows daylight saving (summer: UTC+2)', () => {
    expect(previousLowWindow(new Date('2026-07-15T12:00:00Z'))).toEqual({ from: '2026-06-14T22:00:00.000Z', until: '2026-07-14T22:00:00.000Z' });
  });
  it('an instant just after Rome midnight is already the new day', () => {
    expect(previousLowWindow(new Date('2026-11-28T23:30:00Z')).until).toBe('2026-11-28T23:00:00.000Z');
  });
});

describe('isStillFresh', () => {
  it('holds while the shown price is the deal price, fresh and available', () => {
    expect(isStillFresh(fresh(17_000), 17_000, NOW)).toBe(true);
    expect(isStillFresh(fresh(17_500), 17_000, NOW)).toBe(false);
    expect(isStillFresh(fresh(17_000, { availability: 'OUT_OF_STOCK' }), 17_000, NOW)).toBe(false);
    expect(isStillFresh(fresh(17_000), 17_000, new Date(NOW.getTime() + 25 * 3_600_000))).toBe(false);
  });
});

describe('shouldPost', () => {
  it('posts a first deal, a new low, or after 7 days; not the same price again', () => {
    expect(shouldPost(null, 17_000, NOW)).toBe(true);
    const last = { lowCents: 17_000, postedAt: NOW.toISOString() };
    expect(shouldPost(last, 17_000, new Date(NOW.getTime() + 3_600_000))).toBe(false);
    expect(shouldPost(last, 16_999, new Date(NOW.getTime() + 3_600_000))).toBe(true);
    expect(shouldPost(last, 17_000, new Date(NOW.getTime() + REPOST_AFTER_MS))).toBe(true);
  });
});
