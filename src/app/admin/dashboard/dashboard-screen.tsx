/**
 * /admin: stat cards, the 5 most recent builds, quick actions, performance (decision 020) and price management
 * (product spec, "Screens and routes").
 */
import { Link } from 'react-router';
import { formatCount, formatDate, formatQuantity } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { BuildAdminRow, BuildStats } from '../../../modules/builds';
import { PerformanceSection } from '../analytics/performance-section';
import { StatusBadge } from '../status-badge';
import { buttonClass, cardClass, Notice, secondaryButtonClass } from '../ui';
import { AlertsCard } from './alerts-card';
import { RevenueCard } from '../revenue/revenue-card';
import { DealsCard } from './deals-card';
import { type DashboardData, MAIL_DAYS, PERFORMANCE_DAYS } from './dashboard-data';
import { BudgetDriftCard } from './budget-drift-card';
import { PriceManagement } from './price-management';

export function DashboardScreen({ data }: { data: DashboardData }) {
  const { stats, recent, prices, performance, drift, alerts, revenue, deals } = data;
  const loadErrors = [stats, recent, prices, performance, drift, alerts, revenue].flatMap((part) => (part.ok ? [] : [part.error]));

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      {loadErrors.length > 0 && (
        <Notice tone="error" testId="dashboard-load-error">
          {loadErrors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </Notice>
      )}

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Statistiche
        </h2>
        {stats.ok && <StatCards stats={stats.data} />}
      </section>

      <div className="grid gap-8 xl:grid-cols-2">
        <section aria-labelledby="recent-heading" className={cardClass}>
          <div className="flex items-center justify-between gap-4">
            <h2 id="recent-heading" className="text-lg font-semibold">
              Build recenti
            </h2>
            <Link to={paths.admin.builds()} className="text-sm font-semibold text-violet-800 underline dark:text-violet-300">
              Vedi tutte
            </Link>
          </div>
          {recent.ok && <RecentBuilds builds={recent.data} />}
        </section>

        <section aria-labelledby="quick-heading" className={cardClass}>
          <h2 id="quick-heading" className="text-lg font-semibold">
            Azioni rapide
          </h2>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to={paths.admin.newBuild()} className={buttonClass}>
              Nuova Build
            </Link>
            <a href={paths.sitemap()} className={secondaryButtonClass}>
              Sitemap
            </a>
            <a href={paths.home()} className={secondaryButtonClass}>
              Anteprima sito
            </a>
          </div>
        </section>
      </div>

      {drift.ok && drift.data.builds.length > 0 && <BudgetDriftCard drift={drift.data} />}

      <PerformanceSection analytics={performance.ok ? performance.data : null} days={PERFORMANCE_DAYS} />

      {revenue.ok && <RevenueCard overview={revenue.data} days={PERFORMANCE_DAYS} />}

      {alerts.ok && <AlertsCard counts={alerts.data} days={MAIL_DAYS} />}

      {deals.ok && <DealsCard stats={deals.data} />}

      <PriceManagement prices={prices} />
    </div>
  );
}

function StatCards({ stats }: { stats: BuildStats }) {
  const cards = [
    { key: 'total', label: 'Build totali', value: stats.total },
    { key: 'published', label: 'Pubblicate', value: stats.published },
    { key: 'drafts', label: 'Bozze', value: stats.drafts },
    { key: 'totalViews', label: 'Visualizzazioni totali', value: stats.totalViews },
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.key} className={cardClass} data-testid={`stat-${card.key}`}>
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{card.label}</dt>
          <dd className="mt-2 text-3xl font-bold" data-testid="stat-value">
            {formatCount(card.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RecentBuilds({ builds }: { builds: BuildAdminRow[] }) {
  if (builds.length === 0) return <p className="mt-4 text-slate-700 dark:text-slate-300">Nessuna build ancora.</p>;
  return (
    <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" data-testid="recent-builds">
      {builds.map((build) => (
        <li key={build.id} className="flex items-center justify-between gap-4 py-3">
          <div className="min-w-0">
            <Link to={paths.admin.editBuild(build.id)} className="font-medium text-violet-800 hover:underline dark:text-violet-300">
              {build.title}
            </Link>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <time dateTime={build.created_at}>{formatDate(build.created_at)}</time> · {formatQuantity(build.views, 'visualizzazione', 'visualizzazioni')}
            </p>
          </div>
          <StatusBadge status={build.status} publishAt={build.publish_at} />
        </li>
      ))}
    </ul>
  );
}
