/**
 * Background price refresh: every tick, each tier that is due is refreshed, then the images visitors see
 * are confirmed before they are 24 hours old. The due check and the run happen under the shared
 * price-work lease (jobs.service.ts), so with several app instances each runs once per interval, and a
 * manual refresh never overlaps a scheduled one.
 */
import type { PricingConfig } from '../config/env';
import { TIERS, type PricingService } from '../modules/pricing/pricing.service';
import { errorMessageForLog } from '../common/log-text';

export interface PriceSchedulerDeps {
  pricing: PricingService;
  config: PricingConfig;
  /** Called with the ASINs a scheduled refresh found unavailable (smart replacement follow-up). */
  onUnavailable?: (asins: string[]) => Promise<unknown>;
  /** Called after every scheduled refresh that ran (budget drift is recorded then). */
  onRefreshed?: () => Promise<unknown>;
}

export interface PriceScheduler {
  /** Runs one round now (tests, and the first round after start-up). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startPriceScheduler(deps: PriceSchedulerDeps): PriceScheduler {
  let current: Promise<void> | null = null;
  let stopped = false;

  // Each tier when due, then the images of public builds that would soon be 24 hours old (decision 024).
  const runs = [
    ...TIERS.map((tier) => ({ what: `del tier ${tier}`, run: () => deps.pricing.refreshTier(tier, 'scheduled') })),
    { what: 'delle immagini', run: () => deps.pricing.refreshAgingImages() },
  ];

  async function round() {
    for (const { what, run } of runs) {
      if (stopped) return;
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

  function tick(): Promise<void> {
    // One round at a time in this process: a slow round is never stacked on by the next tick.
    current ??= round().finally(() => {
      current = null;
    });
    return current;
  }

  const timer = setInterval(() => void tick(), deps.config.schedulerTickMs);
  timer.unref();
  void tick();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
