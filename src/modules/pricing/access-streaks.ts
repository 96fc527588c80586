/**
 * Products Amazon stops giving access to (decision 021). One ItemNotAccessible answer is not proof that a
 * product is gone: Amazon also answers it for a while about items it is reindexing. A run of such answers
 * on NOT_ACCESSIBLE_DAYS different Europe/Rome days, with no answer showing the product in between, is:
 * the product is then unavailable like one out of stock, so the smart replacement may replace it.
 *
 * The run is kept per ASIN (retailer_access_streaks), not per component: the answer is about the product,
 * every build holding it must agree, and a component whose ASIN the author changes must not inherit it.
 * Only answers about the item count: a throttle, a network error or a whole-request 404 neither adds to
 * a run nor ends it.
 */
import type { Kysely } from 'kysely';
import { formatDate } from '../../common/format';
import { romeDay } from '../../common/rome-day';
import type { Database } from '../../db/tables';
import type { ItemLookup, ItemNotFound } from '../../integrations/amazon-creators';
import * as repo from './pricing.repository';
import { NOT_ACCESSIBLE, NOT_ACCESSIBLE_DAYS, NOT_ACCESSIBLE_ON_DAYS } from './retailer';

export const ACCESS_MESSAGES = {
  /** Until the run is long enough: the component is an error, and the author learns what comes next. */
  notYet: `Amazon non dà accesso a questo prodotto (ItemNotAccessible): se succede ancora in un altro giorno, il prodotto sarà considerato non disponibile`,
  /** The reason recorded once the run is long enough. */
  unavailable: (days: number, firstDay: string) =>
    `Amazon non dà più accesso a questo prodotto (ItemNotAccessible) in ${days} giorni diversi dal ${formatDate(firstDay)}: probabilmente è stato ritirato dalla vendita`,
} as const;

function notAccessible(asin: string, code: string, message: string): ItemNotFound {
  return { asin, status: 'not_found', code, message };
}

/**
 * Writes what one answer of Amazon says about access, in the caller's transaction (which must already
 * hold the locks of the builds concerned: see storeAnswer), and returns the lookups as they are to be
 * read: an ItemNotAccessible answer that completes its run becomes NOT_ACCESSIBLE_ON_DAYS (unavailable),
 * one that does not yet keeps its code with an Italian explanation, and a product shown ends its run.
 * Rows are written one ASIN at a time in ASIN order, so two transactions never wait on each other's rows.
 */
export async function settleAccess(trx: Kysely<Database>, lookups: ReadonlyMap<string, ItemLookup>, observedAt: string): Promise<Map<string, ItemLookup>> {
  const settled = new Map(lookups);
  const entries = [...lookups];
  const refused = new Map(entries.filter(([, lookup]) => lookup.status === 'not_found' && lookup.code === NOT_ACCESSIBLE) as [string, ItemNotFound][]);
  const shown = entries.filter(([, lookup]) => lookup.status === 'found').map(([asin]) => asin);
  // Usually none of the products shown has a run to end: one read instead of a delete per product.
  const ended = new Set(await repo.findAccessStreakAsins(trx, shown));
  if (refused.size === 0 && ended.size === 0) return settled;
  const day = romeDay(new Date(observedAt));
  for (const asin of [...refused.keys(), ...ended].sort()) {
    const answer = refused.get(asin);
    if (!answer) {
      await repo.endAccessStreaks(trx, [asin]);
      continue;
    }
    const run = await repo.recordNotAccessible(trx, { asin, day, message: answer.message, at: observedAt });
    settled.set(
      asin,
      run.days >= NOT_ACCESSIBLE_DAYS
        ? notAccessible(asin, NOT_ACCESSIBLE_ON_DAYS, ACCESS_MESSAGES.unavailable(run.days, run.firstDay))
        : notAccessible(asin, NOT_ACCESSIBLE, ACCESS_MESSAGES.notYet),
    );
  }
  return settled;
}
