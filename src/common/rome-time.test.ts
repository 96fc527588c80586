import { describe, expect, it } from 'vitest';
import { isoToRomeLocal, romeLocalToIso, romeOffsetMs } from './rome-time';

describe('Europe/Rome wall time <-> UTC', () => {
  it('uses +01:00 in winter and +02:00 in summer', () => {
    expect(romeLocalToIso('2026-01-15T09:00')).toBe('2026-01-15T08:00:00.000Z');
    expect(romeLocalToIso('2026-07-15T09:00')).toBe('2026-07-15T07:00:00.000Z');
    expect(romeOffsetMs(new Date('2026-01-15T08:00:00Z'))).toBe(3_600_000);
    expect(romeOffsetMs(new Date('2026-07-15T07:00:00Z'))).toBe(7_200_000);
  });

  it('switches on the last Sunday of March and of October', () => {
    // 2026-03-29: 02:00 CET becomes 03:00 CEST (01:00Z).
    expect(romeLocalToIso('2026-03-29T01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(romeLocalToIso('2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
    // The skipped hour is read one hour later on the clock.
    expect(romeLocalToIso('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(isoToRomeLocal(romeLocalToIso('2026-03-29T02:30'))).toBe('2026-03-29T03:30');
    // 2026-10-25: 03:00 CEST becomes 02:00 CET (01:00Z); 02:30 happens twice, the first one is taken.
    expect(romeLocalToIso('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(romeLocalToIso('2026-10-25T03:30')).toBe('2026-10-25T02:30:00.000Z');
    expect(romeLocalToIso('2026-10-24T23:00')).toBe('2026-10-24T21:00:00.000Z');
    expect(romeLocalToIso('2026-10-26T00:00')).toBe('2026-10-25T23:00:00.000Z');
  });

  it('round-trips every hour across both switches', () => {
    for (const start of ['2026-03-28T00:00:00Z', '2026-10-24T00:00:00Z']) {
      for (let hour = 0; hour < 72; hour++) {
        const iso = new Date(Date.parse(start) + hour * 3_600_000).toISOString();
        expect(romeLocalToIso(isoToRomeLocal(iso)), iso).toBe(
          // The second 02:xx of October reads back as the first one: the one case that is ambiguous.
          iso === '2026-10-25T01:00:00.000Z' ? '2026-10-25T00:00:00.000Z' : iso,
        );
      }
    }
  });

  it('shows a stored instant as Rome wall time, and refuses what is not a time', () => {
    expect(isoToRomeLocal('2026-12-31T23:30:00.000Z')).toBe('2027-01-01T00:30');
    expect(isoToRomeLocal(null)).toBe('');
    expect(isoToRomeLocal('domani')).toBe('');
    for (const junk of ['', '2026-02-30T10:00', '2026-01-01T24:00', '2026-01-01 10:00', '2026-01-01T10:00Z']) expect(romeLocalToIso(junk), junk).toBeNull();
  });
});
