/**
 * The geometry and the text of the build total's price chart (public build page), computed on the server:
 * the page ships an SVG, never a chart library (public pages are documents with one small script, decision
 * 017). A price holds until the next observation, so the line is a step line: it moves right at one price,
 * then up or down to the next.
 */
import { formatDate, formatPrice } from '../common/format';

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

const WIDTH = 600;
const HEIGHT = 160;
/** Room for the price labels on the left and the dates below. */
const PADDING = { left: 84, right: 12, top: 12, bottom: 28 };

/** Two decimals in the path keep it short without a visible difference. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

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
  const totals = sorted.map((point) => point.total);
  const [t0, t1] = [times[0]!, times[times.length - 1]!];
  const [low, high] = [Math.min(...totals), Math.max(...totals)];
  const plotWidth = WIDTH - PADDING.left - PADDING.right;
  const plotHeight = HEIGHT - PADDING.top - PADDING.bottom;
  // A flat history is drawn in the middle, not on an edge.
  const x = (time: number) => round(PADDING.left + (t1 === t0 ? plotWidth : ((time - t0) / (t1 - t0)) * plotWidth));
  const y = (total: number) => round(PADDING.top + (high === low ? plotHeight / 2 : ((high - total) / (high - low)) * plotHeight));

  let path = '';
  if (sorted.length > 1) {
    path = `M${x(times[0]!)} ${y(totals[0]!)}`;
    for (let i = 1; i < sorted.length; i++) path += `H${x(times[i]!)}V${y(totals[i]!)}`;
  }
  const guides = high === low ? [{ y: y(low), label: formatPrice(low) }] : [{ y: y(high), label: formatPrice(high) }, { y: y(low), label: formatPrice(low) }];
  return {
    width: WIDTH,
    height: HEIGHT,
    path,
    guides,
    startLabel: formatDate(sorted[0]!.at),
    endLabel: formatDate(sorted[sorted.length - 1]!.at),
    summary: summaryOf(sorted),
  };
}

export const PRICE_CHART_PADDING = PADDING;
