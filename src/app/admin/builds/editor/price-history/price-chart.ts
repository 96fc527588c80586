/**
 * The lines and words of the editor's price charts: a sparkline per component and the build total's
 * history, from GET /api/admin/builds/{id}/price-history, drawn with the shared chart geometry
 * (chart-geometry.ts). Pure functions, so what is drawn and what it says are tested without a browser
 * (price-chart.test.ts).
 */
import { formatCount, formatDate, formatPrice } from '../../../../../common/format';
import type { PriceHistory } from '../../../../../modules/pricing/pricing.schema';
import { type ChartSize, evenInsets, extent, linePath, plotArea, timeScale, valueScale } from '../../../../chart-geometry';

/** One observed amount (euros) at an ISO instant; null when the retailer showed no price then. */
export interface PricePoint {
  at: string;
  value: number | null;
}

export interface PriceLine {
  width: number;
  height: number;
  /** SVG path data of the line, oldest on the left. */
  path: string;
  /** The latest point, marked with a dot. */
  end: { x: number; y: number };
  first: number;
  last: number;
  min: number;
  max: number;
  /** Priced observations drawn. */
  count: number;
  from: string;
  to: string;
}

export const SPARKLINE_SIZE: ChartSize = { width: 72, height: 20 };
export const TOTAL_CHART_SIZE: ChartSize = { width: 160, height: 36 };
/** Room kept around the line, so the dot and the stroke at the extremes are not cut by the edges. */
const INSETS = evenInsets(2);

/**
 * The line of the priced points, by time (a week without observations takes a week's width), scaled to the
 * lowest and highest price; a price that never moved is a flat line in the middle. Points without a price
 * (out of stock) are left out: the line joins the prices on either side. Null when nothing is priced.
 */
export function priceLine(points: readonly PricePoint[], size: ChartSize = SPARKLINE_SIZE): PriceLine | null {
  const priced = points
    .filter((point): point is { at: string; value: number } => point.value !== null && Number.isFinite(Date.parse(point.at)))
    .map((point) => ({ ...point, time: Date.parse(point.at) }))
    .sort((a, b) => a.time - b.time);
  if (priced.length === 0) return null;
  const values = priced.map((point) => point.value);
  const [min, max] = extent(values);
  const plot = plotArea(size, INSETS);
  const xOf = timeScale(priced[0]!.time, priced[priced.length - 1]!.time, plot);
  const yOf = valueScale(min, max, plot);
  const coordinates = priced.map((point) => ({ x: xOf(point.time), y: yOf(point.value) }));
  // A single observation: a short flat line ending in its dot, rather than a lone dot that reads as noise.
  const drawn = coordinates.length === 1 ? [{ x: plot.left, y: coordinates[0]!.y }, coordinates[0]!] : coordinates;
  return {
    width: size.width,
    height: size.height,
    path: linePath(drawn),
    end: coordinates[coordinates.length - 1]!,
    first: values[0]!,
    last: values[values.length - 1]!,
    min,
    max,
    count: priced.length,
    from: priced[0]!.at,
    to: priced[priced.length - 1]!.at,
  };
}

/** What the chart shows, in words: its accessible name, and the tooltip for those who point at it. */
export function describePriceLine(line: PriceLine, subject = 'Prezzo'): string {
  const period = line.count === 1 ? `il ${formatDate(line.from)}` : `dal ${formatDate(line.from)} al ${formatDate(line.to)}`;
  if (line.count === 1) return `${subject} ${formatPrice(line.last)} (una rilevazione, ${period})`;
  return `${subject} da ${formatPrice(line.first)} a ${formatPrice(line.last)}, minimo ${formatPrice(line.min)} (${formatCount(line.count)} rilevazioni ${period})`;
}

/**
 * The history of a component of the form, if the server has one for it: the component must be saved and
 * still hold the product the history is about (a product changed in the form has none yet).
 */
export function componentHistory(history: PriceHistory | null, component: { id?: number; asin: string }): PricePoint[] {
  if (!history || component.id === undefined || component.asin.trim() === '') return [];
  const entry = history.components.find((candidate) => candidate.id === component.id);
  if (!entry || entry.asin === null || entry.asin.toUpperCase() !== component.asin.trim().toUpperCase()) return [];
  return entry.points.map((point) => ({ at: point.at, value: point.price }));
}

export function totalHistory(history: PriceHistory | null): PricePoint[] {
  return history ? history.total.map((point) => ({ at: point.at, value: point.total })) : [];
}
