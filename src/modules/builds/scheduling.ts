/** Scheduled publishing of builds: the rule for a save's `publish_at`, and the flip of the due ones. */
import { AppError } from '../../common/errors';
import type { ContentEvents } from '../content-events';
import type { DataDeps } from '../data-deps';
import * as repo from './builds.repository';
import { type BuildInput, PUBLISH_AT_IN_PAST_MESSAGE } from './builds.schema';

export interface SchedulingDeps extends DataDeps {
  events: ContentEvents;
}

/**
 * A scheduled save needs a `publish_at` still to come; the other statuses store none. Checked against the
 * service's clock (the same one the public queries compare with).
 */
export function publishAtFor(input: BuildInput, now: Date): string | null {
  if (input.status !== 'scheduled') return null;
  if (input.publish_at === undefined || input.publish_at <= now.toISOString()) {
    throw new AppError('VALIDATION_ERROR', PUBLISH_AT_IN_PAST_MESSAGE, { fields: { publish_at: PUBLISH_AT_IN_PAST_MESSAGE } });
  }
  return input.publish_at;
}

/**
 * Stores every due scheduled build as published (published_at = publish_at, unless published before) and tells the caches.
 * Visitors already see a due build (the public queries treat it as published): this makes the stored
 * status say so too. Safe with any number of instances at once (one conditional UPDATE). Returns the ids.
 */
export async function publishDueScheduled(deps: SchedulingDeps): Promise<number[]> {
  const ids = await repo.publishDueScheduled(deps.db, deps.clock.now().toISOString());
  if (ids.length > 0) await deps.events.emitChange();
  return ids;
}

export function hasDueScheduled(deps: DataDeps): Promise<boolean> {
  return repo.hasDueScheduled(deps.db, deps.clock.now().toISOString());
}

/** The next `publish_at` after now (a Date), or null: when the page caches must next forget what they hold. */
export async function nextPublishAt(deps: DataDeps): Promise<Date | null> {
  const next = await repo.findNextPublishAt(deps.db, deps.clock.now().toISOString());
  return next === null ? null : new Date(next);
}
