/**
 * The dashboard's 'Rendimento' (decision 020): which builds and which products earn over the last 30 days.
 * Clicks per build as an SVG bar chart drawn from the server's numbers (charts.ts), the click rate in a
 * table beside it (also the chart's text for screen readers; on a phone, one card per build, as the builds
 * list does), and the most clicked products.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { formatCount, formatDate, formatPercent } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { AnalyticsOverview } from '../../../modules/analytics/analytics.schema';
import { cardClass } from '../ui';
import { horizontalBars } from './charts';
import { choiceSentence } from './choice-sentences';

/** Builds shown in the chart and the table: the most clicked. */
const SHOWN_BUILDS = 10;

type BuildFigures = AnalyticsOverview['builds'][number];

/** A deleted build's counts are kept under its title (decision 027). */
const buildLabel = (build: BuildFigures) => (build.deleted ? `${build.title} (eliminata)` : build.title);
/** A deleted build's id may be given again after a restore: the two rows must not share a key. */
const buildKey = (build: BuildFigures) => `${build.deleted ? 'deleted' : 'build'}-${build.id}`;

/** The build's title, a link to its editor unless it was deleted. */
function BuildName({ build, className }: { build: BuildFigures; className: string }) {
  if (build.deleted) return <span className="break-words">{buildLabel(build)}</span>;
  return (
    <Link to={paths.admin.editBuild(build.id)} className={className}>
      {build.title}
    </Link>
  );
}

export function PerformanceSection({ analytics, days }: { analytics: AnalyticsOverview | null; days: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass} data-testid="performance">
      <h2 id={headingId} className="text-lg font-semibold">
        Rendimento
      </h2>
      {analytics && (
        <>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Ultimi {days} giorni ({formatDate(`${analytics.from}T12:00:00Z`)} – {formatDate(`${analytics.to}T12:00:00Z`)}): visualizzazioni e clic sui
            link Amazon, senza cookie né dati personali.
          </p>
          <PerformanceBody analytics={analytics} days={days} />
        </>
      )}
    </section>
  );
}

