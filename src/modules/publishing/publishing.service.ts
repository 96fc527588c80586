/**
 * Scheduled publishing: stores the due scheduled builds as published. Visitors never wait for
 * it (the public queries already treat a due build as published, db/public-builds.ts); it makes the
 * stored status, published_at and the admin's lists say so. Under its own lease, so it never waits for
 * price work; the UPDATE itself is conditional, so even two runs at once would flip each build once.
 */
import type { BuildsService } from '../builds';
import type { JobsService } from '../jobs';

export const PUBLISH_SCHEDULED_JOB = 'publish-scheduled';
export const PUBLISHING_LEASE = 'scheduled-publishing';

export function createPublishingService(deps: { builds: BuildsService; jobs: JobsService }) {
  const { builds, jobs } = deps;

  /**
   * Flips the due builds; the ids flipped, or null when nothing was due or another instance holds the
   * lease. Nothing due costs one indexed read and no job_runs row, so it can run every few seconds.
   */
  async function publishDue(): Promise<number[] | null> {
    if (!(await builds.hasDueScheduled())) return null;
    return jobs.runExclusive(
      PUBLISH_SCHEDULED_JOB,
      'scheduled',
      async () => {
        const ids = await builds.publishDueScheduled();
        return { value: ids, counts: { total: ids.length, updated: ids.length } };
      },
      { lease: PUBLISHING_LEASE },
    );
  }

  return { publishDue };
}

export type PublishingService = ReturnType<typeof createPublishingService>;
