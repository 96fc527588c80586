/**
 * The author's writes of a build: create (with its slug race), the editor's save (conditional on the
 * version the form was loaded at, decision 006) and delete (keeping the build's analytics, decision 027).
 */
import type { Kysely } from 'kysely';
import { AppError, notFound } from '../../common/errors';
import { slugify } from '../../common/slug';
import { isUniqueViolation } from '../../db/driver-errors';
import type { BuildRow, Database } from '../../db/tables';
import type { ContentEvents } from '../content-events';
import type { DataDeps } from '../data-deps';
import { ADMIN_NOT_FOUND, readAdminBuild } from './admin-read';
import { nextBuildVersion } from './build-versions';
import * as repo from './builds.repository';
import type { BuildInput } from './builds.schema';
import type { BuildAdmin } from './builds.types';
import { saveComponents } from './component-save';
import { recordRevision, REVISION_REASONS } from './revisions.service';
import { publishAtFor } from './scheduling';

/** Far above any real contention (each round of a slug race lets at least one create through). */
const MAX_SLUG_ATTEMPTS = 200;
export const BUILD_CHANGED_MESSAGE = "La build è stata modificata altrove dopo che l'hai aperta. Ricarica per vedere la versione attuale.";

export interface EditorSaveDeps extends DataDeps {
  events: ContentEvents;
  /**
   * In the delete's transaction, before the delete: keeps the build's views and clicks under its title
   * (analytics.service keepAnalyticsOfDeletedBuild, decision 027).
   */
  keepDeletedAnalytics: (trx: Kysely<Database>, build: BuildRow, at: Date) => Promise<void>;
}

/** The first of `base`, `base-2`, `base-3`… that is neither stored nor in `avoid`. */
async function nextFreeSlug(trx: Kysely<Database>, title: string, avoid: ReadonlySet<string>): Promise<string> {
  const base = slugify(title);
  const taken = new Set([...(await repo.findSlugsLike(trx, base)), ...avoid]);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

function buildColumns(input: BuildInput) {
  return {
    title: input.title,
    description: input.description ?? '',
    content: input.content ?? '',
    featured_image: input.featured_image,
    category: input.category,
    budget_cents: input.budget,
    status: input.status,
    meta_title: input.meta_title,
    meta_description: input.meta_description,
    affiliate_tag: input.affiliate_tag,
  };
}

export async function createBuild(deps: EditorSaveDeps, input: BuildInput, author: string): Promise<BuildAdmin> {
  const { db, clock } = deps;
  // Parallel creates with one title race for the same slug: on PostgreSQL a transaction cannot see
  // another's uncommitted row, so both pick it and the later insert fails on the unique index. Each
  // round at least one of them wins, so retrying (skipping the slugs seen taken) always ends; the
  // bound only turns a bug into an error instead of a loop.
  const collided = new Set<string>();
  for (let attempt = 0; ; attempt++) {
    let slug = '';
    try {
      return await db.transaction().execute(async (trx) => {
        const at = clock.now();
        const now = at.toISOString();
        const publishAt = publishAtFor(input, at);
        slug = await nextFreeSlug(trx, input.title, collided);
        const id = await repo.insertBuild(trx, {
          ...buildColumns(input),
          publish_at: publishAt,
          slug,
          published_at: input.status === 'published' ? now : null,
          created_at: now,
          updated_at: now,
        });
        await saveComponents(trx, id, input.components, now);
        await recordRevision(trx, id, REVISION_REASONS.created, author, now);
        return readAdminBuild(trx, id, clock.now());
      }).finally(() => deps.events.emitChange());
    } catch (error) {
      if (attempt < MAX_SLUG_ATTEMPTS && isUniqueViolation(error)) {
        collided.add(slug);
        continue;
      }
      throw error;
    }
  }
}

/**
 * Saves the editor's form. With `expectedUpdatedAt` (the version the form was loaded at) the save is
 * conditional: a build changed since answers 409 and nothing is written.
 */
export async function saveBuild(deps: EditorSaveDeps, id: number, input: BuildInput, expectedUpdatedAt: string | undefined, author: string): Promise<BuildAdmin> {
  const { db, clock } = deps;
  return db.transaction().execute(async (trx) => {
    // The check and the lock are one statement, before anything is read: a concurrent save, replacement
    // or restore of this build either committed before (the version no longer matches) or waits for us.
    if (!(await repo.lockBuild(trx, id, expectedUpdatedAt))) {
      if (expectedUpdatedAt !== undefined && (await repo.findBuildById(trx, id))) throw new AppError('CONFLICT', BUILD_CHANGED_MESSAGE);
      throw notFound(ADMIN_NOT_FOUND);
    }
    const existing = (await repo.findBuildById(trx, id))!;
    const at = clock.now();
    const now = at.toISOString();
    const publishAt = publishAtFor(input, at);
    await repo.updateBuild(trx, id, {
      ...buildColumns(input),
      publish_at: publishAt,
      // The slug stays stable so shared links keep working; published_at is set once, on first publish.
      published_at: existing.published_at ?? (input.status === 'published' ? now : null),
      updated_at: nextBuildVersion(at, existing.updated_at),
    });
    await saveComponents(trx, id, input.components, now);
    await recordRevision(trx, id, REVISION_REASONS.saved, author, now);
    return readAdminBuild(trx, id, clock.now());
  }).finally(() => deps.events.emitChange());
}

/**
 * Deletes the build with its components and revisions; its views and clicks stay in the analytics under
 * its title (decision 027). One transaction, the build locked first as by every build writer: no click
 * counted meanwhile can land between moving the counts and the delete.
 */
export async function removeBuild(deps: EditorSaveDeps, id: number): Promise<void> {
  await deps.db
    .transaction()
    .execute(async (trx) => {
      if (!(await repo.lockBuild(trx, id))) throw notFound(ADMIN_NOT_FOUND);
      const build = (await repo.findBuildById(trx, id))!;
      await deps.keepDeletedAnalytics(trx, build, deps.clock.now());
      await repo.deleteBuild(trx, id);
    })
    .finally(() => deps.events.emitChange());
}
