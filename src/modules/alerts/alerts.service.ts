/** Visitor price and stock alerts by email: one service, one file per use case. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { hashSecretToken, newSecretToken } from '../secrets';
import { confirmUrl, listUnsubscribeHeaders, unsubscribeUrl } from './alert-tokens';
import { replaceUnsubscribeHash } from './alerts.repository';
import { createAdminAlertList } from './list-alerts';
import { createAlertFiring } from './fire-alerts';
import { createAlertLinks } from './confirm-and-unsubscribe';
import { createAlertRetention } from './alert-retention';
import { createSubscribe, type SubscribeDeps } from './subscribe-to-alert';

export function createAlertsService(deps: SubscribeDeps) {
  const base = deps.config.publicBaseUrl;
  return {
    ...createSubscribe(deps),
    ...createAlertLinks(deps),
    ...createAlertRetention(deps),
    ...createAlertFiring(deps),
    ...createAdminAlertList({ ...deps, mailEnabled: () => Boolean(deps.config.mail) }),
    /** Absolute links on PUBLIC_BASE_URL, for the mails. */
    confirmUrl: (token: string) => confirmUrl(base, token),
    unsubscribeUrl: (token: string) => unsubscribeUrl(base, token),
    /** `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) for a mail of the alert with this token. */
    listUnsubscribeHeaders: (token: string) => listUnsubscribeHeaders(base, token),
    /**
     * Only token hashes are stored, so a later mail of an alert (the one that fires) cannot reuse the token
     * of the confirmation mail: it draws a new one here, in the transaction that enqueues that mail, and the
     * older link stops working. Null when the alert no longer exists.
     */
    async issueUnsubscribeToken(trx: Kysely<Database>, alertId: number): Promise<string | null> {
      const token = newSecretToken();
      return (await replaceUnsubscribeHash(trx, alertId, hashSecretToken(token))) ? token : null;
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
