/** The dashboard's "Guadagni" card (decision 045): the last 30 days' commissions, items shipped and returns, and the trend. */
import { formatCount } from '../../../common/format';
import { paths } from '../../../common/paths';
import type { RevenueOverview } from '../../../modules/revenue/revenue.schema';
import { CardLink, FigureGrid, TitledCard } from '../ui';
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
      aside={<CardLink to={paths.admin.revenue()}>Report e dettagli</CardLink>}
      headerClassName="flex flex-wrap items-baseline justify-between gap-2"
      className="space-y-3"
      testId="revenue-card"
    >
      <FigureGrid figures={figures} gridClassName="grid-cols-3" testIdPrefix="revenue-card-" />
      <p className="text-sm text-slate-700 dark:text-slate-300">{trendSentence(overview.total.commissions, overview.previous_total.commissions, days)}</p>
    </TitledCard>
  );
}
