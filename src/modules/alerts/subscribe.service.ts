/**
 * Subscribing to an alert (issue 23, item 1): the answer never says whether the address is known, pending
 * or active (no enumeration). Past the limits, or with the honeypot filled, nothing is stored and no mail
 * goes out, and the caller answers the same. Otherwise the pending alert and its confirmation mail are
 * written in ONE transaction (the outbox sends it later), so a crash leaves both or neither.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addressKey } from '../../common/address-key';
import { AppError } from '../../common/errors';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/tables';
import type { BuildsService } from '../builds/builds.service';
import type { Clock } from '../clock';
import type { MailService } from '../mail/mail.service';
import { confirmUrl, hashAlertToken, listUnsubscribeHeaders, newAlertToken, unsubscribeUrl } from './alert-tokens';
import { insertPendingAlert } from './alerts.repository';
import {
  MAX_PENDING_PER_ADDRESS_PER_DAY,
  MAX_SUBSCRIBES_PER_NETWORK_PER_HOUR,
  PENDING_TTL_MS,
  type SubscribeRequest,
} from './alerts.schema';
import { confirmationMail } from './confirmation-mail';
import { ensureLimitSecret, takeSlot } from './subscribe-limits.repository';

const HOUR = 3_600_000;
/** Name of the limit keys' HMAC key in `server_secrets`: the counters never hold an address. */
export const SUBSCRIBE_LIMIT_SECRET = 'alert-subscribe-limits';
export const ALERTS_OFF_MESSAGE = 'Gli avvisi via email non sono attivi: manca SMTP_URL';

export interface SubscribeDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<AppConfig, 'mail' | 'publicBaseUrl' | 'siteName'>;
  builds: Pick<BuildsService, 'getPublished'>;
  /** The outbox: a mail enqueued in the alert's own transaction, sent by the mail scheduler (decision 031). */
  mail: Pick<MailService, 'enqueue' | 'kick'>;
}

export type SubscribeOutcome = 'sent' | 'limited' | 'honeypot';

export function createSubscribe(deps: SubscribeDeps) {
  const { db, clock, config, builds } = deps;
  let secret: Promise<string> | null = null;
  const limitSecret = () => (secret ??= ensureLimitSecret(db, SUBSCRIBE_LIMIT_SECRET, randomBytes(32).toString('base64url'), clock.now().toISOString()));
  const keyed = async (prefix: string, value: string) => `${prefix}:${createHmac('sha256', await limitSecret()).update(value).digest('base64url')}`;

  /** Whether the mail transport is configured: without it no alert can be confirmed, so none is taken. */
  function assertEnabled(): void {
    if (!config.mail) throw new AppError('SERVICE_UNAVAILABLE', ALERTS_OFF_MESSAGE);
  }

  /**
   * What the caller answers is the same for every outcome; the outcome is returned for logs and tests.
   * Throws 503 (mail off), 404 (no such public build), 400 (a component not in the build, a target under a cent).
   */
  async function subscribe(request: SubscribeRequest, client: { ip: string }): Promise<SubscribeOutcome> {
    assertEnabled();
    const build = await builds.getPublished(request.build);
    const componentId = request.component_id ?? null;
    const component = componentId === null ? null : build.components.find((c) => c.id === componentId);
    if (component === undefined) throw new AppError('VALIDATION_ERROR', 'Il componente non fa parte di questa build', { fields: { component_id: 'Il componente non fa parte di questa build' } });
    const maxTotalCents = targetCents(request.max_total ?? null, componentId === null ? Math.round(build.total_price * 100) : null);
    if (request.website) return 'honeypot';

    const now = clock.now();
    const nowIso = now.toISOString();
    // The network first: a flood from one network must not use up a victim's daily allowance.
    const networkOk = await takeSlot(db, {
      key: await keyed('net', addressKey(client.ip)),
      now: nowIso,
      forgetBefore: new Date(now.getTime() - HOUR).toISOString(),
      max: MAX_SUBSCRIBES_PER_NETWORK_PER_HOUR,
    });
    if (!networkOk) return 'limited';
    const addressOk = await takeSlot(db, {
      key: await keyed('mail', request.email),
      now: nowIso,
      forgetBefore: new Date(now.getTime() - 24 * HOUR).toISOString(),
      max: MAX_PENDING_PER_ADDRESS_PER_DAY,
    });
    if (!addressOk) return 'limited';

    const confirmToken = newAlertToken();
    const unsubscribeToken = newAlertToken();
    const mail = confirmationMail({
      siteName: config.siteName,
      buildTitle: build.title,
      maxTotalCents,
      componentName: component?.name ?? null,
      confirmUrl: confirmUrl(config.publicBaseUrl, confirmToken),
      unsubscribeUrl: unsubscribeUrl(config.publicBaseUrl, unsubscribeToken),
    });
    await db.transaction().execute(async (trx) => {
      await insertPendingAlert(trx, {
        buildId: build.id,
        componentId,
        email: request.email,
        maxTotalCents,
        confirmTokenHash: hashAlertToken(confirmToken),
        unsubscribeTokenHash: hashAlertToken(unsubscribeToken),
        now: nowIso,
        expiresAt: new Date(now.getTime() + PENDING_TTL_MS).toISOString(),
      });
      // The confirmation carries the one-click unsubscribe too: whoever did not ask can end it from the mail client.
      const headers = listUnsubscribeHeaders(config.publicBaseUrl, unsubscribeToken);
      await deps.mail.enqueue(trx, { kind: 'alert-confirmation', to: request.email, ...mail, headers }, nowIso);
    });
    deps.mail.kick();
    return 'sent';
  }

  /** Whether the pages offer the alert forms at all (mail configured). */
  function isEnabled(): boolean {
    return Boolean(config.mail);
  }

  return { subscribe, assertEnabled, isEnabled };
}

/**
 * The target in cents: the visitor's, or by default any total lower than today's (today's minus a cent).
 * A stock alert without a target has none. A target that rounds to 0 cents is refused like 0 €.
 */
function targetCents(maxTotalEuro: number | null, todayCents: number | null): number | null {
  if (maxTotalEuro !== null) {
    const cents = Math.round(maxTotalEuro * 100);
    if (cents < 1) throw new AppError('VALIDATION_ERROR', 'Il prezzo massimo deve essere maggiore di 0 €', { fields: { max_total: 'Il prezzo massimo deve essere maggiore di 0 €' } });
    return cents;
  }
  if (todayCents === null) return null;
  return todayCents > 1 ? todayCents - 1 : null;
}
