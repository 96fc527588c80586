/**
 * A small SVG line of a price over time (price-chart.ts): nothing at all without a priced observation.
 * An image to assistive technologies, named by its summary in words ('Prezzo da X a Y, minimo Z ...'),
 * which is also its tooltip. Drawn at its own fixed size, so it never moves what is around it.
 */
import type { ChartSize } from '../../../../chart-geometry';
import { describePriceLine, priceLine, type PricePoint, SPARKLINE_SIZE } from './price-chart';

interface PriceSparklineProps {
  points: readonly PricePoint[];
  size?: ChartSize;
  /** The first word of the summary: 'Prezzo', 'Totale'. */
  subject?: string;
  testId?: string;
  className?: string;
}

export function PriceSparkline({ points, size = SPARKLINE_SIZE, subject, testId, className = '' }: PriceSparklineProps) {
  const line = priceLine(points, size);
  if (!line) return null;
  const summary = describePriceLine(line, subject);
  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${line.width} ${line.height}`}
      width={line.width}
      height={line.height}
      className={`shrink-0 overflow-visible text-violet-700 dark:text-violet-300 ${className}`}
      data-testid={testId}
    >
      <title>{summary}</title>
      <path d={line.path} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" />
      <circle cx={line.end.x} cy={line.end.y} r={2} fill="currentColor" />
    </svg>
  );
}
