/** The dashboard's "Guadagni" card (decision 045): the last 30 days' commissions, items shipped and returns, and the trend. */
import { Link } from 'react-router';
import { formatCount } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { RevenueOverview } from '../../../modules/revenue/revenue.schema';
import { TitledCard } from '../ui';
import { formatEuros, trendSentence } from './revenue-text';

export function RevenueCard({ overview, days }: { overview: RevenueOverview; days: number }) {
  const figures = [
    { key: 'commissions', label: 'Commissioni', value: formatEuros(overview.total.commissions) },
    { key: 'items', label: 'Articoli spediti', value: formatCount(overview.total.items_shipped) },
    { key: 'returns', label: 'Resi', value: formatCount(overview.total.returns) },
  ];
  return (
    <TitledCard
      title={`Guadagni (${days} giorni)`}
      aside={
        <Link to={paths.admin.revenue()} className="text-sm font-semibold text-violet-800 hover:underline dark:text-violet-300">
          Report e dettagli
        </Link>
      }
      headerClassName="flex flex-wrap items-baseline justify-between gap-2"
      className="space-y-3"
      testId="revenue-card"
    >
      <dl className="grid grid-cols-3 gap-4 text-sm">
        {figures.map((figure) => (
          <div key={figure.key}>
            <dt className="text-slate-700 dark:text-slate-300">{figure.label}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`revenue-card-${figure.key}`}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700 dark:text-slate-300">{trendSentence(overview.total.commissions, overview.previous_total.commissions, days)}</p>
    </TitledCard>
  );
}
