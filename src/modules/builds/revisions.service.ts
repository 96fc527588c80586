/**
 * Build revisions. Every save of the editor and every automatic change of a build (smart
 * replacement, the restore of a replacement, the restore of a revision) records the build as it is after
 * the change, in the same transaction, so the history never misses a committed version nor shows one that
 * was rolled back. The newest KEPT_REVISIONS of each build are kept.
 *
 * Restoring a revision writes its fields and components back in one transaction, with a new build version
 * (an editor opened before must not save over it, decision 006), and records that as a new revision.
 * Components keep their rows when they still exist, by id or by ASIN (matchComponents); components added
 * since are removed; components removed since come back as new rows. Clicks follow the product, not the
 * row (decision 027).
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
import { reindexBuild } from '../../db/build-search-index';
import type { ComponentRow, Database } from '../../db/tables';
import type { DataDeps } from '../data-deps';
import type { ContentEvents } from '../content-events';
import * as buildsRepo from './builds.repository';
import * as componentsRepo from './components.repository';
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
 * A plain function, for the other modules' transactions (decision 011). Every writer of a build's text
 * calls it (the editor's create and save, a smart replacement, the restore of a replacement or of a
 * revision), so it is also where the site search's index follows the change, in the same transaction
 * (decision 033).
 */
export async function recordRevision(trx: Kysely<Database>, buildId: number, reason: string, author: string, at: string): Promise<void> {
  await reindexBuild(trx, buildId);
  const current = await snapshotOf(trx, buildId);
  if (!current) return;
  await repo.insertRevision(trx, { build_id: buildId, created_at: at, title: current.title, reason, author, snapshot: JSON.stringify(current.snapshot) });
  await repo.pruneRevisions(trx, buildId, KEPT_REVISIONS);
}

type SnapshotComponent = RevisionSnapshot['components'][number];

/**
 * Which of the build's current component rows each component of the restored snapshot goes into
 * (decision 027): the row with its id and the same product, else a row with the same ASIN, else the row
 * with its id (edited to another product since), else a new row. A row matched by nothing is removed.
 * Rows keep their identity wherever the product is the same (price metadata, tier and replacement
 * records follow the product); clicks are kept by product anyway (analytics), so a component removed
 * here and brought back by the next restore finds its clicks again.
 */
export function matchComponents(restored: readonly SnapshotComponent[], rows: readonly ComponentRow[]) {
  const free = new Map(rows.map((row) => [row.id, row]));
  const target = new Map<SnapshotComponent, ComponentRow>();
  const take = (component: SnapshotComponent, row: ComponentRow | undefined) => {
    if (!row || target.has(component)) return;
    target.set(component, row);
    free.delete(row.id);
  };
  for (const component of restored) {
    const row = free.get(component.id);
    if (row && row.asin === component.asin) take(component, row);
  }
  for (const component of restored) {
    if (component.asin !== null && !target.has(component)) take(component, [...free.values()].find((row) => row.asin === component.asin));
  }
  for (const component of restored) if (!target.has(component)) take(component, free.get(component.id));
  return {
    kept: [...target].map(([component, row]) => ({ row, restored: component })),
    removed: [...free.keys()],
    missing: restored.filter((component) => !target.has(component)),
  };
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
        const { kept, removed, missing } = matchComponents(components, await buildsRepo.listComponents(trx, buildId));
        await componentsRepo.deleteComponents(trx, removed);
        for (const { row, restored } of kept) {
          const { id: _snapshotId, ...fields } = restored;
          // An image link other than the one the retailer last confirmed comes back unconfirmed (decision 024).
          const imageChanged = fields.image_url !== row.image_url;
          await componentsRepo.updateComponent(trx, row.id, { ...fields, ...(imageChanged && { image_checked_at: null }), updated_at: now });
        }
        if (missing.length > 0) {
          await componentsRepo.insertComponents(
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
