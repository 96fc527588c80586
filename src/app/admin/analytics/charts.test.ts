import { describe, expect, it } from 'vitest';
import { dailyColumns, horizontalBars } from './charts';

describe('horizontal bars of the clicks per build', () => {
  it('scales to the largest value, keeps the order, and shortens long labels', () => {
    const chart = horizontalBars([
      { key: 1, label: 'Build Gaming 1440p con una descrizione lunghissima', value: 12000 },
      { key: 2, label: 'Ufficio', value: 3000 },
      { key: 3, label: 'Senza clic', value: 0 },
    ])!;
    expect(chart.height).toBe(90);
    expect(chart.bars.map((bar) => bar.key)).toEqual([1, 2, 3]);
    const full = chart.width - chart.barX - 56;
    expect(chart.bars.map((bar) => bar.width)).toEqual([full, full / 4, 0]);
    expect(chart.bars[0]).toMatchObject({ label: 'Build Gaming 1440p con una…', title: 'Build Gaming 1440p con una descrizione lunghissima', valueLabel: '12.000' });
    expect(chart.bars[1]).toMatchObject({ label: 'Ufficio', y: 36, textY: 45 });
  });

  it('draws nothing without rows, and no bar when every value is 0', () => {
    expect(horizontalBars([])).toBeNull();
    expect(horizontalBars([{ key: 'a', label: 'A', value: 0 }])!.bars[0]!.width).toBe(0);
  });
});

describe('daily columns', () => {
  it('gives each day a column, oldest on the left, scaled to the busiest day', () => {
    const chart = dailyColumns([
      { day: '2026-01-01', value: 2 },
      { day: '2026-01-02', value: 0 },
      { day: '2026-01-03', value: 4 },
    ]);
    expect(chart.columns.map((column) => [column.day, column.x, column.height, column.y])).toEqual([
      ['2026-01-01', 0, 24, 24],
      ['2026-01-02', 100, 0, 48],
      ['2026-01-03', 200, 48, 0],
    ]);
    expect(chart.columns[0]!.width).toBe(98);
  });
});
