import { ChartFrame } from '../../components/chart-frame';
import { PRICE_CHART_PLOT, type PriceChartData } from './total-price-chart';

/**
 * The build total over time as a server-rendered SVG (no script, components/chart-frame.tsx) named by its heading and described by
 * the caption, a sentence with the figures, so they are readable without the picture too.
 */
export function PriceHistoryChart({ chart }: { chart: PriceChartData }) {
  const { path, summary } = chart;
  return (
    <figure data-testid="price-history">
      <h3 id="price-history-heading" className="text-lg font-bold">
        Andamento del prezzo totale
      </h3>
      {path && (
        <ChartFrame
          chart={chart}
          plot={PRICE_CHART_PLOT}
          labelledBy="price-history-heading"
          describedBy="price-history-summary"
          className="mt-2 h-auto w-full text-violet-700 dark:text-violet-300"
        >
          <path d={path} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" />
        </ChartFrame>
      )}
      <figcaption id="price-history-summary" className="mt-2 text-sm text-slate-600 dark:text-slate-400">{summary}</figcaption>
    </figure>
  );
}
