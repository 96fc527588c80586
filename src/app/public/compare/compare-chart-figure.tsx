import { ChartFrame } from '../../components/chart-frame';
import { COMPARE_CHART_PLOT, type CompareChartData } from './compare-chart';

/** One colour per column, beside the dash pattern (compare-chart.ts), so no line is told apart by colour alone. */
const LINE_COLOURS = ['text-violet-700 dark:text-violet-300', 'text-amber-600 dark:text-amber-300', 'text-emerald-700 dark:text-emerald-300'] as const;

/**
 * The totals of the compared builds over time as one server-rendered SVG (no script), with a legend that
 * shows each line's pattern beside its build and says its first and last total in words.
 */
export function CompareChart({ chart }: { chart: CompareChartData }) {
  const { lines } = chart;
  return (
    <figure data-testid="compare-chart">
      <h2 id="compare-chart-heading" className="text-xl font-bold">
        Andamento dei prezzi totali
      </h2>
      <ChartFrame chart={chart} plot={COMPARE_CHART_PLOT} labelledBy="compare-chart-heading" describedBy="compare-chart-legend" className="mt-2 h-auto w-full">
        {lines.map((line, index) => (
          <g key={line.label} className={LINE_COLOURS[index % LINE_COLOURS.length]} data-testid="compare-line">
            {line.path && <path d={line.path} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" strokeDasharray={line.dash || undefined} />}
            {line.dot && <circle cx={line.dot.x} cy={line.dot.y} r={4} fill="currentColor" />}
          </g>
        ))}
      </ChartFrame>
      <figcaption>
        <ul id="compare-chart-legend" className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-300" aria-label="Legenda">
          {lines.map((line, index) => (
            <li key={line.label} className="flex items-center gap-2">
              <svg width={32} height={10} aria-hidden="true" className={`shrink-0 ${LINE_COLOURS[index % LINE_COLOURS.length]}`}>
                <line x1={0} x2={32} y1={5} y2={5} stroke="currentColor" strokeWidth={2.5} strokeDasharray={line.dash || undefined} />
              </svg>
              <span>
                <span className="font-semibold">{line.label}</span>: {line.range}
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
