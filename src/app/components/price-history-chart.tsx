import { PRICE_CHART_PLOT, type PriceChartData } from '../price-chart';

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
          {guides.map((guide) => (
            <g key={guide.label} className="text-slate-500 dark:text-slate-400">
              <line x1={left} x2={right} y1={guide.y} y2={guide.y} stroke="currentColor" strokeDasharray="4 4" strokeWidth={1} />
              <text x={left - 8} y={guide.y} dy="0.35em" textAnchor="end" fontSize={13} fill="currentColor">
                {guide.label}
              </text>
            </g>
          ))}
          <path d={path} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" />
          <g className="text-slate-500 dark:text-slate-400" fontSize={13} fill="currentColor">
            <text x={left} y={height - 8}>
              {startLabel}
            </text>
            <text x={right} y={height - 8} textAnchor="end">
              {endLabel}
            </text>
          </g>
        </svg>
      )}
      <figcaption id="price-history-summary" className="mt-2 text-sm text-slate-600 dark:text-slate-400">{summary}</figcaption>
    </figure>
  );
}
