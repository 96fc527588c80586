/**
 * The geometry and the text of the build total's price chart (public build page), computed on the server:
 * the page ships an SVG, never a chart library (public pages are documents with one small script, decision
 * 017). A price holds until the next observation, so the line is a step line (chart-geometry.ts).
 */
import { formatDate, formatPrice } from '../../../common/format';
import { type ChartSize, extent, plotArea, stepPath, timeScale, valueScale, valueTicks } from '../../chart-geometry';

export interface TotalPoint {
  /** ISO time of the observation. */
  at: string;
  /** Build total in euros at that time. */
  total: number;
}

export interface PriceChartData {
  /** Drawing size in SVG user units; the SVG scales to its container's width. */
  width: number;
  height: number;
  /** The step line's `d` (empty with fewer than two points: nothing to draw). */
  path: string;
  /** Horizontal guides with their labels: the lowest and the highest total. */
  guides: { y: number; label: string }[];
  /** Dates at both ends of the time axis. */
  startLabel: string;
  endLabel: string;
  /** One sentence that says what the chart shows, for screen readers and as its visible caption. */
  summary: string;
}

const SIZE: ChartSize = { width: 600, height: 160 };
/** Where the line goes: room is kept for the price labels on the left and the dates below. */
export const PRICE_CHART_PLOT = plotArea(SIZE, { left: 84, right: 12, top: 12, bottom: 28 });

function extreme(points: readonly TotalPoint[], pick: (a: TotalPoint, b: TotalPoint) => boolean): TotalPoint {
  return points.reduce((best, point) => (pick(point, best) ? point : best));
}

function summaryOf(points: readonly TotalPoint[]): string {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (points.length === 1) return `Totale della build rilevato il ${formatDate(first.at)}: ${formatPrice(first.total)}.`;
  const lowest = extreme(points, (a, b) => a.total < b.total);
  const highest = extreme(points, (a, b) => a.total > b.total);
  return (
    `Totale della build dal ${formatDate(first.at)} al ${formatDate(last.at)}: da ${formatPrice(first.total)} a ${formatPrice(last.total)}; ` +
    `minimo ${formatPrice(lowest.total)} (${formatDate(lowest.at)}), massimo ${formatPrice(highest.total)} (${formatDate(highest.at)}).`
  );
}

/** Null without points: the page then shows no chart at all. */
export function priceChart(points: readonly TotalPoint[]): PriceChartData | null {
  if (points.length === 0) return null;
  const sorted = [...points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const times = sorted.map((point) => Date.parse(point.at));
  const [low, high] = extent(sorted.map((point) => point.total));
  const x = timeScale(times[0]!, times[times.length - 1]!, PRICE_CHART_PLOT);
  const y = valueScale(low, high, PRICE_CHART_PLOT);
  return {
    ...SIZE,
    path: stepPath(sorted.map((point, index) => ({ x: x(times[index]!), y: y(point.total) }))),
    guides: valueTicks(low, high).map((total) => ({ y: y(total), label: formatPrice(total) })),
    startLabel: formatDate(sorted[0]!.at),
    endLabel: formatDate(sorted[sorted.length - 1]!.at),
    summary: summaryOf(sorted),
  };
}
