import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatDecimal, formatPercent, formatPrice, formatQuantity } from './format';

describe('Italian formatting with the spec fallbacks', () => {
  it('formats euro prices and shows N/A when missing', () => {
    // Thousands grouped from four digits on, like larger amounts (never '1298,30 €' next to '1.500 €').
    expect(formatPrice(1234.5)).toBe('1.234,50\u00a0€');
    expect(formatPrice(999.5)).toBe('999,50\u00a0€');
    expect(formatPrice(12345.6)).toBe('12.345,60\u00a0€');
    expect(formatPrice(null)).toBe('N/A');
    expect(formatPrice(undefined)).toBe('N/A');
    expect(formatPrice(Number.NaN)).toBe('N/A');
  });

  it('formats counts with 0 as fallback', () => {
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(12)).toBe('12');
    expect(formatCount(8640)).toBe('8.640');
    expect(formatCount(12760)).toBe('12.760');
  });

  it('puts the noun in the singular for exactly one, in the plural otherwise, with the count grouped', () => {
    expect(formatQuantity(1, 'componente', 'componenti')).toBe('1 componente');
    expect(formatQuantity(0, 'componente', 'componenti')).toBe('0 componenti');
    expect(formatQuantity(2, 'errore', 'errori')).toBe('2 errori');
    expect(formatQuantity(1234, 'riga', 'righe')).toBe('1.234 righe');
    expect(formatQuantity(1, 'alternativa aggiunta', 'alternative aggiunte')).toBe('1 alternativa aggiunta');
  });

  it('formats measures with fixed decimals and grouped thousands', () => {
    expect(formatDecimal(0.051, 2)).toBe('0,05');
    expect(formatDecimal(1234.567, 2)).toBe('1.234,57');
    expect(formatDecimal(2, 1)).toBe('2,0');
  });

  it('formats ratios as Italian percentages, 0% when missing', () => {
    expect(formatPercent(0.125).replace(/\u00a0/g, ' ')).toBe('12,5%');
    expect(formatPercent(2).replace(/\u00a0/g, ' ')).toBe('200%');
    expect(formatPercent(null)).toBe('0%');
  });

  it('formats dates in the Italian locale and Rome time, empty when missing', () => {
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('23 novembre 2026');
    expect(formatDateTime('2026-11-22T13:05:00Z')).toBe('22/11/2026, 14:05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('garbage')).toBe('');
  });
});
