/**
 * Runs the housekeeping (modules/housekeeping) in the background: a first round soon after start-up,
 * then one per interval. Every instance schedules it; the lease and the gap check make one round per
 * interval across all of them.
 */
import { formatQuantity } from '../common/format';
import type { HousekeepingResult, HousekeepingService } from '../modules/housekeeping';
import { errorMessageForLog } from '../common/log-text';
import { startTicker, type Ticker } from './ticker';

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/** Not at the very start: start-up (migrations, seed, first requests) comes first. */
const HOUSEKEEPING_FIRST_RUN_MS = 60_000;

export interface HousekeepingSchedulerOptions {
  intervalMs?: number;
  firstRunMs?: number;
}

export type HousekeepingScheduler = Ticker;

/** The log line of a round that deleted something: '[manutenzione] eliminati: 1 sessione conclusa, …'. */
export function housekeepingLogLine(result: HousekeepingResult): string {
  return (
    `[manutenzione] eliminati: ${formatQuantity(result.sessions, 'sessione conclusa', 'sessioni concluse')}, ` +
    `${formatQuantity(result.throttleRows, 'contatore di accesso scaduto', 'contatori di accesso scaduti')}, ` +
    `${formatQuantity(result.clickRows, 'riga scaduta dei clic', 'righe scadute dei clic')}, ` +
    `${formatQuantity(result.alertRows, 'riga scaduta degli avvisi', 'righe scadute degli avvisi')}`
  );
}

export function startHousekeepingScheduler(housekeeping: HousekeepingService, options: HousekeepingSchedulerOptions = {}): HousekeepingScheduler {
  const { intervalMs = HOUSEKEEPING_INTERVAL_MS, firstRunMs = HOUSEKEEPING_FIRST_RUN_MS } = options;
  return startTicker(
    async () => {
      // Half an interval: a round another instance ran recently is enough; a missed one is caught up soon.
      const result = await housekeeping.run({ minGapMs: intervalMs / 2 });
      if (result && result.sessions + result.throttleRows + result.clickRows + result.alertRows > 0) {
        console.log(housekeepingLogLine(result));
      }
    },
    {
      intervalMs,
      firstRunMs,
      // Recorded in job_runs by the lease runner; the next round tries again.
      onError: (error) => console.error(`[manutenzione] pulizia non riuscita: ${errorMessageForLog(error)}`),
    },
  );
}
