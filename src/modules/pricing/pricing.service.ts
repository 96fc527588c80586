/**
 * Price and availability refresh from the retailer: per build, per tier, scheduled or manual. Each
 * distinct ASIN is looked up once (10 per request) whatever the number of builds using it; each
 * request's answers are written in one transaction as soon as they arrive, so a retailer failure
 * mid-run keeps what was fully fetched and writes nothing else. Every observation goes to the history.
 */
import { describeErrorForLog } from '../../common/log-text';
import { centsToEuro, euroToCents } from '../../common/money';
import { PRICE_MAX_AGE_MS } from '../../common/price-freshness';
import type { AppConfig } from '../../config/env';
import { creatorsApiSettingsMissing, type ItemLookup } from '../../integrations/amazon-creators';
import { type BuildsService, type ComponentPriceRef, writeTiers } from '../builds';
import type { DataDeps } from '../data-deps';
import type { ContentEvents } from '../content-events';
import type { JobsService } from '../jobs';
import { HISTORY_DAYS, toPriceHistory } from './price-history';
import * as repo from './pricing.repository';
import type { PriceHistory } from './pricing.schema';
import type { DatabaseRateQueue } from './rate-budget';
import { classifyLookup, describeRetailerError, type Retailer, requireRetailer, storedAvailability, toRetailerAppError } from './retailer';
import { storeAnswer } from './store-answer';

export { type Observation, observationOf, rebuildPriceHistoryDays, storeAnswer, storeObservations } from './store-answer';

export type Tier = repo.Tier;
export const TIERS: readonly Tier[] = ['A', 'B', 'C'];
const BATCH_SIZE = 10;
/** The job that keeps public images confirmed, and how often it may run. */
const IMAGE_JOB = 'retailer-images';
const IMAGE_JOB_INTERVAL_MS = 60 * 60 * 1000;
/** An image confirmed longer ago is looked up again: with hourly runs it is confirmed before it is 24 hours old. */
export const IMAGE_RECHECK_AFTER_MS = 20 * 60 * 60 * 1000;

export interface AsinResult {
  asin: string;
  success: boolean;
  price: number | null;
  availability: string | null;
  status: 'updated' | 'unchanged' | 'unavailable' | 'failed';
  error?: string;
}

export interface RefreshSummary {
  total: number;
  updated: number;
  unchanged: number;
  unavailable: number;
  failed: number;
}

export interface RefreshOutcome {
  results: AsinResult[];
  summary: RefreshSummary;
  requests: number;
}

export interface PricingDeps extends DataDeps {
  config: Pick<AppConfig, 'amazon' | 'pricing'>;
  retailer: Retailer;
  /** The shared request budget the retailer draws from; null when the retailer is not configured. */
  retailerBudget?: DatabaseRateQueue | null;
  builds: Pick<BuildsService, 'requireBuild' | 'publishedPriceRefs' | 'priceRefs'>;
  jobs: JobsService;
  events: ContentEvents;
  /**
   * Called inside the job, after a refresh stored answers, with the ASINs whose answers were stored (the
   * alerts' evaluation). A dependency rather than an import: alerts read builds, not pricing.
   */
  afterRefresh?: (asins: string[]) => Promise<unknown>;
}

function summarize(results: AsinResult[]): RefreshSummary {
  const count = (status: AsinResult['status']) => results.filter((r) => r.status === status).length;
  return { total: results.length, updated: count('updated'), unchanged: count('unchanged'), unavailable: count('unavailable'), failed: count('failed') };
}

/** One row per tier, A, B and C, even when a tier holds no component yet (the dashboard shows all three). */
function withEveryTier(rows: Awaited<ReturnType<typeof repo.tierStats>>) {
  return TIERS.map((tier) => rows.find((row) => row.tier === tier) ?? { tier, total: 0, with_asin: 0, with_price: 0, stale: 0 });
}

