/**
 * Runs the scheduled publishing (modules/publishing) in the background: every few seconds, on every
 * instance that runs jobs; the lease and the conditional UPDATE make each due build flip once. Visitors
 * do not depend on this interval (a due build is public at once), only the stored status and the admin
 * lists do. Timers are unref'd: they never keep a stopping process alive.
 */
import { formatQuantity } from '../common/format';
import type { PublishingService } from '../modules/publishing/publishing.service';
import { errorMessageForLog } from '../common/log-text';

export const PUBLISH_INTERVAL_MS = 15_000;

export interface PublishScheduler {
  /** Runs one round now (tests); resolves when it is over. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** '[pubblicazione] pubblicata 1 build programmata (id 4)': the participle agrees with the count too. */
export function publishedLogLine(ids: readonly number[]): string {
  return `[pubblicazione] ${ids.length === 1 ? 'pubblicata' : 'pubblicate'} ${formatQuantity(ids.length, 'build programmata', 'build programmate')} (id ${ids.join(', ')})`;
}

export function startPublishScheduler(publishing: PublishingService, options: { intervalMs?: number } = {}): PublishScheduler {
  const { intervalMs = PUBLISH_INTERVAL_MS } = options;
  let current: Promise<void> | null = null;
  let stopped = false;

  async function round() {
    try {
      const ids = await publishing.publishDue();
      if (ids && ids.length > 0) console.log(publishedLogLine(ids));
    } catch (error) {
      // The next round tries again; visitors already see the due builds.
      console.error(`[pubblicazione] pubblicazione programmata non riuscita: ${errorMessageForLog(error)}`);
    }
  }

  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    current ??= round().finally(() => {
      current = null;
    });
    return current;
  }

  const interval = setInterval(() => void tick(), intervalMs);
  interval.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(interval);
      await current;
    },
  };
}
