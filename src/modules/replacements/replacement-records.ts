/** The replacement records: the 'Sostituzioni' list, restoring an original, and keeping records in step with revisions. */
import type { Kysely } from 'kysely';
import { AppError, notFound } from '../../common/errors';
import { centsToEuro } from '../../common/money';
import type { Database } from '../../db/tables';
import { bumpBuildVersion, insertComponent, recordRevision, REVISION_REASONS, SYSTEM_AUTHOR, toComponentAdmin, updateComponent } from '../builds';
import type { ContentEvents } from '../content-events';
import type { DataDeps } from '../data-deps';
import * as repo from './replacements.repository';
import type { ReplacementRecord, RestoreOutcome } from './replacements.types';

const REPLACEMENT_NOT_FOUND = 'Sostituzione non trovata';
const ALREADY_RESTORED = 'Questa sostituzione è già stata ripristinata';

export interface ReplacementRecordsDeps extends DataDeps {
  events: ContentEvents;
}

/** GET /replacements: open records, newest first. */
export async function listReplacements(deps: DataDeps): Promise<{ replacements: ReplacementRecord[] }> {
  const rows = await repo.listOpenReplacements(deps.db);
  return {
    replacements: rows.map((row) => ({
      id: row.id,
      build_id: row.build_id,
      build_title: row.build_title,
      component_id: row.substitute_id ?? null,
      name: row.substitute_name ?? null,
      price: centsToEuro(row.substitute_price_cents),
      asin: row.substitute_asin ?? null,
      type: row.substitute_type ?? row.original_type,
      amazon_link: row.substitute_link ?? null,
      original_name: row.original_name,
      original_asin: row.original_asin,
      original_link: row.original_link,
      original_price: centsToEuro(row.original_price_cents),
      replacement_reason: row.replacement_reason,
      created_at: row.created_at,
    })),
  };
}

/**
 * Price metadata of a restored original: dated by the latest Amazon observation at that price when
 * there is one; otherwise the price is the build's as of the swap (never presented as fresher).
 */
async function restoredPriceMeta(trx: Kysely<Database>, record: repo.ReplacementRow) {
  if (record.original_price_cents === null) return { price_source: null, price_updated_at: null };
  const observed = record.original_asin ? await repo.findLatestObservationAtPrice(trx, record.original_asin, record.original_price_cents) : undefined;
  if (observed) return { price_source: 'amazon', price_updated_at: observed.observed_at };
  return { price_source: 'manual', price_updated_at: record.created_at };
}

/**
 * POST /replacements/{id}/restore: the original's fields go back into the same component row (same id
 * and position), the substitute is gone, the record is closed; all in one transaction. If the
 * substitute was deleted meanwhile, the original is re-inserted at its original position.
 */
export async function restore(deps: ReplacementRecordsDeps, replacementId: number): Promise<RestoreOutcome> {
  const { db, clock } = deps;
  const component = await db.transaction().execute(async (trx) => {
    const timestamp = clock.now().toISOString();
    const found = await repo.findReplacementById(trx, replacementId);
    if (!found) throw notFound(REPLACEMENT_NOT_FOUND);
    // The build first (as every build writer): an editor form loaded before the restore must not save
    // the substitute back unnoticed. No build: it was deleted meanwhile, and its records with it.
    if (!(await bumpBuildVersion(trx, found.build_id, clock))) throw notFound(REPLACEMENT_NOT_FOUND);
    if (!(await repo.closeReplacement(trx, replacementId, timestamp))) throw new AppError('CONFLICT', ALREADY_RESTORED);
    const record = (await repo.findReplacementById(trx, replacementId))!;
    const original = {
      type: record.original_type,
      name: record.original_name,
      brand: record.original_brand,
      model: record.original_model,
      specs: record.original_specs,
      asin: record.original_asin,
      amazon_link: record.original_link,
      price_cents: record.original_price_cents,
      ...(await restoredPriceMeta(trx, record)),
      // Unknown until the next check: what we knew was about the substitute.
      availability: null,
      availability_checked_at: null,
      // The original's image comes back with the next price refresh; the substitute's would mislead.
      image_url: null,
      image_checked_at: null,
      attribute_overrides: record.original_attribute_overrides,
      is_replaced: 0,
      replacement_reason: null,
      updated_at: timestamp,
    };
    const current = record.component_id === null ? undefined : await repo.findComponentById(trx, record.component_id);
    let componentId: number;
    if (current && current.build_id === record.build_id) {
      await updateComponent(trx, current.id, original);
      componentId = current.id;
    } else {
      componentId = await insertComponent(trx, { ...original, build_id: record.build_id, position: record.original_position, created_at: timestamp });
    }
    await recordRevision(trx, record.build_id, REVISION_REASONS.replacementRestored, SYSTEM_AUTHOR, timestamp);
    return (await repo.findComponentById(trx, componentId))!;
  });
  await deps.events.emitChange();
  return { ok: true, component: toComponentAdmin(component) };
}

/**
 * After a revision of a build is restored (revisions.service), in its transaction, with the build locked:
 * makes the build's replacement records match its components again, so the 'Sostituzioni' screen never
 * offers a restore that cannot apply. A record stays open only while its substitute is in the build:
 * - an open record whose component is gone, or is no longer a substitute (the revision is from before the
 *   swap, or from after the original came back), is closed;
 * - a substitute brought back (is_replaced = 1) without an open record gets back the record that was open
 *   when the revision was recorded (the newest of that component created at or before `revisionAt`), so
 *   its original can be restored again. A substitute that comes back as a new row (its row was deleted
 *   since) cannot be matched to its record (the record's link was cleared with the row) and stays without.
 */
export async function reconcileReplacementRecords(trx: Kysely<Database>, buildId: number, revisionAt: string, at: string): Promise<void> {
  await repo.closeRecordsWithoutSubstitute(trx, buildId, at);
  for (const componentId of await repo.findSubstitutesWithoutOpenRecord(trx, buildId)) {
    const record = await repo.findLatestRecordOf(trx, buildId, componentId, revisionAt);
    if (record && record.restored_at !== null) await repo.reopenReplacement(trx, record.id);
  }
}
