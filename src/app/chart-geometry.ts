/**
 * The geometry every price chart shares, the public build page's total and the editor's sparklines: a plot
 * area inside a drawing, scales from time and value to it, the SVG paths, and the value ticks. Pure
 * functions, no chart library: pages ship plain SVG. Coordinates are rounded to two decimals, which keeps
 * the path data short without a visible difference.
 */

export interface ChartSize {
  width: number;
  height: number;
}

export interface Insets {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Where the line may go: the drawing less its insets (room for labels, or for the stroke at the edges). */
export interface PlotArea {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

export interface ChartPoint {
  x: number;
  y: number;
}

export function round(value: number): number {
  return Math.round(value * 100) / 100;
}

export function plotArea(size: ChartSize, insets: Insets): PlotArea {
  const width = size.width - insets.left - insets.right;
  const height = size.height - insets.top - insets.bottom;
  return { left: insets.left, right: size.width - insets.right, top: insets.top, bottom: size.height - insets.bottom, width, height };
}

/** The same room on every side. */
export const evenInsets = (inset: number): Insets => ({ left: inset, right: inset, top: inset, bottom: inset });

/** Lowest and highest of values (at least one). */
export function extent(values: readonly number[]): [number, number] {
  return [Math.min(...values), Math.max(...values)];
}

/**
 * Time (ms) to x, left to right from the first to the last instant: a week without observations takes a
 * week's width. A single instant sits at the right edge, where the latest observation always is.
 */
export function timeScale(start: number, end: number, plot: PlotArea): (time: number) => number {
  return (time) => round(plot.left + (end === start ? plot.width : ((time - start) / (end - start)) * plot.width));
}

/** Value to y, the highest at the top; a value that never moved is drawn in the middle, not on an edge. */
export function valueScale(low: number, high: number, plot: PlotArea): (value: number) => number {
  return (value) => round(plot.top + (high === low ? plot.height / 2 : ((high - value) / (high - low)) * plot.height));
}

/** Straight segments from point to point: 'M1 2 L3 4 L5 6'. */
export function linePath(points: readonly ChartPoint[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`).join(' ');
}

/**
 * A step line: a price holds until the next observation, so the line moves right at one value, then up or
 * down to the next ('M1 2H3V4H5V6'). Empty with fewer than two points: nothing to draw.
 */
export function stepPath(points: readonly ChartPoint[]): string {
  if (points.length < 2) return '';
  let path = `M${points[0]!.x} ${points[0]!.y}`;
  for (const point of points.slice(1)) path += `H${point.x}V${point.y}`;
  return path;
}

/** The values worth a guide line: the highest and the lowest, or the one value when it never moved. */
export function valueTicks(low: number, high: number): number[] {
  return high === low ? [low] : [high, low];
}
