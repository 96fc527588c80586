/**
 * Housekeeping: deletes what no rule reads any more (ended sessions past the trusted-IP window, login
 * throttle counters that hold nothing, click hashes older than their minute, visit hashes past their half hour and past days' keys, price
 * alerts past their 48 hours (pending) or 180 days (active) or whose build is no longer public, and idle
 * subscribe counters). Runs under its own lease, so it never waits for price work nor
 * makes price work wait, and at most one instance runs it at a time.
 */
import type { AlertsService } from '../alerts';
import type { AnalyticsService } from '../analytics';
import type { AuthService } from '../auth';
import type { Clock } from '../clock';
import type { JobsService } from '../jobs';

export const HOUSEKEEPING_JOB = 'housekeeping';
export const HOUSEKEEPING_LEASE = 'housekeeping';

export interface HousekeepingResult {
  /** Sessions deleted. */
  sessions: number;
  /** Login throttle rows deleted. */
  throttleRows: number;
  /** Click and visit de-duplication rows (hashes and day keys) deleted. */
  clickRows: number;
  /** Price alerts ended (expired, or their build no longer public) and idle subscribe counters deleted. */
  alertRows: number;
}

export function createHousekeepingService(deps: { auth: AuthService; analytics: AnalyticsService; alerts: Pick<AlertsService, 'purgeExpired'>; jobs: JobsService; clock: Clock }) {
  const { auth, analytics, alerts, jobs, clock } = deps;

  /**
   * One round, unless another instance runs one now or one started within `minGapMs` (every instance
   * schedules it, but one round per interval is enough). Null when it did not run.
   */
  async function run(options: { minGapMs?: number } = {}): Promise<HousekeepingResult | null> {
    const { minGapMs = 0 } = options;
    const isDue = async () => {
      const last = await jobs.lastSuccessStartedAt(HOUSEKEEPING_JOB);
      return last === null || clock.now().getTime() - last.getTime() >= minGapMs;
    };
    return jobs.runExclusive(
      HOUSEKEEPING_JOB,
      'scheduled',
      async () => {
        const alertsPurged = await alerts.purgeExpired();
        const purged = { ...(await auth.purgeStale()), clickRows: await analytics.purgeExpired(), alertRows: alertsPurged.alerts + alertsPurged.limitRows };
        return { value: purged, counts: { total: purged.sessions + purged.throttleRows + purged.clickRows + purged.alertRows } };
      },
      { lease: HOUSEKEEPING_LEASE, isDue },
    );
  }

  return { run };
}

export type HousekeepingService = ReturnType<typeof createHousekeepingService>;
