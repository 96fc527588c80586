/**
 * The Telegram outbox's statements (decisions 031 and 046). A post is written in the refresh's
 * transaction; senders claim one post at a time while holding the lock of the one `telegram_sender` row,
 * so the hourly cap and Telegram's pause (`retry_after`) hold across processes and instances. Every
 * change to a claimed post is conditional on the claim's lease token.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertPost(trx: Db, post: { asin: string; text: string; photoUrl: string | null; now: string }): Promise<number> {
  const row = await trx
    .insertInto('telegram_outbox')
    .values({ asin: post.asin, text_body: post.text, photo_url: post.photoUrl, status: 'pending', attempts: 0, next_attempt_at: post.now, created_at: post.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface ClaimedPost {
  id: number;
  asin: string;
  text: string;
  photoUrl: string | null;
  /** Attempts including this one. */
  attempts: number;
  token: string;
}

export type ClaimOutcome = { post: ClaimedPost } | { post: null; reason: 'none' | 'paused' | 'cap' };

/**
 * Claims the oldest due post, if the channel is not paused and fewer than `cap` posts were sent in the
 * last hour or are being sent now (a live lease). One transaction that first locks the sender row (an
 * UPDATE: SQLite's BEGIN IMMEDIATE and PostgreSQL's row lock), so two senders never both see room for one
 * more post. The attempt is counted at the claim: a sender that dies mid-send still used it.
 */
export function claimNextPost(db: Kysely<Database>, options: { now: string; hourAgo: string; leaseUntil: string; cap: number }): Promise<ClaimOutcome> {
  const { now, hourAgo, leaseUntil, cap } = options;
  return db.transaction().execute(async (trx): Promise<ClaimOutcome> => {
    const sender = await trx
      .updateTable('telegram_sender')
      .set((eb) => ({ claims: eb('claims', '+', 1) }))
      .where('id', '=', 1)
      .returning('paused_until')
      .executeTakeFirst();
    if (sender?.paused_until && sender.paused_until > now) return { post: null, reason: 'paused' };
    const busy = await trx
      .selectFrom('telegram_outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((w) => w.or([w('sent_at', '>', hourAgo), w.and([w('status', '=', 'pending'), w('lease_expires_at', '>', now)])]))
      .executeTakeFirst();
    if (Number(busy?.n ?? 0) >= cap) return { post: null, reason: 'cap' };
    const due = await trx
      .selectFrom('telegram_outbox')
      .select(['id', 'asin', 'text_body', 'photo_url', 'attempts'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((w) => w.or([w('lease_expires_at', 'is', null), w('lease_expires_at', '<=', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!due) return { post: null, reason: 'none' };
    const token = randomUUID();
    await trx
      .updateTable('telegram_outbox')
      .set((eb) => ({ lease_holder: token, lease_expires_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', due.id)
      .execute();
    return { post: { id: Number(due.id), asin: due.asin, text: due.text_body, photoUrl: due.photo_url, attempts: Number(due.attempts) + 1, token } };
  });
}

/** The one statement after Telegram's ok: a crash before it is the only way a post goes out twice. */
export async function markPostSent(db: Db, id: number, token: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('telegram_outbox')
    .set({ status: 'sent', sent_at: now, lease_holder: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_holder', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markPostRetry(db: Db, id: number, token: string, nextAttemptAt: string, error: string): Promise<void> {
  await db
    .updateTable('telegram_outbox')
    .set({ next_attempt_at: nextAttemptAt, last_error: error.slice(0, 500), lease_holder: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_holder', '=', token)
    .execute();
}

/** Telegram's 429: the post keeps its place in the queue (the senders' pause makes the wait), the lease is released. */
export async function releasePost(db: Db, id: number, token: string, error: string): Promise<void> {
  await db
    .updateTable('telegram_outbox')
    .set({ last_error: error.slice(0, 500), lease_holder: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_holder', '=', token)
    .execute();
}

export async function markPostFailed(db: Db, id: number, token: string, error: string, now: string): Promise<void> {
  await db
    .updateTable('telegram_outbox')
    .set({ status: 'failed', last_error: error.slice(0, 500), failed_at: now, lease_holder: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_holder', '=', token)
    .execute();
}

/** Telegram's 429: no sender of any process posts before `until` (never shortens a longer pause). */
export async function pauseSenders(db: Db, until: string): Promise<void> {
  await db
    .updateTable('telegram_sender')
    .set({ paused_until: until })
    .where('id', '=', 1)
    .where((w) => w.or([w('paused_until', 'is', null), w('paused_until', '<', until)]))
    .execute();
}

export interface OutboxCounts {
  sent: number;
  waiting: number;
  failed: number;
  lastFailure: { at: string; error: string } | null;
}

/** Counts by status and the latest failure (a post given up, or the last error of one waiting for a retry). */
export async function outboxCounts(db: Db): Promise<OutboxCounts> {
  const rows = await db.selectFrom('telegram_outbox').select(['status', (eb) => eb.fn.countAll().as('n')]).groupBy('status').execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  const last = await db
    .selectFrom('telegram_outbox')
    .select(['last_error', 'failed_at', 'next_attempt_at', 'status'])
    .where('last_error', 'is not', null)
    .where('status', '!=', 'sent')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    sent: count('sent'),
    waiting: count('pending'),
    failed: count('failed'),
    lastFailure: last ? { at: last.failed_at ?? last.next_attempt_at, error: last.last_error ?? '' } : null,
  };
}
