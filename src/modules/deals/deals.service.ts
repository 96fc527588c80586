/**
 * The deals ("Offerte", decision 046), wired: recorded inside the price refresh job, read by the page, the
 * feed and the API, posted to the Telegram channel through the outbox.
 */
import type { Kysely } from 'kysely';
import { describeErrorForLog } from '../../common/log-text';
import type { DealsFilter } from '../../common/deals-query';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/tables';
import { createTelegramClient, type TelegramClient } from '../../integrations/telegram';
import type { Clock } from '../clock';
import type { ContentEvents } from '../content-events';
import type { JobsService } from '../jobs';
import { groupByAsin, publicDeal, type DealView, toDealView } from './deal-views';
import { type FeedDeal, renderDealsFeed } from './deals-feed';
import { findDealsExcluded, listAllDeals, listShownEntries, updateDealsExcluded } from './deals.repository';
import { notFound } from '../../common/errors';
import type { Deal, DealExclusion, DealStatsResponse } from './deals.schema';
import { recordDeals, type RecordDealsResult } from './record-deals';
import { sendDuePosts, type SendPostsResult } from './send-deal-posts';
import { outboxCounts } from './telegram-outbox.repository';

export interface DealsDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<AppConfig, 'deals' | 'publicBaseUrl' | 'siteName'>;
  jobs: Pick<JobsService, 'lastRunOf'>;
  events: ContentEvents;
  /** Defaults to the Bot API client of the configuration; none when the channel is off. */
  telegramClient?: TelegramClient;
}

/** Items of the feed: the biggest drops; a reader polls often, and the page lists the rest. */
export const DEALS_FEED_LIMIT = 50;

export interface CurrentDeals {
  deals: Deal[];
  /** When the prices were last checked: the last price refresh's end (or start, while it runs); null: never. */
  checkedAt: string | null;
}

export function createDealsService(deps: DealsDeps) {
  const { db, clock, config } = deps;
  const telegram = config.deals.telegram;
  const client = telegram ? (deps.telegramClient ?? createTelegramClient({ botToken: telegram.botToken, apiBaseUrl: telegram.apiBaseUrl })) : null;
  const kickListeners = new Set<() => void>();

  async function checkedAt(): Promise<string | null> {
    const run = await deps.jobs.lastRunOf('prices-');
    const at = run ? (run.finished_at ?? run.started_at) : null;
    return at ? new Date(at).toISOString() : null;
  }

  /** Every deal visitors may see now, biggest drop first, with what the filters read. */
  async function views(): Promise<{ views: DealView[]; found: Map<string, string> }> {
    const now = clock.now();
    const rows = await listAllDeals(db);
    const byAsin = groupByAsin(await listShownEntries(db, rows.map((row) => row.asin), now.toISOString()));
    const list = rows.flatMap((row) => {
      const view = toDealView(row, byAsin.get(row.asin) ?? [], now);
      return view ? [view] : [];
    });
    return { views: list, found: new Map(rows.map((row) => [row.asin, row.found_at])) };
  }

  function kick(): void {
    for (const listener of kickListeners) listener();
  }

  return {
    /** Whether deals are posted to the Telegram channel. */
    get postsEnabled(): boolean {
      return client !== null;
    },

    /**
     * The price refresh's hook, inside its job: records the deals of the refreshed ASINs and enqueues their
     * posts, then drops the caches and wakes the sender. Never throws: the prices are stored already, and a
     * failure here is logged and tried again at the next refresh.
     */
    async recordForAsins(asins: string[]): Promise<RecordDealsResult | null> {
      try {
        const result = await recordDeals({ db, clock, minDropPercent: config.deals.minDropPercent, postsEnabled: client !== null, publicBaseUrl: config.publicBaseUrl }, asins);
        // A refresh that ends or makes a deal, or only checks prices again: the page's "last checked" moved too.
        await deps.events.emitChange();
        if (result.posts > 0) kick();
        return result;
      } catch (error) {
        console.error(`[offerte] calcolo delle offerte non riuscito: ${describeErrorForLog(error)}`);
        return null;
      }
    },

    /** GET /api/deals and the page: the current deals, filtered, biggest drop first. */
    async current(filter: DealsFilter = { type: null, category: null }): Promise<CurrentDeals> {
      const [{ views: list }, checked] = await Promise.all([views(), checkedAt()]);
      const kept = list.filter((view) => (filter.type === null || view.typeKey === filter.type) && (filter.category === null || view.categories.includes(filter.category)));
      return { deals: kept.map(publicDeal), checkedAt: checked };
    },

    /** /offerte/feed.xml and its Last-Modified. */
    async feedDocument(): Promise<{ xml: string; lastModified: Date | null }> {
      const { views: list, found } = await views();
      const items: FeedDeal[] = list.slice(0, DEALS_FEED_LIMIT).map((view) => ({ ...publicDeal(view), found_at: found.get(view.asin)! }));
      return renderDealsFeed(items, { siteName: config.siteName, publicBaseUrl: config.publicBaseUrl });
    },

    /** The dashboard's card. */
    async stats(): Promise<DealStatsResponse> {
      const [{ views: list }, counts] = await Promise.all([views(), outboxCounts(db)]);
      return {
        deals: list.length,
        telegram: {
          enabled: client !== null,
          sent: counts.sent,
          waiting: counts.waiting,
          failed: counts.failed,
          last_failure: counts.lastFailure ? { at: new Date(counts.lastFailure.at).toISOString(), error: counts.lastFailure.error } : null,
        },
      };
    },

    /** Whether a build keeps its parts out of deals; 404 for an unknown build. */
    async exclusionOf(buildId: number): Promise<DealExclusion> {
      const excluded = await findDealsExcluded(db, buildId);
      if (excluded === undefined) throw notFound('Build non trovata');
      return { excluded };
    },

    /** The author's switch: the page, the feed and the API follow at once (their caches are dropped). */
    async setExcluded(buildId: number, excluded: boolean): Promise<DealExclusion> {
      if (!(await updateDealsExcluded(db, buildId, excluded))) throw notFound('Build non trovata');
      await deps.events.emitChange();
      return { excluded };
    },

    /** Sends the due posts (the scheduler's round); nothing when the channel is off. */
    async sendDue(): Promise<SendPostsResult> {
      if (!client || !telegram) return { sent: 0, retried: 0, failed: 0, stoppedBy: null };
      return sendDuePosts({ db, clock, telegram, client });
    },

    kick,

    /** The scheduler's hook for kick(); returns its removal. */
    onKick(listener: () => void): () => void {
      kickListeners.add(listener);
      return () => kickListeners.delete(listener);
    },
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
