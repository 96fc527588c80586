import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatPrice } from './format';

describe('Italian formatting with the spec fallbacks', () => {
  it('formats euro prices and shows N/A when missing', () => {
    expect(formatPrice(1234.5)).toBe('1234,50\u00a0€');
    expect(formatPrice(12345.6)).toBe('12.345,60\u00a0€');
    expect(formatPrice(null)).toBe('N/A');
    expect(formatPrice(undefined)).toBe('N/A');
    expect(formatPrice(Number.NaN)).toBe('N/A');
  });

  it('formats counts with 0 as fallback', () => {
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(12)).toBe('12');
  });

  it('formats dates in the Italian locale and Rome time, empty when missing', () => {
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('23 novembre 2026');
    expect(formatDateTime('2026-11-22T13:05:00Z')).toBe('22/11/2026, 14:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('garbage')).toBe('');
  });
});
