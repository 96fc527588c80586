/**
 * The comparison page's chart: the history of each compared build's total as one step line, on one time
 * axis and one price axis so the lines can be read against each other. Computed on the server with the
 * build page's geometry (chart-geometry.ts); the page ships plain SVG, no script (decision 017). The
 * lines differ by dash pattern as well as colour, and the legend and the caption say the figures in words.
 */
import { formatDate, formatPrice } from '../../../common/format';
import { type ChartSize, extent, plotArea, stepPath, timeScale, valueScale, valueTicks } from '../../chart-geometry';
import type { TotalPoint } from '../builds/total-price-chart';

export interface CompareSeries {
  /** The build's title: the legend's text. */
  label: string;
  points: readonly TotalPoint[];
}

export interface CompareChartLine {
  label: string;
  /** The step line's `d` ('' with fewer than two points). */
  path: string;
  /** A single observation is drawn as a dot. */
  dot: { x: number; y: number } | null;
  /** SVG stroke-dasharray; '' for a solid line. */
  dash: string;
  /** What the legend says besides the title: its first and last total, or that there is no history. */
  range: string;
}

export interface CompareChartData {
  width: number;
  height: number;
  lines: CompareChartLine[];
  guides: { y: number; label: string }[];
  startLabel: string;
  endLabel: string;
}

const SIZE: ChartSize = { width: 600, height: 200 };
export const COMPARE_CHART_PLOT = plotArea(SIZE, { left: 84, right: 12, top: 12, bottom: 28 });
/** One dash pattern per column: solid, dashed, dotted. */
export const LINE_DASHES = ['', '8 5', '2 4'] as const;

function rangeOf(points: readonly TotalPoint[]): string {
  if (points.length === 0) return 'nessuno storico dei prezzi';
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (points.length === 1) return `${formatPrice(first.total)} il ${formatDate(first.at)}`;
  return `da ${formatPrice(first.total)} (${formatDate(first.at)}) a ${formatPrice(last.total)} (${formatDate(last.at)})`;
}

/** Null when no build has any point: the page then shows no chart. */
export function compareChart(series: readonly CompareSeries[]): CompareChartData | null {
  const sorted = series.map((entry) => [...entry.points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)));
  const all = sorted.flat();
  if (all.length === 0) return null;
  const [first, last] = extent(all.map((point) => Date.parse(point.at)));
  const [low, high] = extent(all.map((point) => point.total));
  const x = timeScale(first, last, COMPARE_CHART_PLOT);
  const y = valueScale(low, high, COMPARE_CHART_PLOT);
  return {
    ...SIZE,
    lines: series.map((entry, index) => {
      const points = sorted[index]!.map((point) => ({ x: x(Date.parse(point.at)), y: y(point.total) }));
      return {
        label: entry.label,
        path: stepPath(points),
        dot: points.length === 1 ? points[0]! : null,
        dash: LINE_DASHES[index % LINE_DASHES.length]!,
        range: rangeOf(sorted[index]!),
      };
    }),
    guides: valueTicks(low, high).map((total) => ({ y: y(total), label: formatPrice(total) })),
    startLabel: formatDate(new Date(first)),
    endLabel: formatDate(new Date(last)),
  };
}
