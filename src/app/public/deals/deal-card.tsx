/** One deal on /offerte: the product, today's price with its date, the previous 30-day low, the drop and its builds. */
import { dealAnchor } from '../../../common/deals-query';
import { paths } from '../../../common/paths';
import { PRICE_DISCLAIMER } from '../../../common/price-freshness';
import { DEALS_TEXT, type DealCardText } from './deals-text';

export function DealCard({ deal }: { deal: DealCardText }) {
  const headingId = `${dealAnchor(deal.asin)}-titolo`;
  return (
    <li id={dealAnchor(deal.asin)} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900" aria-labelledby={headingId} data-testid="deal">
      {deal.imageUrl ? (
        // The retailer's image by link, only while confirmed in the last 24 hours (decision 024).
        <img src={deal.imageUrl} alt={deal.name} width={96} height={96} loading="lazy" decoding="async" className="h-24 w-24 shrink-0 rounded-lg bg-white object-contain" />
      ) : (
        <div aria-hidden="true" className="h-24 w-24 shrink-0 rounded-lg bg-slate-100 dark:bg-slate-800" />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-wide text-slate-600 dark:text-slate-400">{deal.type}</p>
        <h2 id={headingId} className="mt-0.5 text-lg font-bold wrap-anywhere">
          {deal.name}
        </h2>
        <p className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-2xl font-extrabold text-slate-900 dark:text-slate-100">{deal.price}</span>
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-sm font-bold text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">{deal.drop}</span>
        </p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {`Prezzo aggiornato al ${deal.priceDate}. ${PRICE_DISCLAIMER}`}
        </p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Prezzo più basso dei 30 giorni precedenti: <span className="font-semibold">{deal.previousLow}</span>
        </p>
        <p className="mt-3 text-sm font-semibold">{`${DEALS_TEXT.inBuilds(deal.builds.length)}:`}</p>
        <ul className="mt-1 flex flex-wrap gap-2">
          {deal.builds.map((build) => (
            <li key={build.slug}>
              <a href={paths.build(build.slug)} className="inline-block max-w-full rounded-full border border-slate-300 px-3 py-1 text-sm font-medium wrap-anywhere text-violet-800 hover:border-violet-500 dark:border-slate-700 dark:text-violet-300">
                {build.title}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
