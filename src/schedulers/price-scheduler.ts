/**
 * Background price refresh: every tick, each tier that is due is refreshed, then the images visitors see
 * are confirmed before they are 24 hours old. The due check and the run happen under the shared
 * price-work lease (jobs.service.ts), so with several app instances each runs once per interval, and a
 * manual refresh never overlaps a scheduled one.
 */
import type { PricingConfig } from '../config/env';
import { TIERS, type PricingService } from '../modules/pricing';
import { errorMessageForLog } from '../common/log-text';
import { startTicker, type Ticker } from './ticker';

export interface PriceSchedulerDeps {
  pricing: PricingService;
  config: PricingConfig;
  /** Called with the ASINs a scheduled refresh found unavailable (smart replacement follow-up). */
  onUnavailable?: (asins: string[]) => Promise<unknown>;
  /** Called after every scheduled refresh that ran (budget drift is recorded then). */
  onRefreshed?: () => Promise<unknown>;
}

/** Its first round runs at once, then one per tick (PRICE_SCHEDULER_TICK_SECONDS). */
export type PriceScheduler = Ticker;

export function startPriceScheduler(deps: PriceSchedulerDeps): PriceScheduler {
  // Each tier when due, then the images of public builds that would soon be 24 hours old (decision 024).
  const runs = [
    ...TIERS.map((tier) => ({ what: `del tier ${tier}`, run: () => deps.pricing.refreshTier(tier, 'scheduled') })),
    { what: 'delle immagini', run: () => deps.pricing.refreshAgingImages() },
  ];

  async function round(stopping: AbortSignal) {
    for (const { what, run } of runs) {
      if (stopping.aborted) return;
      try {
        const outcome = await run();
        const unavailable = outcome?.results.filter((result) => result.status === 'unavailable').map((result) => result.asin) ?? [];
        if (unavailable.length > 0 && deps.config.smartReplacementOnRefresh && deps.onUnavailable) await deps.onUnavailable(unavailable);
        if (outcome && deps.onRefreshed) await deps.onRefreshed();
      } catch (error) {
        // Recorded in job_runs by the lease runner; the next tick tries again when the work is due.
        console.error(`[prezzi] aggiornamento automatico ${what} non riuscito: ${errorMessageForLog(error)}`);
      }
    }
  }

  return startTicker(round, {
    intervalMs: deps.config.schedulerTickMs,
    firstRunMs: 0,
    // Each run above logs its own failure; this is only the ticker's safety net.
    onError: (error) => console.error(`[prezzi] aggiornamento automatico non riuscito: ${errorMessageForLog(error)}`),
  });
}
