/**
 * Housekeeping: deletes what no rule reads any more (ended sessions past the trusted-IP window, login
 * throttle counters that hold nothing, click hashes older than their minute, visit hashes past their half hour and past days' keys). Runs under its own lease, so it never waits for price work nor
 * makes price work wait, and at most one instance runs it at a time.
 */
import type { AnalyticsService } from '../analytics/analytics.service';
import type { AuthService } from '../auth/auth.service';
import type { Clock } from '../clock';
import type { JobsService } from '../jobs/jobs.service';

export const HOUSEKEEPING_JOB = 'housekeeping';
export const HOUSEKEEPING_LEASE = 'housekeeping';

export interface HousekeepingResult {
  /** Sessions deleted. */
  sessions: number;
  /** Login throttle rows deleted. */
  throttleRows: number;
  /** Click and visit de-duplication rows (hashes and day keys) deleted. */
  clickRows: number;
}

export function createHousekeepingService(deps: { auth: AuthService; analytics: AnalyticsService; jobs: JobsService; clock: Clock }) {
  const { auth, analytics, jobs, clock } = deps;

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
        const purged = { ...(await auth.purgeStale()), clickRows: await analytics.purgeExpired() };
        return { value: purged, counts: { total: purged.sessions + purged.throttleRows + purged.clickRows } };
      },
      { lease: HOUSEKEEPING_LEASE, isDue },
    );
  }

  return { run };
}

export type HousekeepingService = ReturnType<typeof createHousekeepingService>;
