/**
 * Build revisions (issue 13). Every save of the editor and every automatic change of a build (smart
 * replacement, the restore of a replacement, the restore of a revision) records the build as it is after
 * the change, in the same transaction, so the history never misses a committed version nor shows one that
 * was rolled back. The newest KEPT_REVISIONS of each build are kept.
 *
 * Restoring a revision writes its fields and components back in one transaction, with a new build version
 * (an editor opened before must not save over it, decision 006), and records that as a new revision.
 * Components keep their rows (and their click counts) when they still exist; components added since are
 * removed; components removed since come back as new rows.
 *
 * Publication: the first publication date (published_at) is kept once set. A revision whose schedule has
 * already passed (scheduleHasPassed) is restored without its status and publish_at: the build keeps its
 * own, and the new revision's reason says so. Restoring the schedule would make the build public at once
 * with a publication date in the past. The replacement records of the build are made to match the
 * restored components in the same transaction (replacements.service reconcileReplacementRecords).
 */
import type { Kysely } from 'kysely';
import { notFound } from '../../common/errors';
import { formatDateTime } from '../../common/format';
import type { Database } from '../../db/schema';
import type { DataDeps } from '../data-deps';
import type { ContentEvents } from '../content-events';
import * as buildsRepo from './builds.repository';
import {
  type RevisionSnapshot,
  type RevisionSummary,
  revisionSnapshotSchema,
  scheduleHasPassed,
  snapshotBuildSchema,
  snapshotComponentSchema,
} from './revisions.schema';
import * as repo from './revisions.repository';

export const KEPT_REVISIONS = 100;
/** The author of automatic changes. */
export const SYSTEM_AUTHOR = 'Sistema';
export const REVISION_REASONS = {
  created: 'Creazione',
  saved: 'Salvataggio',
  smartReplacement: 'Sostituzione intelligente',
  replacementRestored: 'Ripristino di un componente sostituito',
  restored: (revisionId: number) => `Ripristino della revisione ${revisionId}`,
  /** A revision whose schedule had passed: restored without it (Italian time). */
  restoredWithoutSchedule: (revisionId: number, publishAt: string | null) =>
    `Ripristino della revisione ${revisionId}, senza la programmazione già passata${publishAt ? ` (${formatDateTime(publishAt)})` : ''}: stato di pubblicazione invariato`,
} as const;

const REVISION_NOT_FOUND = 'Revisione non trovata';
const BUILD_NOT_FOUND = 'Build non trovata';

async function snapshotOf(trx: Kysely<Database>, buildId: number): Promise<{ title: string; snapshot: RevisionSnapshot } | null> {
  const build = await buildsRepo.findBuildById(trx, buildId);
  if (!build) return null;
  const components = await buildsRepo.listComponents(trx, buildId);
  // zod strips every column the snapshot does not keep.
  const snapshot = { build: snapshotBuildSchema.parse(build), components: components.map((component) => snapshotComponentSchema.parse(component)) };
  return { title: build.title, snapshot };
}

/**
 * Records the build as it is now in the caller's transaction (call it after the change, before commit).
 * A plain function, for the other modules' transactions (decision 011).
 */
export async function recordRevision(trx: Kysely<Database>, buildId: number, reason: string, author: string, at: string): Promise<void> {
  const current = await snapshotOf(trx, buildId);
  if (!current) return;
  await repo.insertRevision(trx, { build_id: buildId, created_at: at, title: current.title, reason, author, snapshot: JSON.stringify(current.snapshot) });
  await repo.pruneRevisions(trx, buildId, KEPT_REVISIONS);
}

export interface RevisionsDeps extends DataDeps {
  events: ContentEvents;
  /** Locks the build and gives it a new version (builds.service bumpBuildVersion); false when it does not exist. */
  bumpVersion: (trx: Kysely<Database>, buildId: number) => Promise<boolean>;
  /**
   * After the restored components are written, in the same transaction: makes the build's replacement
   * records match them (replacements.service reconcileReplacementRecords). `revisionAt` is when the
   * restored revision was recorded, `at` the restore's time.
   */
  reconcileReplacements: (trx: Kysely<Database>, buildId: number, revisionAt: string, at: string) => Promise<void>;
}

