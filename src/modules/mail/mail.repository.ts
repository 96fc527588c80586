/**
 * The outbox's statements. Every change to a claimed mail is conditional on the claim's lease token, so a
 * sender whose lease expired (and was taken over) changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

export interface OutboxInsert {
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  messageId: string;
  now: string;
}

/** A mail this sender holds the lease of: what was enqueued, with its row id. */
export type ClaimedMail = Omit<OutboxInsert, 'now'> & { id: number };

export async function insertOutboxMail(db: Db, mail: OutboxInsert): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      kind: mail.kind,
      recipient: mail.recipient,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: JSON.stringify(mail.headers),
      message_id: mail.messageId,
      status: 'pending',
      attempts: 0,
      next_attempt_at: mail.now,
      created_at: mail.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Claims up to `limit` due mails under a new lease token and returns them, in one statement: an UPDATE
 * that picks due mails whose lease is free or expired, leases them and returns them. One statement is
 * atomic on both databases: SQLite takes the write lock before its first read; on PostgreSQL the inner
 * SELECT skips rows another instance is claiming at this moment, and the outer WHERE repeats the
 * conditions, re-checked on the latest version of a row that changed meanwhile.
 */
export async function claimDueMails(db: Kysely<Database>, options: { now: string; leaseUntil: string; limit: number; dialect: 'sqlite' | 'postgres' }): Promise<{ token: string; mails: ClaimedMail[] }> {
  const token = randomUUID();
  const { now, leaseUntil, limit } = options;
  const rows = await db
    .updateTable('mail_outbox')
    .set({ lease_holder: token, lease_expires_at: leaseUntil })
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((w) => w.or([w('lease_expires_at', 'is', null), w('lease_expires_at', '<=', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit);
      return options.dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .where('status', '=', 'pending')
    .where((w) => w.or([w('lease_expires_at', 'is', null), w('lease_expires_at', '<=', now)]))
    .returning(['id', 'kind', 'recipient', 'subject', 'text_body', 'html_body', 'headers', 'message_id', 'next_attempt_at'])
    .execute();
  rows.sort((a, b) => a.next_attempt_at.localeCompare(b.next_attempt_at) || Number(a.id) - Number(b.id));
  return {
    token,
    mails: rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      recipient: row.recipient ?? '',
      subject: row.subject,
      text: row.text_body ?? '',
      html: row.html_body,
      headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : {},
      messageId: row.message_id,
    })),
  };
}

/**
 * Just before sending: renews the lease and counts the attempt, if the lease is still ours. False: the
 * lease expired and another sender took the mail; this one must not send it.
 */
export async function startAttempt(db: Kysely<Database>, id: number, token: string, leaseUntil: string): Promise<number | null> {
  const row = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ lease_expires_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('lease_holder', '=', token)
    .where('status', '=', 'pending')
    .returning('attempts')
    .executeTakeFirst();
  return row ? Number(row.attempts) : null;
}

const ERASED = { recipient: null, text_body: null, html_body: null, headers: null, lease_holder: null, lease_expires_at: null } as const;

/**
 * The one statement after the server's 250: sent, and the address and bodies erased. A crash between
 * the 250 and this statement is the only way a mail goes out twice (decision 031).
 */
export async function markSent(db: Kysely<Database>, id: number, token: string, now: string, day: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ ...ERASED, status: 'sent', sent_at: now, sent_day: day, last_error: null })
    .where('id', '=', id)
    .where('lease_holder', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A failed attempt to be tried again at `nextAttemptAt`: the lease is released. */
export async function markRetry(db: Kysely<Database>, id: number, token: string, nextAttemptAt: string, error: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: nextAttemptAt, last_error: error, lease_holder: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_holder', '=', token)
    .execute();
}

/** Given up (a 5xx, or too many attempts): the address and bodies are erased too. */
export async function markFailed(db: Kysely<Database>, id: number, token: string, error: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ ...ERASED, status: 'failed', last_error: error })
    .where('id', '=', id)
    .where('lease_holder', '=', token)
    .execute();
}

/** Mails sent per Europe/Rome day from `fromDay` on. */
export async function sentPerDay(db: Kysely<Database>, fromDay: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['sent_day', (eb) => eb.fn.countAll().as('sent')])
    .where('status', '=', 'sent')
    .where('sent_day', '>=', fromDay)
    .groupBy('sent_day')
    .execute();
  return new Map(rows.map((row) => [row.sent_day ?? '', Number(row.sent)]));
}
