/**
 * The earnings part of the editor's "Rendimento" card (decision 045): commissions, items, conversion, EPC and
 * RPM with the method they were measured by, the build's top products, and the suggestion of a tracking ID
 * of its own when most of it is only estimated.
 */
import { useId } from 'react';
import { formatCount } from '../../../common/format';
import type { BuildRevenue } from '../../../modules/revenue/revenue.schema';
import { formatConversion, formatEuros, formatItems, METHOD_HINTS, METHOD_LABELS, REVENUE_TEXT } from './revenue-text';

const SHOWN_PRODUCTS = 3;

export function BuildRevenueFigures({ revenue }: { revenue: BuildRevenue }) {
  const headingId = useId();
  const { build } = revenue;
  return (
    <div className="space-y-2" data-testid="build-revenue">
      <h3 id={headingId} className="text-sm font-semibold">
        Guadagni{build ? ` (${METHOD_LABELS[build.method]})` : ''}
      </h3>
      {!build ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Nessuna commissione attribuita a questa build nel periodo.</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3" aria-labelledby={headingId}>
            {[
              { key: 'commissions', label: 'Commissioni', value: formatEuros(build.commissions) },
              { key: 'items', label: 'Articoli spediti', value: formatItems(build.items_shipped) },
              { key: 'conversion', label: 'Conversione (articoli ÷ clic)', value: formatConversion(build.conversion) },
              { key: 'epc', label: 'Per clic (EPC)', value: formatEuros(build.epc) },
              { key: 'rpm', label: 'Ogni 1.000 visualizzazioni (RPM)', value: formatEuros(build.rpm) },
              { key: 'clicks', label: 'Clic su Amazon', value: formatCount(build.clicks) },
            ].map((figure) => (
              <div key={figure.key} data-testid={`build-revenue-${figure.key}`}>
                <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{figure.label}</dt>
                <dd className="text-xl font-bold tabular-nums">{figure.value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-slate-700 dark:text-slate-300">{METHOD_HINTS[build.method]}</p>
          {revenue.products.length > 0 && (
            <ol className="space-y-1 text-sm" aria-label="Prodotti che rendono di più">
              {revenue.products.slice(0, SHOWN_PRODUCTS).map((product) => (
                <li key={product.asin} className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 truncate">{product.name}</span>
                  <span className="shrink-0 font-semibold tabular-nums">{formatEuros(product.commissions)}</span>
                </li>
              ))}
            </ol>
          )}
          {revenue.suggest_own_tag && (
            <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="build-revenue-suggest-tag">
              {REVENUE_TEXT.suggestOwnTag}
            </p>
          )}
        </>
      )}
    </div>
  );
}
