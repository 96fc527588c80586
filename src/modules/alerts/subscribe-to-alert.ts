/**
 * Subscribing to an alert: the answer never says whether the address is known, pending or active (no
 * enumeration), and takes the same time whatever happened (answer-floor.ts). Past a limit, with the
 * honeypot filled, or when the mailbox's pending alert of the build was mailed minutes ago, nothing is
 * stored and no mail goes out, and the caller answers the same.
 *
 * The limits, in order (decision 036): the client's network (every request counts, outside any
 * transaction, so a flood from one network never reaches the others); then, in ONE transaction with the
 * pending alert and its confirmation mail, the canonical mailbox's day, the recipient domain's hour and
 * day, the site's hour and day. A limit that refuses rolls the transaction back, so the slots it took
 * before are given back: only mails actually enqueued count, and refused requests never use up the site's
 * or a victim's allowance. Each slot is one atomic statement on a keyed counter (modules/keyed-counters,
 * keys under 'alerts:'), so the caps hold across processes and instances; the transaction takes them always in the same order.
 */
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addressKey } from '../../common/address-key';
import { AppError } from '../../common/errors';
import { formatPrice } from '../../common/format';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/tables';
import type { BuildsService } from '../builds';
import type { Clock } from '../clock';
import type { MailService } from '../mail';
import { countFull, hit } from '../keyed-counters';
import { hashSecretToken, newSecretToken, serverSecret } from '../secrets';
import { confirmUrl, listUnsubscribeHeaders, unsubscribeUrl } from './alert-tokens';
import { findPendingOf, insertPendingAlert, type NewPendingAlert, renewPendingAlert } from './alerts.repository';
import {
  type LimitReached,
  MAX_PENDING_PER_ADDRESS_PER_DAY,
  MAX_SUBSCRIBES_PER_NETWORK_PER_HOUR,
  PENDING_TTL_MS,
  RESEND_CONFIRMATION_AFTER_MS,
  type SubscribeRequest,
} from './alerts.schema';
import { answerNoSoonerThan } from './answer-floor';
import { confirmationMail } from './confirmation-mail';
import { canonicalMailbox, mailboxDomain } from './mailbox';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Name of the limit keys' HMAC key in `server_secrets`: the counters never hold an address or a domain. */
export const SUBSCRIBE_LIMIT_SECRET = 'alert-subscribe-limits';
/** The prefix of the subscribe limits' keys among the keyed counters (modules/keyed-counters). */
export const SUBSCRIBE_LIMIT_PREFIX = 'alerts:';
export const ALERTS_OFF_MESSAGE = 'Gli avvisi via email non sono attivi: manca SMTP_URL';

/** Key prefixes of the confirmation-mail caps: `dom-h:{HMAC of the domain}`; the site's keys are the bare `site-h:`, `site-d:`. */
const CAP_KEYS = { domainHour: 'dom-h', domainDay: 'dom-d', siteHour: 'site-h', siteDay: 'site-d' } as const;

export interface SubscribeDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<AppConfig, 'mail' | 'publicBaseUrl' | 'siteName' | 'alerts'>;
  builds: Pick<BuildsService, 'getPublished' | 'findPublished'>;
  /** The outbox: a mail enqueued in the alert's own transaction, sent by the mail scheduler (decision 031). */
  mail: Pick<MailService, 'enqueue' | 'kick'>;
}

/** 'reused': the mailbox's pending alert of the build had its mail less than RESEND_CONFIRMATION_AFTER_MS ago. */
export type SubscribeOutcome = 'sent' | 'limited' | 'honeypot' | 'reused';

/** Thrown inside the transaction to roll it back (and give back the slots it took). */
class NotSent extends Error {
  constructor(readonly outcome: SubscribeOutcome) {
    super(outcome);
  }
}

