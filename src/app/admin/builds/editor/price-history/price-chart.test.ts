/** The editor's price charts: sparkline geometry, its words, and which history belongs to which component. */
import { describe, expect, it } from 'vitest';
import type { PriceHistory } from '../../../../../modules/pricing/pricing.schema';
import { componentHistory, describePriceLine, priceLine, SPARKLINE_SIZE, totalHistory } from './price-chart';

/** Intl puts a no-break space before the euro sign. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const day = (n: number) => `2026-10-${String(n).padStart(2, '0')}T08:00:00.000Z`;

describe('priceLine', () => {
  it('places points by time and scales prices between the lowest (bottom) and highest (top), inside a 2-unit inset', () => {
    const line = priceLine([
      { at: day(1), value: 200 },
      { at: day(3), value: 100 },
      { at: day(5), value: 150 },
    ])!;
    expect(line).toMatchObject({ width: 72, height: 20, first: 200, last: 150, min: 100, max: 200, count: 3, from: day(1), to: day(5) });
    // x: 2 + (t / span) * 68; y: 2 + (max - value) / (max - min) * 16.
    expect(line.path).toBe('M2 2 L36 18 L70 10');
    expect(line.end).toEqual({ x: 70, y: 10 });
  });

  it('takes uneven gaps as time, sorts the points, and skips those without a price', () => {
    const line = priceLine([
      { at: day(4), value: 10 },
      { at: day(1), value: 20 },
      { at: day(2), value: null },
    ])!;
    expect(line.count).toBe(2);
    expect(line.path).toBe('M2 2 L70 18');
    expect(line.first).toBe(20);
  });

  it('draws a price that never moved as a flat line in the middle', () => {
    const line = priceLine([
      { at: day(1), value: 99.9 },
      { at: day(2), value: 99.9 },
    ])!;
    expect(line.path).toBe('M2 10 L70 10');
  });

  it('draws one observation as a short flat line ending in its dot, at the right', () => {
    const line = priceLine([{ at: day(1), value: 50 }], { width: 100, height: 30 })!;
    expect(line.path).toBe('M2 15 L98 15');
    expect(line.end).toEqual({ x: 98, y: 15 });
  });

  it('draws nothing without a priced observation', () => {
    expect(priceLine([])).toBeNull();
    expect(priceLine([{ at: day(1), value: null }])).toBeNull();
    expect(priceLine([{ at: 'non una data', value: 5 }])).toBeNull();
  });

  it('keeps every coordinate inside the drawing', () => {
    const points = Array.from({ length: 50 }, (_, index) => ({ at: new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString(), value: 100 + Math.sin(index) * 40 }));
    const line = priceLine(points)!;
    const numbers = line.path.match(/-?\d+(\.\d+)?/g)!.map(Number);
    const xs = numbers.filter((_, index) => index % 2 === 0);
    const ys = numbers.filter((_, index) => index % 2 === 1);
    expect(Math.min(...xs)).toBe(2);
    expect(Math.max(...xs)).toBe(SPARKLINE_SIZE.width - 2);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...ys)).toBeLessThanOrEqual(SPARKLINE_SIZE.height - 2);
  });
});

describe('describePriceLine', () => {
  it("says from, to and the lowest price, with the period, in Italian", () => {
    const line = priceLine([
      { at: day(1), value: 1200 },
      { at: day(3), value: 999.9 },
      { at: day(5), value: 1049 },
    ])!;
    expect(plain(describePriceLine(line))).toBe('Prezzo da 1.200,00 € a 1.049,00 €, minimo 999,90 € (3 rilevazioni dal 1 ottobre 2026 al 5 ottobre 2026)');
    expect(plain(describePriceLine(line, 'Totale della build'))).toMatch(/^Totale della build da 1\.200,00 €/);
  });

  it('groups the thousands of a long history', () => {
    const points = Array.from({ length: 1500 }, (_, index) => ({ at: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString(), value: 100 }));
    expect(plain(describePriceLine(priceLine(points)!))).toMatch(/\(1\.500 rilevazioni dal /);
  });

  it('says a single observation as such', () => {
    expect(plain(describePriceLine(priceLine([{ at: day(2), value: 80 }])!))).toBe('Prezzo 80,00 € (una rilevazione, il 2 ottobre 2026)');
  });
});

describe('which history is drawn', () => {
  const history: PriceHistory = {
    components: [
      { id: 1, asin: 'B0CPU00001', points: [{ at: day(1), price: 300 }] },
      { id: 2, asin: null, points: [] },
    ],
    total: [{ at: day(1), total: 900 }],
  };

  it("a saved component's own product only: not a new component, nor one whose product changed in the form", () => {
    expect(componentHistory(history, { id: 1, asin: 'b0cpu00001' })).toEqual([{ at: day(1), value: 300 }]);
    expect(componentHistory(history, { id: 1, asin: 'B0OTHER001' })).toEqual([]);
    expect(componentHistory(history, { asin: 'B0CPU00001' })).toEqual([]);
    expect(componentHistory(history, { id: 2, asin: '' })).toEqual([]);
    expect(componentHistory(null, { id: 1, asin: 'B0CPU00001' })).toEqual([]);
  });

  it('the total as points', () => {
    expect(totalHistory(history)).toEqual([{ at: day(1), value: 900 }]);
    expect(totalHistory(null)).toEqual([]);
  });
});