function PerformanceBody({ analytics, days }: { analytics: AnalyticsOverview; days: number }) {
  const shown = analytics.builds.slice(0, SHOWN_BUILDS);
  const clicked = shown.filter((build) => build.clicks > 0);
  const chartTitleId = useId();
  const chart = horizontalBars(clicked.map((build) => ({ key: buildKey(build), label: buildLabel(build), value: build.clicks })));

  return (
    <div className="mt-4 grid gap-6 xl:grid-cols-2">
      <div className="min-w-0">
        <h3 id={chartTitleId} className="font-semibold">
          Clic per build
        </h3>
        {chart ? (
          <svg
            viewBox={`0 0 ${chart.width} ${chart.height}`}
            className="mt-2 h-auto w-full text-slate-800 dark:text-slate-200"
            role="img"
            aria-labelledby={chartTitleId}
            data-testid="clicks-chart"
          >
            {chart.bars.map((bar) => (
              <g key={bar.key} data-testid="clicks-bar">
                <title>{`${bar.title}: ${bar.valueLabel} clic`}</title>
                <text x={chart.labelX} y={bar.textY} textAnchor="end" dominantBaseline="middle" fontSize="13" fill="currentColor">
                  {bar.label}
                </text>
                <rect x={chart.barX} y={bar.y} width={bar.width} height={chart.barHeight} rx="3" className="fill-violet-600 dark:fill-violet-400" />
                <text x={chart.barX + bar.width + 6} y={bar.textY} dominantBaseline="middle" fontSize="13" fontWeight="600" fill="currentColor">
                  {bar.valueLabel}
                </text>
              </g>
            ))}
          </svg>
        ) : (
          <p className="mt-2 text-slate-700 dark:text-slate-300" data-testid="no-clicks">
            Nessun clic negli ultimi {days} giorni.
          </p>
        )}
        <TopProducts products={analytics.components} />
        <TopChoices choices={analytics.choices} />
      </div>
      <div className="min-w-0 overflow-x-auto">
        <PerformanceCards builds={shown} />
        <table className="hidden w-full text-left text-sm md:table" data-testid="performance-table">
          <caption className="sr-only">Visualizzazioni, clic e tasso di clic delle build più cliccate</caption>
          <thead className="text-slate-700 dark:text-slate-300">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Build
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Visualizzazioni
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Clic
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                di cui carrello
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">
                Tasso di clic
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {shown.map((build) => (
              <tr key={buildKey(build)} data-testid="performance-row">
                <th scope="row" className="py-2 pr-3 font-medium">
                  <BuildName build={build} className="text-violet-800 hover:underline dark:text-violet-300" />
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{formatCount(build.views)}</td>
                <td className="px-3 py-2 text-right tabular-nums" data-testid="performance-clicks">
                  {formatCount(build.clicks)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCount(build.cart_clicks)}</td>
                <td className="py-2 pl-3 text-right tabular-nums">{formatPercent(build.click_rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 && <p className="mt-2 text-slate-700 dark:text-slate-300">Nessuna build pubblicata.</p>}
      </div>
    </div>
  );
}

/** Below md: each build's figures written out with their labels, instead of five columns scrolled sideways. */
function PerformanceCards({ builds }: { builds: AnalyticsOverview['builds'] }) {
  return (
    <ul className="divide-y divide-slate-200 md:hidden dark:divide-slate-800" aria-label="Rendimento delle build più cliccate" data-testid="performance-cards">
      {builds.map((build) => (
        <li key={buildKey(build)} className="py-3" data-testid="performance-card">
          <span className="font-medium">
            <BuildName build={build} className="break-words text-violet-800 hover:underline dark:text-violet-300" />
          </span>
          <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
            <PerformanceFigure label="Visualizzazioni" value={formatCount(build.views)} />
            <PerformanceFigure label="Clic" value={formatCount(build.clicks)} />
            <PerformanceFigure label="di cui carrello" value={formatCount(build.cart_clicks)} />
            <PerformanceFigure label="Tasso di clic" value={formatPercent(build.click_rate)} />
          </dl>
        </li>
      ))}
    </ul>
  );
}

function PerformanceFigure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="inline">{label}: </dt>
      <dd className="inline font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function TopProducts({ products }: { products: AnalyticsOverview['components'] }) {
  const headingId = useId();
  return (
    <div className="mt-6">
      <h3 id={headingId} className="font-semibold">
        Componenti più cliccati
      </h3>
      {products.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">Nessun componente cliccato.</p>
      ) : (
        <ol aria-labelledby={headingId} className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800" data-testid="top-components">
          {products.map((product, index) => (
            <li key={`${index}-${product.asin ?? product.name}`} className="flex items-baseline justify-between gap-4 py-2">
              <span className="min-w-0">
                {product.name}
                {product.asin && <span className="ml-2 font-mono text-xs text-slate-600 dark:text-slate-400">{product.asin}</span>}
              </span>
              <span className="shrink-0 font-semibold tabular-nums">{formatCount(product.clicks)} clic</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The swaps and owned parts visitors chose most across builds (decision 030), each with its build. */
function TopChoices({ choices }: { choices: AnalyticsOverview['choices'] }) {
  const headingId = useId();
  return (
    <div className="mt-6">
      <h3 id={headingId} className="font-semibold">
        Scelte dei visitatori
      </h3>
      {choices.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">Nessun visitatore ha ancora personalizzato una build.</p>
      ) : (
        <ol aria-labelledby={headingId} className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800" data-testid="top-choices">
          {choices.map((choice) => (
            <li key={`${choice.deleted ? 'deleted' : 'build'}-${choice.build_id}-${choice.kind}-${choice.component_id ?? ''}-${choice.asin ?? choice.name}`} className="py-2">
              <span className="block">{choiceSentence(choice, choice.personalized_views)}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {choice.deleted ? (
                  `${choice.title} (eliminata)`
                ) : (
                  <Link to={paths.admin.editBuild(choice.build_id)} className="text-violet-800 hover:underline dark:text-violet-300">
                    {choice.title}
                  </Link>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
