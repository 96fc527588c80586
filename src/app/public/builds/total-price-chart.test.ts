import { describe, expect, it } from 'vitest';
import { priceChart } from './total-price-chart';

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 10)).toISOString();

describe('priceChart', () => {
  it('draws nothing without points', () => {
    expect(priceChart([])).toBeNull();
  });

  it('says the one observed total and draws no line for a single point', () => {
    const chart = priceChart([{ at: day(3), total: 1234.5 }])!;
    expect(chart.path).toBe('');
    expect(chart.summary).toBe('Totale della build rilevato il 3 novembre 2026: 1.234,50\u00a0€.');
  });

  it('steps from price to price in time order, lowest at the bottom and highest at the top', () => {
    const chart = priceChart([
      { at: day(10), total: 1100 },
      { at: day(1), total: 1200 },
      { at: day(20), total: 1300 },
    ])!;
    // Left edge 84, right edge 588; top 12, bottom 132. Day 10 is 9/19 of the way.
    expect(chart.path).toBe('M84 72H322.74V132H588V12');
    expect(chart.guides.map((guide) => guide.y)).toEqual([12, 132]);
    expect(chart.startLabel).toBe('1 novembre 2026');
    expect(chart.endLabel).toBe('20 novembre 2026');
    expect(chart.summary).toContain('da 1.200,00\u00a0€ a 1.300,00\u00a0€');
    expect(chart.summary).toContain('minimo 1.100,00\u00a0€ (10 novembre 2026), massimo 1.300,00\u00a0€ (20 novembre 2026)');
  });

  it('draws a flat history in the middle with one guide', () => {
    const chart = priceChart([
      { at: day(1), total: 999 },
      { at: day(2), total: 999 },
    ])!;
    expect(chart.path).toBe('M84 72H588V72');
    expect(chart.guides).toHaveLength(1);
  });
});
