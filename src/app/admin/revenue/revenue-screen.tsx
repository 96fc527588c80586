/**
 * /admin/revenue, "Guadagni" (decision 045): the import of the Associates Earnings report, the earnings of a
 * period (totals, per day, per build with the method of each figure, top products, what no build explains)
 * and the imported reports with their undo.
 */
import { useId, useState } from 'react';
import { attempt, errorMessage, revenueApi } from '../api';
import { Form, useActionData, useNavigation } from 'react-router';
import { formatCount, formatDate } from '../../../common/format';
import type { RevenueOverview } from '../../../modules/revenue/revenue.schema';
import { dailyColumns } from '../analytics/charts';
import { buttonClass, cardClass, inputClass, Notice, secondaryButtonClass } from '../ui';
import { ImportsList } from './imports-list';
import { ReportUpload } from './report-upload';
import { REVENUE_FIELDS, REVENUE_INTENT, type RevenueData, type RevenueOutcome } from './revenue-data';
import { BuildsTable, ProductsTable } from './revenue-tables';
import { formatEuros, formatItems, trendSentence } from './revenue-text';

const day = (value: string) => formatDate(`${value}T12:00:00Z`);

function daysOf(period: { from: string; to: string }): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000) + 1;
}

function PeriodForm({ period }: { period: RevenueData['period'] }) {
  const fromId = useId();
  const toId = useId();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Periodo">
      <div>
        <label htmlFor={fromId} className="block text-sm font-medium">
          Dal
        </label>
        <input id={fromId} type="date" name={REVENUE_FIELDS.from} defaultValue={period.from} required className={inputClass} />
      </div>
      <div>
        <label htmlFor={toId} className="block text-sm font-medium">
          Al
        </label>
        <input id={toId} type="date" name={REVENUE_FIELDS.to} defaultValue={period.to} required className={inputClass} />
      </div>
      <button type="submit" className={buttonClass}>
        Mostra
      </button>
      <ExportButton period={period} />
    </Form>
  );
}

/** Downloads the period's figures as a CSV (the API needs the session's token, so the page fetches it). */
function ExportButton({ period }: { period: RevenueData['period'] }) {
  const [error, setError] = useState<string | null>(null);
  async function download() {
    const result = await attempt(revenueApi.exportCsv(period.from, period.to));
    if (!result.ok) {
      setError(errorMessage(result.error, 'Errore nel download del CSV'));
      return;
    }
    setError(null);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(result.data);
    link.download = `guadagni-${period.from}-${period.to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  }
  return (
    <>
      <button type="button" className={secondaryButtonClass} onClick={() => void download()}>
        Scarica CSV
      </button>
      {error && <span role="alert" className="text-sm text-red-800 dark:text-red-300">{error}</span>}
    </>
  );
}

function Totals({ overview }: { overview: RevenueOverview }) {
  const chartId = useId();
  // A day of returns can be negative: its column is drawn empty (its figure is in the tooltip).
  const chart = dailyColumns(overview.days.map((entry) => ({ day: entry.day, value: Math.max(0, entry.commissions) })));
  const commissionsOf = new Map(overview.days.map((entry) => [entry.day, entry.commissions]));
  const figures = [
    { key: 'commissions', label: 'Commissioni', value: formatEuros(overview.total.commissions) },
    { key: 'items', label: 'Articoli spediti', value: formatCount(overview.total.items_shipped) },
    { key: 'returns', label: 'Resi', value: formatCount(overview.total.returns) },
    { key: 'revenue', label: 'Vendite generate', value: formatEuros(overview.total.revenue) },
  ];
  return (
    <section aria-label="Totali del periodo" className={`${cardClass} space-y-4`} data-testid="revenue-totals">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.key} data-testid={`revenue-total-${figure.key}`}>
            <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{figure.label}</dt>
            <dd className="text-xl font-bold tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700 dark:text-slate-300">{trendSentence(overview.total.commissions, overview.previous_total.commissions, daysOf(overview.period))}</p>
      <figure>
        <svg viewBox={`0 0 ${chart.width} ${chart.height}`} className="h-16 w-full" role="img" aria-labelledby={chartId} preserveAspectRatio="none">
          {chart.columns.map((column) => (
            <rect key={column.day} x={column.x} y={column.y} width={column.width} height={column.height} className="fill-violet-600 dark:fill-violet-400">
              <title>{`${day(column.day)}: ${formatEuros(commissionsOf.get(column.day) ?? 0)}`}</title>
            </rect>
          ))}
        </svg>
        <figcaption id={chartId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Commissioni al giorno dal {day(overview.period.from)} al {day(overview.period.to)}
        </figcaption>
      </figure>
    </section>
  );
}

export function RevenueScreen({ data }: { data: RevenueData }) {
  const outcome = useActionData<RevenueOutcome>() ?? null;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const { overview } = data;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Guadagni</h1>
      <ReportUpload outcome={outcome} busy={busy} />
      {outcome && outcome.intent === REVENUE_INTENT.undo && (
        <Notice tone={outcome.ok ? 'success' : 'error'} testId="revenue-undo-notice">
          {outcome.text}
        </Notice>
      )}
      {data.error && (
        <Notice tone="error" testId="revenue-load-error">
          {data.error}
        </Notice>
      )}
      <PeriodForm key={`${data.period.from}-${data.period.to}`} period={data.period} />
      {overview && (
        <>
          <Totals overview={overview} />
          <div className={`${cardClass} space-y-8`}>
            <BuildsTable builds={overview.builds} />
            <ProductsTable title="Prodotti che rendono di più" products={overview.products} testId="revenue-products" />
            <div className="space-y-1" data-testid="revenue-unattributed">
              <ProductsTable title="Non attribuito" products={overview.unattributed.products} testId="revenue-unattributed-products" method="non attribuito" />
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Vendite che nessuna build spiega (un prodotto che nessuna build contiene, o un Tracking ID che nessuna build usa):{' '}
                <strong>{formatEuros(overview.unattributed.commissions)}</strong>, {formatItems(overview.unattributed.items_shipped)} articoli.
              </p>
            </div>
          </div>
        </>
      )}
      {data.imports && <ImportsList imports={data.imports} busy={busy} />}
    </div>
  );
}
