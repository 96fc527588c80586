/**
 * Runs the scheduled publishing (modules/publishing) in the background: every few seconds, on every
 * instance that runs jobs; the lease and the conditional UPDATE make each due build flip once. Visitors
 * do not depend on this interval (a due build is public at once), only the stored status and the admin
 * lists do.
 */
import { formatQuantity } from '../common/format';
import type { PublishingService } from '../modules/publishing';
import { errorMessageForLog } from '../common/log-text';
import { startTicker, type Ticker } from './ticker';

const PUBLISH_INTERVAL_MS = 15_000;

export type PublishScheduler = Ticker;

/** '[pubblicazione] pubblicata 1 build programmata (id 4)': the participle agrees with the count too. */
export function publishedLogLine(ids: readonly number[]): string {
  return `[pubblicazione] ${ids.length === 1 ? 'pubblicata' : 'pubblicate'} ${formatQuantity(ids.length, 'build programmata', 'build programmate')} (id ${ids.join(', ')})`;
}

export function startPublishScheduler(publishing: PublishingService, options: { intervalMs?: number } = {}): PublishScheduler {
  const { intervalMs = PUBLISH_INTERVAL_MS } = options;
  return startTicker(
    async () => {
      const ids = await publishing.publishDue();
      if (ids && ids.length > 0) console.log(publishedLogLine(ids));
    },
    {
      intervalMs,
      // The next round tries again; visitors already see the due builds.
      onError: (error) => console.error(`[pubblicazione] pubblicazione programmata non riuscita: ${errorMessageForLog(error)}`),
    },
  );
}
