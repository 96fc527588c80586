/**
 * Nothing kept longer than needed: expiry for housekeeping, counts for the admin (never
 * an address), and erasing every alert of one address on request, logged without the address.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import { prune } from '../keyed-counters';
import { type AlertCounts, countAlerts, deleteByMailbox, deleteExpired, deleteOfHiddenBuilds } from './alerts.repository';
import { canonicalMailbox } from './mailbox';
import { SUBSCRIBE_LIMIT_PREFIX } from './subscribe-to-alert';

/** The longest limit window (an address's day): a counter untouched since holds nothing. */
const LIMIT_ROWS_TTL_MS = 24 * 3_600_000;

export function createAlertRetention(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  /** Deletes pending alerts past 48 h, active ones past 180 days, those of builds no longer public, and idle limit counters. */
  async function purgeExpired(): Promise<{ alerts: number; limitRows: number }> {
    const now = clock.now();
    const nowIso = now.toISOString();
    const alerts = (await deleteExpired(db, nowIso)) + (await deleteOfHiddenBuilds(db, nowIso));
    const limitRows = await prune(db, SUBSCRIBE_LIMIT_PREFIX, new Date(now.getTime() - LIMIT_ROWS_TTL_MS).toISOString());
    return { alerts, limitRows };
  }

  async function stats(): Promise<AlertCounts> {
    return countAlerts(db, clock.now().toISOString());
  }

  /**
   * Erases every alert (pending or active) of `email`'s mailbox, whatever spelling each was asked with
   * (`Nome+x@…`, `nome@…`). The log line names the count, never the address.
   */
  async function eraseAddress(email: string): Promise<number> {
    const deleted = await deleteByMailbox(db, canonicalMailbox(email), email.trim().toLowerCase());
    console.log(`[avvisi] cancellati ${deleted} avvisi di un indirizzo su richiesta`);
    return deleted;
  }

  return { purgeExpired, stats, eraseAddress };
}