export function createSubscribe(deps: SubscribeDeps) {
  const { db, clock, config, builds } = deps;
  const caps = config.alerts;
  const limitSecret = serverSecret(db, clock, SUBSCRIBE_LIMIT_SECRET);
  const keyed = async (prefix: string, value: string) => `${SUBSCRIBE_LIMIT_PREFIX}${prefix}:${createHmac('sha256', await limitSecret()).update(value).digest('base64url')}`;

  /** Whether the mail transport is configured: without it no alert can be confirmed, so none is taken. */
  function assertEnabled(): void {
    if (!config.mail) throw new AppError('SERVICE_UNAVAILABLE', ALERTS_OFF_MESSAGE);
  }

  /**
   * What the caller answers is the same for every outcome, no sooner than ALERT_ANSWER_MIN_MS after the
   * call; the outcome is returned for logs and tests. Throws at once 503 (mail off), 404 (no such public
   * build), 400 (a component not in the build, a target under a cent, a drop target not below today's total).
   */
  function subscribe(request: SubscribeRequest, client: { ip: string }): Promise<SubscribeOutcome> {
    return answerNoSoonerThan(caps.answerMinMs, () => decide(request, client));
  }

  async function decide(request: SubscribeRequest, client: { ip: string }): Promise<SubscribeOutcome> {
    assertEnabled();
    const build = await builds.getPublished(request.build);
    const componentId = request.component_id ?? null;
    const component = componentId === null ? null : build.components.find((c) => c.id === componentId);
    if (component === undefined) throw new AppError('VALIDATION_ERROR', 'Il componente non fa parte di questa build', { fields: { component_id: 'Il componente non fa parte di questa build' } });
    const maxTotalCents = targetCents(request.max_total ?? null, componentId === null ? Math.round(build.total_price * 100) : null);
    if (componentId === null && maxTotalCents !== null) assertBelowToday(maxTotalCents, Math.round(build.total_price * 100));
    if (request.website) return 'honeypot';

    const now = clock.now();
    const nowIso = now.toISOString();
    const since = (ms: number) => new Date(now.getTime() - ms).toISOString();
    // The network first: a flood from one network must not use up a victim's, a domain's or the site's allowance.
    const networkOk = await hit(db, await keyed('net', addressKey(client.ip)), { now: nowIso, startedAfter: since(HOUR), max: MAX_SUBSCRIBES_PER_NETWORK_PER_HOUR });
    if (!networkOk) return 'limited';

    const mailbox = canonicalMailbox(request.email);
    const domain = mailboxDomain(mailbox);
    const slots = [
      { key: await keyed('mail', mailbox), startedAfter: since(DAY), max: MAX_PENDING_PER_ADDRESS_PER_DAY },
      { key: await keyed(CAP_KEYS.domainHour, domain), startedAfter: since(HOUR), max: caps.confirmationsPerDomainPerHour },
      { key: await keyed(CAP_KEYS.domainDay, domain), startedAfter: since(DAY), max: caps.confirmationsPerDomainPerDay },
      { key: `${SUBSCRIBE_LIMIT_PREFIX}${CAP_KEYS.siteHour}:`, startedAfter: since(HOUR), max: caps.confirmationsPerHour },
      { key: `${SUBSCRIBE_LIMIT_PREFIX}${CAP_KEYS.siteDay}:`, startedAfter: since(DAY), max: caps.confirmationsPerDay },
    ];

    const confirmToken = newSecretToken();
    const unsubscribeToken = newSecretToken();
    const alert: NewPendingAlert = {
      buildId: build.id,
      componentId,
      email: request.email,
      mailbox,
      maxTotalCents,
      confirmTokenHash: hashSecretToken(confirmToken),
      unsubscribeTokenHash: hashSecretToken(unsubscribeToken),
      now: nowIso,
      expiresAt: new Date(now.getTime() + PENDING_TTL_MS).toISOString(),
    };
    const mail = confirmationMail({
      siteName: config.siteName,
      buildTitle: build.title,
      maxTotalCents,
      componentName: component?.name ?? null,
      confirmUrl: confirmUrl(config.publicBaseUrl, confirmToken),
      unsubscribeUrl: unsubscribeUrl(config.publicBaseUrl, unsubscribeToken),
    });
    try {
      await db.transaction().execute(async (trx) => {
        const pending = await findPendingOf(trx, build.id, mailbox);
        // Mailed minutes ago: that mail stands (its links work), nothing is counted or changed.
        if (pending && pending.created_at > since(RESEND_CONFIRMATION_AFTER_MS)) throw new NotSent('reused');
        for (const slot of slots) {
          if (!(await hit(trx, slot.key, { now: nowIso, startedAfter: slot.startedAfter, max: slot.max }))) throw new NotSent('limited');
        }
        // A parallel request (any process) stored or renewed it first: this one sends nothing.
        const stored = pending ? await renewPendingAlert(trx, pending.id, pending.created_at, alert) : (await insertPendingAlert(trx, alert)) !== null;
        if (!stored) throw new NotSent('reused');
        // The confirmation carries the one-click unsubscribe too: whoever did not ask can end it from the mail client.
        const headers = listUnsubscribeHeaders(config.publicBaseUrl, unsubscribeToken);
        await deps.mail.enqueue(trx, { kind: 'alert-confirmation', to: request.email, ...mail, headers }, nowIso);
      });
    } catch (error) {
      if (error instanceof NotSent) return error.outcome;
      throw error;
    }
    deps.mail.kick();
    return 'sent';
  }

  /** The caps on confirmation mails that are full right now, for the author's dashboard. */
  async function limitsReached(): Promise<LimitReached[]> {
    const now = clock.now().getTime();
    const checks = [
      { scope: 'site', window: 'hour', prefix: CAP_KEYS.siteHour, max: caps.confirmationsPerHour, windowMs: HOUR },
      { scope: 'site', window: 'day', prefix: CAP_KEYS.siteDay, max: caps.confirmationsPerDay, windowMs: DAY },
      { scope: 'domain', window: 'hour', prefix: CAP_KEYS.domainHour, max: caps.confirmationsPerDomainPerHour, windowMs: HOUR },
      { scope: 'domain', window: 'day', prefix: CAP_KEYS.domainDay, max: caps.confirmationsPerDomainPerDay, windowMs: DAY },
    ] as const;
    const reached: LimitReached[] = [];
    for (const check of checks) {
      const full = await countFull(db, { prefix: `${SUBSCRIBE_LIMIT_PREFIX}${check.prefix}:`, max: check.max, startedAfter: new Date(now - check.windowMs).toISOString() });
      if (full.count === 0 || full.latestStart === null) continue;
      reached.push({ scope: check.scope, window: check.window, count: full.count, until: new Date(Date.parse(full.latestStart) + check.windowMs).toISOString() });
    }
    return reached;
  }

  /** Whether the pages offer the alert forms at all (mail configured). */
  function isEnabled(): boolean {
    return Boolean(config.mail);
  }

  return { subscribe, assertEnabled, isEnabled, limitsReached };
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

/**
 * A drop alert fires when the total falls under its target: a target at or above today's total would fire
 * at the next refresh although nothing dropped, so it is refused, naming today's total so the visitor
 * can type a lower one.
 */
function assertBelowToday(targetCents: number, todayCents: number): void {
  if (targetCents < todayCents) return;
  const message = `Il prezzo massimo deve essere inferiore al totale di oggi (${formatPrice(todayCents / 100)})`;
  throw new AppError('VALIDATION_ERROR', message, { fields: { max_total: message } });
}
