import { ChartFrame } from '../../components/chart-frame';
import { PRICE_CHART_PLOT, type PriceChartData } from './total-price-chart';

/**
 * The build total over time as a server-rendered SVG (no script): `role="img"` named by the heading and
 * described by the caption, a sentence with the figures, so they are readable without the picture too.
 */
export function PriceHistoryChart({ chart }: { chart: PriceChartData }) {
  const { width, height, path, guides, startLabel, endLabel, summary } = chart;
  const { left, right } = PRICE_CHART_PLOT;
  return (
    <figure data-testid="price-history">
      <h3 id="price-history-heading" className="text-lg font-bold">
        Andamento del prezzo totale
      </h3>
      {path && (
        <svg
          role="img"
          aria-labelledby="price-history-heading"
          aria-describedby="price-history-summary"
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          className="mt-2 h-auto w-full text-violet-700 dark:text-violet-300"
        >
          <ChartFrame guides={guides} left={left} right={right} height={height} startLabel={startLabel} endLabel={endLabel} />
          <path d={path} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" />
        </svg>
      )}
      <figcaption id="price-history-summary" className="mt-2 text-sm text-slate-600 dark:text-slate-400">{summary}</figcaption>
    </figure>
  );
}
