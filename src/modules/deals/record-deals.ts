/**
 * Inside the price refresh job, after the answers are stored (decision 046): decides which of the refreshed
 * ASINs are deals now, from the stored prices and the stored price history (so a restored history counts),
 * and, when the channel is on, which deals to post, in one transaction: the deals, the memory of what was
 * posted and the posts commit together, or nothing does (decision 031).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import { dealOf, previousLowWindow, REPOST_AFTER_MS } from './deal-rule';
import { dealPostText } from './deal-post-text';
import { groupByAsin, publicDeal, toDealView, toShownPrice } from './deal-views';
import { claimPost, type DealRow, findDeals, listShownEntries, previousLows, replaceDeals } from './deals.repository';
import { insertPost } from './telegram-outbox.repository';

export interface RecordDealsDeps {
  db: Kysely<Database>;
  clock: Clock;
  minDropPercent: number;
  /** Whether deals are posted to the channel (TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID set). */
  postsEnabled: boolean;
  publicBaseUrl: string;
}

export interface RecordDealsResult {
  /** Deals among the refreshed ASINs. */
  deals: number;
  /** Whether the deals of these ASINs changed (the caches are then dropped). */
  changed: boolean;
  /** Posts enqueued. */
  posts: number;
}

export async function recordDeals(deps: RecordDealsDeps, asins: readonly string[]): Promise<RecordDealsResult> {
  const { db, clock } = deps;
  const unique = [...new Set(asins)];
  if (unique.length === 0) return { deals: 0, changed: false, posts: 0 };
  const now = clock.now();
  const nowIso = now.toISOString();
  const byAsin = groupByAsin(await listShownEntries(db, unique, nowIso));
  const window = previousLowWindow(now);
  const lows = await previousLows(db, [...byAsin.keys()], window.from, window.until);

  const found: DealRow[] = [];
  for (const [asin, entries] of byAsin) {
    for (const entry of entries) {
      const verdict = dealOf(toShownPrice(entry), lows.get(asin) ?? null, now, deps.minDropPercent);
      if (!verdict) continue;
      found.push({ asin, price_cents: entry.price_cents!, price_updated_at: entry.price_updated_at!, previous_low_cents: lows.get(asin)!, drop_basis_points: verdict.dropBasisPoints, found_at: nowIso });
      break;
    }
  }

  return db.transaction().execute(async (trx) => {
    const before = new Map((await findDeals(trx, unique)).map((row) => [row.asin, row]));
    // A deal that goes on at the same price keeps the moment it was first found (the feed's item date).
    for (const deal of found) {
      const previous = before.get(deal.asin);
      if (previous && previous.price_cents === deal.price_cents && previous.previous_low_cents === deal.previous_low_cents) deal.found_at = previous.found_at;
    }
    await replaceDeals(trx, unique, found);
    const changed =
      found.length !== before.size ||
      found.some((deal) => {
        const previous = before.get(deal.asin);
        return !previous || previous.price_cents !== deal.price_cents || previous.drop_basis_points !== deal.drop_basis_points;
      });
    let posts = 0;
    if (deps.postsEnabled) {
      const repostBefore = new Date(now.getTime() - REPOST_AFTER_MS).toISOString();
      for (const deal of found) {
        const view = toDealView(deal, byAsin.get(deal.asin)!, now);
        if (!view) continue;
        if (!(await claimPost(trx, deal.asin, deal.price_cents, nowIso, repostBefore))) continue;
        // No photo: Telegram would keep the retailer's image for ever, past its 24 hours (decision 024).
        await insertPost(trx, { asin: deal.asin, text: dealPostText(publicDeal(view), deps.publicBaseUrl), photoUrl: null, now: nowIso });
        posts += 1;
      }
    }
    return { deals: found.length, changed, posts };
  });
}