export function createPricingService(deps: PricingDeps) {
  const { db, clock, jobs } = deps;

  function resultFor(asin: string, lookup: ItemLookup | undefined, previousCents: number | null | undefined): AsinResult {
    if (!lookup) return { asin, success: false, price: centsToEuro(previousCents), availability: null, status: 'failed', error: 'Nessuna risposta da Amazon per questo prodotto' };
    const availability = storedAvailability(lookup);
    const kind = classifyLookup(lookup);
    const priceCents = lookup.status === 'found' && lookup.price !== null ? euroToCents(lookup.price) : null;
    const price = centsToEuro(priceCents ?? previousCents);
    if (kind === 'unavailable') return { asin, success: true, price, availability, status: 'unavailable' };
    if (kind === 'unknown' || priceCents === null) {
      const error = lookup.status === 'not_found' ? lookup.message : 'Prezzo non disponibile su Amazon';
      return { asin, success: false, price, availability, status: 'failed', error };
    }
    return { asin, success: true, price, availability, status: priceCents === previousCents ? 'unchanged' : 'updated' };
  }

  /** Looks the ASINs up and stores what Amazon says; throws only when nothing at all could be fetched. */
  async function refreshAsins(asins: string[]): Promise<RefreshOutcome> {
    const client = requireRetailer(deps.retailer, deps.config);
    // The price each ASIN had: a component's, else (an ASIN only offered as an alternative) an alternative's.
    const previous = new Map<string, number | null>((await repo.findAlternativePricesByAsins(db, asins)).map((a) => [a.asin, a.price_cents]));
    for (const component of await repo.findComponentsByAsins(db, asins)) previous.set(component.asin!, component.price_cents);
    const results: AsinResult[] = [];
    let requests = 0;
    let failure: unknown = null;
    for (let start = 0; start < asins.length; start += BATCH_SIZE) {
      const batch = asins.slice(start, start + BATCH_SIZE);
      if (failure) {
        results.push(...batch.map((asin) => ({ ...resultFor(asin, undefined, previous.get(asin)), error: describeRetailerError(failure) })));
        continue;
      }
      let lookups: Map<string, ItemLookup>;
      try {
        lookups = await client.getItems(batch);
        requests += 1;
      } catch (error) {
        failure = error;
        results.push(...batch.map((asin) => ({ ...resultFor(asin, undefined, previous.get(asin)), error: describeRetailerError(error) })));
        continue;
      }
      const observedAt = clock.now().toISOString();
      const settled = await db.transaction().execute((trx) => storeAnswer(trx, clock, lookups, observedAt));
      results.push(...batch.map((asin) => resultFor(asin, settled.get(asin), previous.get(asin))));
    }
    if (failure && requests === 0) throw toRetailerAppError(failure);
    if (results.some((r) => r.status !== 'failed')) await deps.events.emitChange();
    return { results, summary: summarize(results), requests };
  }

  /** refreshAsins, then the afterRefresh hook on what was stored: every job calls this inside its lease. */
  async function refreshAndNotify(asins: string[]): Promise<RefreshOutcome> {
    const outcome = await refreshAsins(asins);
    const stored = outcome.results.filter((r) => r.status !== 'failed').map((r) => r.asin);
    if (deps.afterRefresh && stored.length > 0) {
      try {
        await deps.afterRefresh(stored);
      } catch (error) {
        // The prices are stored and committed: the refresh succeeded, and a 500 would only make the author
        // spend the retailer's budget on it again. The alerts' evaluation isolates each alert itself; what
        // reaches here is a bug or a lost database, logged with its trace, and retried at the next refresh.
        console.error(`[avvisi] valutazione degli avvisi non riuscita: ${describeErrorForLog(error)}`);
      }
    }
    return outcome;
  }

  function counts(outcome: RefreshOutcome) {
    return { counts: { ...outcome.summary, requests: outcome.requests } };
  }

  /** POST /builds/{id}/update-prices: 404 for a missing build before 503 for a missing retailer. */
  async function refreshBuild(buildId: number) {
    await deps.builds.requireBuild(buildId);
    requireRetailer(deps.retailer, deps.config);
    const [asins, componentAsins] = await Promise.all([repo.listAsinsOfBuild(db, buildId), repo.listComponentAsinsOfBuild(db, buildId)]);
    const ofComponents = new Set(componentAsins);
    const outcome = await jobs.runExclusive(`prices-build-${buildId}`, 'manual', async () => {
      const fetched = await refreshAndNotify(asins);
      // The curated alternatives ride along in the same requests, but the editor reports on the build's own
      // components ("Componenti controllati") and fills its form from these results: only theirs are reported.
      const results = fetched.results.filter((result) => ofComponents.has(result.asin));
      const reported = { results, summary: summarize(results), requests: fetched.requests };
      return { value: reported, ...counts(reported) };
    });
    const { summary, results } = outcome!; // manual runs never return null: they throw 409 instead
    return { results, summary };
  }

  function isTierDue(tier: Tier): () => Promise<boolean> {
    return async () => {
      const last = await jobs.lastRunOf(`prices-tier-${tier}`);
      if (!last) return true;
      return clock.now().getTime() - Date.parse(last.started_at) >= deps.config.pricing.refreshIntervalMs[tier];
    };
  }

  /**
   * Refreshes one tier. Manual runs answer 409 while other price work runs; scheduled runs are skipped
   * (null) when another instance holds the lease or the tier is not due yet.
   */
  async function refreshTier(tier: Tier, trigger: 'manual' | 'scheduled' = 'manual'): Promise<RefreshOutcome | null> {
    requireRetailer(deps.retailer, deps.config);
    return jobs.runExclusive(
      `prices-tier-${tier}`,
      trigger,
      async () => {
        const result = await refreshAndNotify(await repo.listAsinsOfTier(db, tier));
        return { value: result, ...counts(result) };
      },
      trigger === 'scheduled' ? { isDue: isTierDue(tier) } : {},
    );
  }

  /**
   * Looks up again the images visitors may see before they turn 24 hours old (decision 024): at most
   * once an hour, under the price-work lease like the tiers, only when some image of a published or
   * scheduled build was last confirmed more than IMAGE_RECHECK_AFTER_MS ago. Prices and availability
   * come with the answers and are stored as by any refresh. An answer without an image leaves the link
   * unconfirmed: the page hides it at 24 hours, and the next hourly run asks again.
   */
  async function refreshAgingImages(): Promise<RefreshOutcome | null> {
    requireRetailer(deps.retailer, deps.config);
    const confirmedBefore = () => new Date(clock.now().getTime() - IMAGE_RECHECK_AFTER_MS).toISOString();
    let asins: string[] = [];
    return jobs.runExclusive(
      IMAGE_JOB,
      'scheduled',
      async () => {
        const result = await refreshAndNotify(asins);
        return { value: result, ...counts(result) };
      },
      {
        isDue: async () => {
          const last = await jobs.lastRunOf(IMAGE_JOB);
          if (last && clock.now().getTime() - Date.parse(last.started_at) < IMAGE_JOB_INTERVAL_MS) return false;
          asins = await repo.listAsinsWithAgingImages(db, confirmedBefore());
          return asins.length > 0;
        },
      },
    );
  }

  async function assignTiers(): Promise<number> {
    const now = clock.now();
    const recentSince = new Date(now.getTime() - 30 * 86_400_000).toISOString();
    return db.transaction().execute(async (trx) => writeTiers(trx, await repo.findTierBuilds(trx, recentSince, now.toISOString())));
  }

  /** GET /prices/retailer: what the editor needs to offer or disable its price actions (no database read). */
  function retailerStatus() {
    return { configured: deps.retailer !== null, missing: deps.retailer ? null : creatorsApiSettingsMissing(deps.config) };
  }

  async function stats() {
    const now = clock.now().getTime();
    const staleBefore = new Date(now - PRICE_MAX_AGE_MS).toISOString();
    const lastRun = await jobs.lastRunOf('prices-');
    return {
      componentStats: withEveryTier(await repo.tierStats(db, staleBefore)),
      cacheStats: await repo.observationStats(db, staleBefore),
      retailer: {
        ...retailerStatus(),
        schedulerEnabled: deps.retailer !== null && deps.config.pricing.schedulerEnabled,
        refreshIntervalHours: Object.fromEntries(TIERS.map((tier) => [tier, deps.config.pricing.refreshIntervalMs[tier] / 3_600_000])),
        // Requests of every process and instance together, this UTC day.
        budget: deps.retailerBudget && deps.config.amazon
          ? { requestsPerSecond: deps.config.amazon.requestsPerSecond, ...(await deps.retailerBudget.usage()) }
          : null,
        lastRun: lastRun
          ? {
              job: lastRun.job,
              trigger: lastRun.trigger,
              status: lastRun.status,
              started_at: lastRun.started_at,
              finished_at: lastRun.finished_at,
              total: Number(lastRun.total),
              updated: Number(lastRun.updated),
              unavailable: Number(lastRun.unavailable),
              failed: Number(lastRun.failed),
              requests: Number(lastRun.requests),
              error: lastRun.error,
            }
          : null,
      },
    };
  }

  async function historyOf(components: ComponentPriceRef[]): Promise<PriceHistory> {
    const since = new Date(clock.now().getTime() - HISTORY_DAYS * 86_400_000).toISOString();
    const asins = [...new Set(components.flatMap((c) => (c.asin ? [c.asin] : [])))];
    return toPriceHistory(components, await repo.listDailyObservations(db, asins, since));
  }

  /**
   * The price history of a public build, for GET /api/builds/{slug}/price-history and for the build's
   * page alike: 404 for an unknown or unpublished build (see price-history.ts).
   */
  async function priceHistoryOfPublished(slug: string): Promise<PriceHistory> {
    return historyOf(await deps.builds.publishedPriceRefs(slug));
  }

  /** GET /api/admin/builds/{id}/price-history: any build, drafts included (the editor's sparklines). */
  async function priceHistoryOfBuild(buildId: number): Promise<PriceHistory> {
    return historyOf(await deps.builds.priceRefs(buildId));
  }

  return {
    refreshAsins,
    refreshBuild,
    refreshTier,
    refreshAgingImages,
    assignTiers,
    retailerStatus,
    stats,
    priceHistoryOfPublished,
    priceHistoryOfBuild,
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
