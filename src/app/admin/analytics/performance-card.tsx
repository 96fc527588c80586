/**
 * The build editor's 'Rendimento (30 giorni)' card (decision 020): the build's views, clicks and click rate
 * over the last 30 days, its clicks per day as small SVG columns (charts.ts), and its most clicked
 * components. Read with the build by the editor's loader.
 */
import { useId } from 'react';
import { formatCount, formatDate, formatPercent } from '../../../common/format';
import type { BuildAnalytics } from '../../../modules/analytics/analytics.schema';
import type { Part } from '../dashboard/dashboard-data';
import { cardClass } from '../ui';
import { dailyColumns } from './charts';
import type { BuildRevenue } from '../../../modules/revenue/revenue.schema';
import { BuildRevenueFigures } from '../revenue/build-revenue-figures';
import { choiceSentence, NO_CHOICES } from './choice-sentences';

/** Components listed: the most clicked ones. */
const SHOWN_COMPONENTS = 3;
/** Visitors' choices listed: the most chosen ones. */
const SHOWN_CHOICES = 5;

/**
 * `activeAlerts`: the build's active email alerts now, not of the window; null or absent: not shown.
 * `revenue`: its earnings over the window (decision 045); null or absent: not shown.
 */
export function PerformanceCard({ analytics, days, activeAlerts = null, revenue = null }: { analytics: Part<BuildAnalytics>; days: number; activeAlerts?: number | null; revenue?: BuildRevenue | null }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${cardClass} space-y-4`} data-testid="build-performance">
      <h2 id={headingId} className="text-lg font-semibold">
        Rendimento ({days} giorni)
      </h2>
      {analytics.ok ? <PerformanceFigures analytics={analytics.data} days={days} /> : <p className="text-sm text-slate-700 dark:text-slate-300">{analytics.error}</p>}
      {revenue && <BuildRevenueFigures revenue={revenue} />}
      {activeAlerts !== null && (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="build-performance-alerts">
          Avvisi email attivi: <strong className="tabular-nums">{formatCount(activeAlerts)}</strong>
        </p>
      )}
    </section>
  );
}

function PerformanceFigures({ analytics, days }: { analytics: BuildAnalytics; days: number }) {
  const chartId = useId();
  const chart = dailyColumns(analytics.days.map((day) => ({ day: day.day, value: day.clicks })));
  const figures = [
    { key: 'views', label: 'Visualizzazioni', value: formatCount(analytics.views) },
    { key: 'clicks', label: 'Clic su Amazon', value: formatCount(analytics.clicks) },
    { key: 'cart', label: 'di cui carrello', value: formatCount(analytics.cart_clicks) },
    { key: 'rate', label: 'Tasso di clic', value: formatPercent(analytics.click_rate) },
  ];
  const clicked = analytics.components.filter((component) => component.clicks > 0).slice(0, SHOWN_COMPONENTS);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        {figures.map((figure) => (
          <div key={figure.key} data-testid={`build-performance-${figure.key}`}>
            <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{figure.label}</dt>
            <dd className="text-xl font-bold tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <figure>
        <svg viewBox={`0 0 ${chart.width} ${chart.height}`} className="h-12 w-full" role="img" aria-labelledby={chartId} preserveAspectRatio="none">
          {chart.columns.map((column) => (
            <rect key={column.day} x={column.x} y={column.y} width={column.width} height={column.height} className="fill-violet-600 dark:fill-violet-400">
              <title>{`${formatDate(`${column.day}T12:00:00Z`)}: ${formatCount(column.value)} clic`}</title>
            </rect>
          ))}
        </svg>
        <figcaption id={chartId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Clic al giorno negli ultimi {days} giorni
        </figcaption>
      </figure>
      {clicked.length > 0 && (
        <ol className="space-y-1 text-sm" aria-label="Componenti più cliccati">
          {clicked.map((component) => (
            <li key={component.id} className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate">{component.name}</span>
              <span className="shrink-0 font-semibold tabular-nums">{formatCount(component.clicks)} clic</span>
            </li>
          ))}
        </ol>
      )}
      <VisitorChoices analytics={analytics} />
    </>
  );
}

/** What visitors who personalised the build chose (decision 030): so the author learns what readers want. */
function VisitorChoices({ analytics }: { analytics: BuildAnalytics }) {
  const headingId = useId();
  const choices = analytics.choices.slice(0, SHOWN_CHOICES);
  return (
    <div data-testid="build-choices">
      <h3 id={headingId} className="text-sm font-semibold">
        Scelte dei visitatori
      </h3>
      {choices.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{NO_CHOICES}</p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-1 space-y-1 text-sm">
          {choices.map((choice) => (
            <li key={`${choice.kind}-${choice.component_id ?? ''}-${choice.asin ?? choice.name}`}>{choiceSentence(choice, analytics.personalized_views)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
