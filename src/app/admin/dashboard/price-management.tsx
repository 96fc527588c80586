/**
 * The dashboard's price block (product spec, "Screens and routes", "States and transitions"): per-tier statistics,
 * cache, retailer state, and the tier A/B refresh and automatic tier assignment, posted to the dashboard's route
 * action through a fetcher. Without the retailer the tier refreshes are disabled, with the missing settings shown
 * above them.
 */
import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { formatCount, formatDateTime } from '../../../common/format';
import type { PriceStats } from '../../../modules/pricing/pricing.schema';
import { buttonClass, cardClass, Notice, secondaryButtonClass } from '../ui';
import type { Part, PriceIntent, PriceNotice, priceAction } from './dashboard-data';
import { lastRunText } from '../pricing/refresh-summary';

function tierLabel(tier: string | null): string {
  if (tier === 'A') return 'Alta Priorità';
  if (tier === 'B') return 'Media Priorità';
  return 'Bassa Priorità';
}

/** `needsRetailer`: the action asks Amazon, so without the retailer it could only answer 503. */
const BUTTONS: { intent: PriceIntent; idle: string; running: string; primary: boolean; needsRetailer: boolean }[] = [
  { intent: 'tier-A', idle: 'Aggiorna Tier A', running: 'Aggiornamento in corso...', primary: true, needsRetailer: true },
  { intent: 'tier-B', idle: 'Aggiorna Tier B', running: 'Aggiornamento in corso...', primary: true, needsRetailer: true },
  { intent: 'assign-tiers', idle: 'Assegnazione automatica tier', running: 'Assegnazione in corso...', primary: false, needsRetailer: false },
];

/** Shown above the disabled tier buttons, before the missing settings. */
const TIERS_NEED_RETAILER = 'Aggiornamento dei prezzi non disponibile.';

export function PriceManagement({ prices }: { prices: Part<PriceStats> }) {
  const fetcher = useFetcher<typeof priceAction>();
  // The notice the author closed: hidden until the next action brings a new one.
  const [dismissed, setDismissed] = useState<PriceNotice | null>(null);
  const running = fetcher.state === 'idle' ? null : fetcher.formData?.get('intent');
  // While an action runs, the previous one's notice is gone; it shows from the answer on (the reload included).
  const notice = fetcher.state !== 'submitting' && fetcher.data && fetcher.data !== dismissed ? fetcher.data : null;
  // Statistics that could not be read say nothing about the retailer: the buttons stay, and the server says why.
  const retailerMissing = prices.ok && !prices.data.retailer.configured ? (prices.data.retailer.missing ?? 'Amazon non configurato') : null;
  const missingId = useId();

  return (
    <section aria-labelledby="prices-heading" className={cardClass} data-testid="price-management">
      <h2 id="prices-heading" className="text-lg font-semibold">
        Gestione prezzi
      </h2>
      {notice && (
        <div className="mt-4">
          <Notice tone={notice.tone} onDismiss={() => setDismissed(notice)} testId="price-notice">
            <p className="font-semibold">{notice.title}</p>
            {notice.lines && (
              <ul className="mt-1 list-disc pl-5">
                {notice.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </Notice>
        </div>
      )}
      {prices.ok ? <PriceStatistics prices={prices.data} /> : null}
      {retailerMissing !== null && (
        <p
          id={missingId}
          className="mt-6 rounded-lg border border-yellow-400 bg-yellow-50 px-4 py-3 text-sm text-yellow-900 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-100"
          data-testid="retailer-missing"
        >
          {TIERS_NEED_RETAILER} {retailerMissing}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {BUTTONS.map((button) => (
          <button
            key={button.intent}
            type="button"
            className={button.primary ? buttonClass : secondaryButtonClass}
            disabled={running !== null || (button.needsRetailer && retailerMissing !== null)}
            aria-describedby={button.needsRetailer && retailerMissing !== null ? missingId : undefined}
            onClick={() => void fetcher.submit({ intent: button.intent }, { method: 'post' })}
          >
            {running === button.intent ? button.running : button.idle}
          </button>
        ))}
      </div>
    </section>
  );
}

function PriceStatistics({ prices }: { prices: PriceStats }) {
  const { retailer } = prices;
  const lastRun = retailer.lastRun;
  return (
    <>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        {prices.componentStats.map((stat) => (
          <div key={stat.tier ?? 'C'} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid={`tier-${stat.tier ?? 'C'}`}>
            <h3 className="font-semibold">
              {tierLabel(stat.tier)} <span className="text-sm font-normal text-slate-700 dark:text-slate-300">(Tier {stat.tier ?? 'C'})</span>
            </h3>
            <dl className="mt-2 space-y-1 text-sm">
              <div className="flex justify-between gap-2">
                <dt>Componenti</dt>
                <dd className="font-semibold">{formatCount(stat.total)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Con prezzo</dt>
                <dd className="font-semibold">{formatCount(stat.with_price)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Prezzi da aggiornare</dt>
                <dd className="font-semibold">{formatCount(stat.stale)}</dd>
              </div>
            </dl>
          </div>
        ))}
      </div>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline">Prodotti in cache: </dt>
          <dd className="inline font-semibold">{formatCount(prices.cacheStats.total_cached)}</dd>
        </div>
        <div>
          <dt className="inline">Cache valida: </dt>
          <dd className="inline font-semibold">{formatCount(prices.cacheStats.valid_cache)}</dd>
        </div>
        <div>
          <dt className="inline">Amazon: </dt>
          <dd className="inline font-semibold">{retailer.configured ? 'Configurato' : 'Non configurato'}</dd>
        </div>
        <div>
          <dt className="inline">Ultimo aggiornamento: </dt>
          <dd className="inline font-semibold" data-testid="last-run">
            {lastRun
              ? lastRunText(lastRun, formatDateTime)
              : 'Nessuno'}
          </dd>
        </div>
      </dl>
    </>
  );
}
