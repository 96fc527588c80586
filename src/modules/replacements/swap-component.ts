/** Puts a chosen substitute into an unavailable component's row, in one transaction with the build locked. */
import { normalizeAsin, productUrl } from '../../common/asin';
import { centsToEuro } from '../../common/money';
import { bumpBuildVersion, recordRevision, REVISION_REASONS, SYSTEM_AUTHOR, updateComponent } from '../builds';
import type { DataDeps } from '../data-deps';
import type { Chosen } from './choose-candidate';
import * as repo from './replacements.repository';
import type { SmartReplacementResult } from './replacements.types';
import { errorResult, type Unavailable } from './smart-replacement-results';

const CHANGED_MEANWHILE = 'Il componente è stato modificato durante la sostituzione: riprova';

/** Thrown inside a swap transaction to roll it back when the row changed under us. */
class ChangedMeanwhile extends Error {}

/**
 * Swaps the substitute into the component row in place, keeping the original in the (one) open record.
 * When the row, the build or the record changed since the component was looked up, nothing is written
 * and the answer is an 'error' asking to retry.
 */
export async function swapComponent(deps: DataDeps, buildId: number, tag: string, entry: Unavailable, chosen: Chosen): Promise<SmartReplacementResult> {
  const { db, clock } = deps;
  const asin = normalizeAsin(chosen.alternative.alternative_asin);
  const name = chosen.alternative.alternative_name?.trim() || chosen.item.title || asin;
  const url = productUrl(asin, tag);
  const timestamp = clock.now().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      // The build first: an editor form loaded before the swap must not save the original back unnoticed.
      if (!(await bumpBuildVersion(trx, buildId, clock))) throw new ChangedMeanwhile();
      const row = await repo.findComponentById(trx, entry.component.id);
      if (!row || row.build_id !== buildId || normalizeAsin(row.asin ?? '') !== entry.asin) throw new ChangedMeanwhile();
      const record = await repo.findOpenByComponentId(trx, row.id);
      if (entry.record && record?.id !== entry.record.id) throw new ChangedMeanwhile(); // restored meanwhile
      if (record && entry.record) {
        await repo.updateReplacementReason(trx, record.id, entry.reason);
      } else if (!record) {
        await repo.insertReplacement(trx, {
          build_id: buildId,
          component_id: row.id,
          original_type: row.type,
          original_name: row.name,
          original_brand: row.brand,
          original_model: row.model,
          original_specs: row.specs,
          original_asin: row.asin,
          original_link: row.amazon_link,
          original_price_cents: row.price_cents,
          original_position: row.position,
          original_attribute_overrides: row.attribute_overrides,
          replacement_reason: entry.reason,
          created_at: timestamp,
          restored_at: null,
        });
      } else {
        // An open record we did not expect (the row was replaced by someone else meanwhile).
        throw new ChangedMeanwhile();
      }
      await updateComponent(trx, row.id, {
        name,
        // The original's brand/model/specs describe another product: the record keeps them for restore.
        brand: chosen.item.brand,
        model: null,
        specs: null,
        amazon_link: url,
        asin,
        price_cents: chosen.priceCents,
        price_source: 'amazon',
        price_updated_at: timestamp,
        availability: chosen.item.availability,
        availability_checked_at: timestamp,
        // The substitute's own image: the original's would show another product.
        image_url: chosen.item.image?.url ?? null,
        image_checked_at: chosen.item.image ? timestamp : null,
        // The author's attributes were about the original; the substitute's are derived from its own title.
        attribute_overrides: null,
        is_replaced: 1,
        replacement_reason: entry.reason,
        updated_at: timestamp,
      });
      await recordRevision(trx, buildId, REVISION_REASONS.smartReplacement, SYSTEM_AUTHOR, timestamp);
    });
  } catch (error) {
    if (error instanceof ChangedMeanwhile) return errorResult(entry.component, entry.asin, CHANGED_MEANWHILE, entry.lastKnownCents);
    throw error;
  }
  const price = centsToEuro(chosen.priceCents);
  return {
    componentId: entry.component.id,
    asin: entry.asin,
    status: 'replaced',
    success: true,
    price,
    message: `Sostituito con ${name}`,
    replacement: { asin, name, url, price },
  };
}
