import { describe, expect, it } from 'vitest';
import { COMPARE_CHART_PLOT, compareChart } from './compare-chart';

describe('compareChart', () => {
  it('draws every build on one time axis and one price axis', () => {
    const chart = compareChart([
      { label: 'A', points: [{ at: '2026-06-03T10:00:00Z', total: 900 }, { at: '2026-06-01T10:00:00Z', total: 1000 }] },
      { label: 'B', points: [{ at: '2026-06-02T10:00:00Z', total: 1200 }, { at: '2026-06-05T10:00:00Z', total: 1100 }] },
    ])!;
    const { left, right, top, bottom } = COMPARE_CHART_PLOT;
    // A starts at the left edge (the first instant of all); B ends at the right edge (the last).
    expect(chart.lines[0]!.path.startsWith(`M${left} `)).toBe(true);
    expect(chart.lines[1]!.path).toMatch(new RegExp(`H${right}V[\\d.]+$`));
    // The highest total of all (B's 1200) at the top, the lowest (A's 900) at the bottom.
    expect(chart.lines[1]!.path).toContain(` ${top}H`);
    expect(chart.lines[0]!.path).toMatch(new RegExp(`V${bottom}$`));
    expect(chart.guides.map((guide) => guide.label.replace(/\s/g, ' '))).toEqual(['1.200,00 €', '900,00 €']);
    expect(chart.lines.map((line) => line.dash)).toEqual(['', '8 5']);
    expect(chart.lines[0]!.range.replace(/\s/g, ' ')).toBe('da 1.000,00 € (1 giugno 2026) a 900,00 € (3 giugno 2026)');
  });

  it('shows a single observation as a dot, a build without history in the legend only, and nothing without any point', () => {
    const chart = compareChart([
      { label: 'A', points: [{ at: '2026-06-01T10:00:00Z', total: 500 }] },
      { label: 'B', points: [] },
    ])!;
    expect(chart.lines[0]).toMatchObject({ path: '', dot: { x: COMPARE_CHART_PLOT.right } });
    expect(chart.lines[1]).toMatchObject({ path: '', dot: null, range: 'nessuno storico dei prezzi' });
    expect(compareChart([{ label: 'A', points: [] }])).toBeNull();
  });
});
