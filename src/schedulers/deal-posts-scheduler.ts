/**
 * Sends the deals' Telegram posts in the background (modules/deals, decision 046): a round every few
 * seconds, and one at once when a refresh of this process enqueued posts. Every instance may run it: the
 * shared sender row gives each post to one sender and keeps the hourly cap and Telegram's pause.
 */
import { errorMessageForLog } from '../common/log-text';
import type { DealsService, SendPostsResult } from '../modules/deals';
import { startTicker, type Ticker } from './ticker';

const POSTS_INTERVAL_MS = 5_000;

/** '[telegram] pubblicati 2, da riprovare 0, non pubblicati 0': only for rounds that did something. */
export function dealPostsLogLine(result: SendPostsResult): string {
  return `[telegram] pubblicati ${result.sent}, da riprovare ${result.retried}, non pubblicati ${result.failed}`;
}

export function startDealPostsScheduler(deals: DealsService, options: { intervalMs?: number } = {}): Ticker {
  const { intervalMs = POSTS_INTERVAL_MS } = options;
  const ticker = startTicker(
    async () => {
      const result = await deals.sendDue();
      if (result.sent + result.retried + result.failed > 0) console.log(dealPostsLogLine(result));
    },
    {
      intervalMs,
      firstRunMs: intervalMs,
      // The posts stay in the outbox under their leases; the next round (or another instance) takes them.
      onError: (error) => console.error(`[telegram] invio non riuscito: ${errorMessageForLog(error)}`),
    },
  );
  const stopListening = deals.onKick(() => void ticker.tick());
  return {
    tick: () => ticker.tick(),
    async stop() {
      stopListening();
      await ticker.stop();
    },
  };
}
