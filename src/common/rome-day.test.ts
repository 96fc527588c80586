import { describe, expect, it } from 'vitest';
import { addDays, daysEndingOn, romeDay } from './rome-day';

describe('Europe/Rome days', () => {
  it('follows Rome, not UTC, across midnight and daylight saving time', () => {
    // Winter (UTC+1): 23:30 UTC is already the next day in Rome.
    expect(romeDay(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    expect(romeDay(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    // Summer (UTC+2).
    expect(romeDay(new Date('2026-07-01T21:59:59Z'))).toBe('2026-07-01');
    expect(romeDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('adds days across months and leap years, and lists a window oldest first', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysEndingOn('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysEndingOn('2026-03-02', 1)).toEqual(['2026-03-02']);
  });
});
