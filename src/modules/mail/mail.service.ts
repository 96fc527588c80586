/**
 * Outgoing mail (decision 031). A feature that decides to write to someone calls
 * enqueueMail() inside its own transaction: the decision and the mail commit together, or neither does.
 * The sender (sendDue, run by schedulers/mail-scheduler.ts) delivers due mails under a lease, retries
 * with back-off, and erases the address and the bodies once a mail is sent or given up.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { type AppConfig, messageIdDomain } from '../../config/env';
import { createMailTransport, MailDeliveryError, type MailTransport } from '../../integrations/mail';
import { errorMessageForLog } from '../../common/log-text';
import { daysEndingOn, romeDay } from '../../common/rome-day';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import { claimDueMails, insertOutboxMail, markFailed, markRetry, markSent, sentPerDay, startAttempt } from './mail.repository';

export type { MailTransport, TransportMessage } from '../../integrations/mail';
export { MailDeliveryError } from '../../integrations/mail';

export interface OutgoingMail {
  /** What the mail is, kept after delivery for the counts: e.g. 'alert-confirmation', 'alert'. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Wait before attempt n+1 after n failed attempts: 1 min, 5 min, 30 min, 2 h, 12 h; the 6th failure gives up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * How long a claimed mail stays with its sender: longer than one SMTP conversation can take (the
 * transport's timeouts), renewed before each send, so a live sender never loses a mail it is sending.
 */
export const MAIL_LEASE_MS = 5 * 60_000;
/** Mails claimed per statement; a round claims again until nothing is due. */
export const MAIL_BATCH_SIZE = 20;

const MAX_SUBJECT_LENGTH = 500;

/** A new Message-ID of the outbox: unique, drawn at enqueue, '<uuid@domain>'. */
export function newMessageId(domain = 'localhost'): string {
  return `<${randomUUID()}@${domain}>`;
}

export interface EnqueueOptions {
  /**
   * Domain of the Message-ID: pass `messageIdDomain(config.mail)` (config/env), the domain of MAIL_FROM;
   * 'localhost' when absent.
   */
  messageIdDomain?: string;
}

/**
 * Writes `mail` to the outbox in the caller's transaction `trx`; the sender delivers it once that
 * commits (and nothing is sent if it rolls back). `now` is an ISO timestamp (the caller's clock).
 * Returns the outbox id. After the commit the caller may call the mail service's kick() to have it
 * sent within the second rather than at the scheduler's next tick.
 */
export async function enqueueMail(trx: Transaction<Database> | Kysely<Database>, mail: OutgoingMail, now: string, options: EnqueueOptions = {}): Promise<number> {
  // A line break in a header value would let a value add headers of its own.
  if (/[\r\n]/.test(mail.subject) || /[\r\n]/.test(mail.to)) throw new Error('enqueueMail: a subject or an address with a line break');
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (/[\r\n]/.test(value) || !/^[A-Za-z0-9-]+$/.test(name)) throw new Error(`enqueueMail: header ${JSON.stringify(name)} is not a single line`);
  }
  return insertOutboxMail(trx, {
    kind: mail.kind,
    recipient: mail.to,
    subject: mail.subject.slice(0, MAX_SUBJECT_LENGTH),
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? {},
    messageId: newMessageId(options.messageIdDomain),
    now,
  });
}

export interface SendDueResult {
  sent: number;
  /** Failed attempts that will be tried again later. */
  retried: number;
  /** Given up: a permanent refusal (5xx) or the last attempt. */
  failed: number;
}

export interface MailDayCount {
  /** Europe/Rome day, 'YYYY-MM-DD'. */
  day: string;
  sent: number;
}

export interface MailServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<AppConfig, 'mail' | 'database'>;
  /** Defaults to the configured one (SMTP or files); none when mail is not configured. */
  transport?: MailTransport;
  batchSize?: number;
}

export function createMailService({ db, clock, config, transport: given, batchSize = MAIL_BATCH_SIZE }: MailServiceDeps) {
  let transport: MailTransport | null | undefined = given;
  const kickListeners = new Set<() => void>();
  const dialect = config.database.dialect;

  function currentTransport(): MailTransport | null {
    transport ??= config.mail ? createMailTransport(config.mail) : null;
    return transport;
  }

  const at = (offsetMs = 0) => new Date(clock.now().getTime() + offsetMs).toISOString();

  async function deliver(mail: Awaited<ReturnType<typeof claimDueMails>>['mails'][number], token: string, via: MailTransport, result: SendDueResult) {
    const attempts = await startAttempt(db, mail.id, token, at(MAIL_LEASE_MS));
    if (attempts === null) return; // the lease ran out and another sender has it
    try {
      await via.send({ messageId: mail.messageId, to: mail.recipient, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    } catch (error) {
      const permanent = error instanceof MailDeliveryError && error.permanent;
      const message = (error instanceof MailDeliveryError ? error.message : errorMessageForLog(error)).split(mail.recipient).join('[destinatario]').slice(0, 500);
      if (permanent || attempts >= MAX_ATTEMPTS) {
        await markFailed(db, mail.id, token, message);
        result.failed += 1;
      } else {
        await markRetry(db, mail.id, token, at(RETRY_DELAYS_MS[attempts - 1]), message);
        result.retried += 1;
      }
      return;
    }
    // The only window for a repeat: the server said 250 and this statement has not run yet.
    const now = clock.now();
    if (await markSent(db, mail.id, token, now.toISOString(), romeDay(now))) result.sent += 1;
  }

  return {
    /** Whether mail is configured (SMTP or files) or a transport was given. */
    get enabled(): boolean {
      return given !== undefined || config.mail !== null;
    },

    /** enqueueMail with the Message-ID domain of MAIL_FROM. */
    enqueue(trx: Transaction<Database> | Kysely<Database>, mail: OutgoingMail, now: string): Promise<number> {
      return enqueueMail(trx, mail, now, { messageIdDomain: messageIdDomain(config.mail) });
    },

    /**
     * Sends every due mail this sender can claim, batch after batch, one at a time. Safe beside other
     * senders in other processes or instances: each mail is claimed by one of them.
     */
    async sendDue(): Promise<SendDueResult> {
      const result: SendDueResult = { sent: 0, retried: 0, failed: 0 };
      const via = currentTransport();
      if (!via) return result;
      for (;;) {
        const { token, mails } = await claimDueMails(db, { now: at(), leaseUntil: at(MAIL_LEASE_MS), limit: batchSize, dialect });
        for (const mail of mails) await deliver(mail, token, via, result);
        if (mails.length < batchSize) return result;
      }
    },

    /** Mails sent per Europe/Rome day, the `days` days ending today, oldest first (zeros included). */
    async stats(days: number): Promise<MailDayCount[]> {
      const range = daysEndingOn(romeDay(clock.now()), Math.max(1, Math.floor(days)));
      const counts = await sentPerDay(db, range[0]!);
      return range.map((day) => ({ day, sent: counts.get(day) ?? 0 }));
    },

    /** Asks the running scheduler (if any in this process) for a round now: call it after the enqueue's commit. */
    kick(): void {
      for (const listener of kickListeners) listener();
    },

    /** The scheduler's hook for kick(); returns its removal. */
    onKick(listener: () => void): () => void {
      kickListeners.add(listener);
      return () => kickListeners.delete(listener);
    },

    /** Closes the transport's connection. */
    close(): void {
      transport?.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
