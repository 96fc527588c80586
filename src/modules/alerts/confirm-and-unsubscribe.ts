/**
 * What an alert's links do: confirming (pending → active, only by POST: mail
 * scanners prefetch GET links) and ending it at once (RFC 8058 one-click). A token that names no live
 * alert is answered as "no longer valid", never as an error of the server.
 */
import type { Kysely } from 'kysely';
import type { Database, PriceAlertRow } from '../../db/tables';
import type { Clock } from '../clock';
import { hashSecretToken, isSecretToken } from '../secrets';
import { activatePending, deleteByUnsubscribeHash, deleteOtherActiveAlike, findAlertTarget, findByConfirmHash, findByUnsubscribeHash } from './alerts.repository';
import { ACTIVE_TTL_MS } from './alerts.schema';

/** What an alert's pages show: never the address. */
export interface AlertDescription {
  status: 'pending' | 'active';
  buildTitle: string;
  buildSlug: string;
  /** Null: any total lower than the one of the day it was asked (or a stock alert). */
  maxTotal: number | null;
  /** Set for a stock alert. */
  componentName: string | null;
  expiresAt: string;
}

export function createAlertLinks(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function describe(row: PriceAlertRow | undefined): Promise<AlertDescription | null> {
    if (!row) return null;
    const target = await findAlertTarget(db, row);
    if (!target) return null;
    return {
      status: row.status === 'active' ? 'active' : 'pending',
      buildTitle: target.title,
      buildSlug: target.slug,
      maxTotal: row.max_total_cents === null ? null : row.max_total_cents / 100,
      componentName: target.component_name,
      expiresAt: row.expires_at,
    };
  }

  /** The alert a confirmation link names, for its page (GET): changes nothing. */
  async function describeConfirmation(token: string): Promise<AlertDescription | null> {
    if (!isSecretToken(token)) return null;
    return describe(await findByConfirmHash(db, hashSecretToken(token), clock.now().toISOString()));
  }

  /**
   * Confirms (POST), idempotently: a second confirmation of an active alert answers as the first. Null when
   * the link names no live alert (unknown, expired, already ended).
   */
  async function confirm(token: string): Promise<AlertDescription | null> {
    if (!isSecretToken(token)) return null;
    const now = clock.now();
    const nowIso = now.toISOString();
    const row = await db.transaction().execute(async (trx) => {
      const found = await findByConfirmHash(trx, hashSecretToken(token), nowIso);
      if (!found) return undefined;
      if (found.status === 'pending' && (await activatePending(trx, found.id, nowIso, new Date(now.getTime() + ACTIVE_TTL_MS).toISOString()))) {
        // The newest confirmed alert of an address on a target replaces the older ones: one mail, not several.
        await deleteOtherActiveAlike(trx, found);
      }
      return findByConfirmHash(trx, hashSecretToken(token), nowIso);
    });
    return describe(row);
  }

  /** The alert an unsubscribe link names, for its page (GET): changes nothing. */
  async function describeUnsubscribe(token: string): Promise<AlertDescription | null> {
    if (!isSecretToken(token)) return null;
    return describe(await findByUnsubscribeHash(db, hashSecretToken(token), clock.now().toISOString()));
  }

  /** Ends the alert at once (POST, one-click). Returns whether one was deleted; ending twice is no error. */
  async function unsubscribe(token: string): Promise<boolean> {
    if (!isSecretToken(token)) return false;
    return (await deleteByUnsubscribeHash(db, hashSecretToken(token))) > 0;
  }

  return { describeConfirmation, confirm, describeUnsubscribe, unsubscribe };
}