export function createRevisionsService({ db, clock, events, bumpVersion, reconcileReplacements }: RevisionsDeps) {
  async function requireBuild(buildId: number) {
    if (!(await buildsRepo.findBuildById(db, buildId))) throw notFound(BUILD_NOT_FOUND);
  }

  /** GET /api/admin/builds/{id}/revisions: newest first. */
  async function list(buildId: number): Promise<RevisionSummary[]> {
    await requireBuild(buildId);
    return repo.listRevisions(db, buildId);
  }

  /** GET /api/admin/builds/{id}/revisions/{rid}: the whole snapshot. */
  async function get(buildId: number, revisionId: number) {
    const row = await repo.findRevision(db, buildId, revisionId);
    if (!row) throw notFound(REVISION_NOT_FOUND);
    const { snapshot, ...summary } = row;
    return { ...summary, snapshot: revisionSnapshotSchema.parse(JSON.parse(snapshot)) };
  }

  /** POST /api/admin/builds/{id}/revisions/{rid}/restore: the build as it was, recorded as a new revision. */
  async function restore(buildId: number, revisionId: number, author: string) {
    await db
      .transaction()
      .execute(async (trx) => {
        // The build first, as every build writer (no deadlock on component rows), with a new version.
        if (!(await bumpVersion(trx, buildId))) throw notFound(BUILD_NOT_FOUND);
        const row = await repo.findRevision(trx, buildId, revisionId);
        if (!row) throw notFound(REVISION_NOT_FOUND);
        const { build, components } = revisionSnapshotSchema.parse(JSON.parse(row.snapshot));
        const now = clock.now().toISOString();
        const existing = (await buildsRepo.findBuildById(trx, buildId))!;
        const { status, publish_at, ...content } = build;
        // A schedule already passed is not brought back: the build keeps its status and publish_at.
        const keepsPublication = scheduleHasPassed(build, now);
        await buildsRepo.updateBuild(trx, buildId, {
          ...content,
          ...(keepsPublication ? {} : { status, publish_at: status === 'scheduled' ? publish_at : null }),
          // Published once, the first publication date stays; restoring a published version of a never-published build publishes it now.
          published_at: existing.published_at ?? (!keepsPublication && status === 'published' ? now : null),
        });
        const current = new Map((await buildsRepo.listComponents(trx, buildId)).map((component) => [component.id, component]));
        const kept = components.filter((component) => current.has(component.id));
        await buildsRepo.deleteComponents(trx, [...current.keys()].filter((id) => !kept.some((component) => component.id === id)));
        for (const { id, ...fields } of kept) {
          // An image link other than the one the retailer last confirmed comes back unconfirmed (decision 024).
          const imageChanged = fields.image_url !== current.get(id)!.image_url;
          await buildsRepo.updateComponent(trx, id, { ...fields, ...(imageChanged && { image_checked_at: null }), updated_at: now });
        }
        const missing = components.filter((component) => !current.has(component.id));
        if (missing.length > 0) {
          await buildsRepo.insertComponents(
            trx,
            missing.map(({ id: _gone, ...fields }) => ({ ...fields, build_id: buildId, created_at: now, updated_at: now })),
          );
        }
        await reconcileReplacements(trx, buildId, row.created_at, now);
        const reason = keepsPublication ? REVISION_REASONS.restoredWithoutSchedule(revisionId, publish_at) : REVISION_REASONS.restored(revisionId);
        await recordRevision(trx, buildId, reason, author, now);
      })
      .finally(() => events.emitChange());
  }

  return { list, get, restore };
}

export type RevisionsService = ReturnType<typeof createRevisionsService>;
