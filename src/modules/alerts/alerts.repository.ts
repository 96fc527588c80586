/** Rows of `price_alerts`. Every function takes the executor it runs on (the database or a transaction). */
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { isPublicBuild } from '../../db/public-builds';
import type { Database, PriceAlertRow } from '../../db/tables';

type Db = Kysely<Database>;

export interface NewPendingAlert {
  buildId: number;
  componentId: number | null;
  email: string;
  /** canonicalMailbox(email) */
  mailbox: string;
  maxTotalCents: number | null;
  confirmTokenHash: string;
  unsubscribeTokenHash: string;
  now: string;
  expiresAt: string;
}

/**
 * Stores a pending alert unless the mailbox already has one for the build (the unique index
 * `price_alerts_one_pending_uq`: a parallel request, in any process, got there first). Returns its id, or
 * null when nothing was stored.
 */
export async function insertPendingAlert(db: Db, alert: NewPendingAlert): Promise<number | null> {
  const row = await db
    .insertInto('price_alerts')
    .values({
      build_id: alert.buildId,
      component_id: alert.componentId,
      email: alert.email,
      mailbox: alert.mailbox,
      max_total_cents: alert.maxTotalCents,
      status: 'pending',
      confirm_token_hash: alert.confirmTokenHash,
      unsubscribe_token_hash: alert.unsubscribeTokenHash,
      created_at: alert.now,
      confirmed_at: null,
      expires_at: alert.expiresAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The pending alert of a mailbox on a build, expired or not (the unique index allows one). */
export async function findPendingOf(db: Db, buildId: number, mailbox: string): Promise<Pick<PriceAlertRow, 'id' | 'created_at'> | undefined> {
  return db.selectFrom('price_alerts').select(['id', 'created_at']).where('build_id', '=', buildId).where('mailbox', '=', mailbox).where('status', '=', 'pending').executeTakeFirst();
}

/**
 * A repeated request renews the pending alert for a fresh confirmation mail: new tokens (only their hashes
 * are kept, so the first mail's links cannot be sent again and stop working), the newest target and
 * address spelling, and 48 hours from now. Conditional on the `created_at` the caller read, so of two
 * parallel renewals only one changes the row. Returns whether this call did.
 */
export async function renewPendingAlert(db: Db, id: number, readCreatedAt: string, alert: NewPendingAlert): Promise<boolean> {
  const result = await db
    .updateTable('price_alerts')
    .set({
      component_id: alert.componentId,
      email: alert.email,
      max_total_cents: alert.maxTotalCents,
      confirm_token_hash: alert.confirmTokenHash,
      unsubscribe_token_hash: alert.unsubscribeTokenHash,
      created_at: alert.now,
      expires_at: alert.expiresAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('created_at', '=', readCreatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The alert of a confirmation link, if it is still alive at `now` (an expired pending alert is no alert). */
export async function findByConfirmHash(db: Db, hash: string, now: string): Promise<PriceAlertRow | undefined> {
  return db.selectFrom('price_alerts').selectAll().where('confirm_token_hash', '=', hash).where('expires_at', '>', now).executeTakeFirst();
}

export async function findByUnsubscribeHash(db: Db, hash: string, now: string): Promise<PriceAlertRow | undefined> {
  return db.selectFrom('price_alerts').selectAll().where('unsubscribe_token_hash', '=', hash).where('expires_at', '>', now).executeTakeFirst();
}

/**
 * Pending → active, once: the WHERE makes two confirmations at once (two clicks, two processes) change the
 * row once. Returns whether this call activated it.
 */
export async function activatePending(db: Db, id: number, now: string, expiresAt: string): Promise<boolean> {
  const result = await db
    .updateTable('price_alerts')
    .set({ status: 'active', confirmed_at: now, expires_at: expiresAt })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A confirmed alert replaces the older active alerts of the same mailbox on the same target. */
export async function deleteOtherActiveAlike(db: Db, alert: Pick<PriceAlertRow, 'id' | 'build_id' | 'component_id' | 'email' | 'mailbox'>): Promise<number> {
  let query = db
    .deleteFrom('price_alerts')
    .where('id', '!=', alert.id)
    .where('status', '=', 'active')
    .where('build_id', '=', alert.build_id)
    .where(sameMailbox(alert.mailbox, alert.email));
  query = alert.component_id === null ? query.where('component_id', 'is', null) : query.where('component_id', '=', alert.component_id);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Points the alert's unsubscribe link at a new token's hash (the old link stops working). */
export async function replaceUnsubscribeHash(db: Db, id: number, hash: string): Promise<boolean> {
  const result = await db.updateTable('price_alerts').set({ unsubscribe_token_hash: hash }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteByUnsubscribeHash(db: Db, hash: string): Promise<number> {
  const result = await db.deleteFrom('price_alerts').where('unsubscribe_token_hash', '=', hash).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The rows of one mailbox: by `mailbox`, or by `email` for rows restored from an archive older than the column. */
function sameMailbox(mailbox: string | null, email: string) {
  return (eb: ExpressionBuilder<Database, 'price_alerts'>) =>
    mailbox === null ? eb('price_alerts.email', '=', email) : eb.or([eb('price_alerts.mailbox', '=', mailbox), eb('price_alerts.email', '=', email)]);
}

/** Every alert of the mailbox, whatever spelling of it each was asked with. */
export async function deleteByMailbox(db: Db, mailbox: string, email: string): Promise<number> {
  const result = await db.deleteFrom('price_alerts').where(sameMailbox(mailbox, email)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Pending past 48 h and active past 180 days: both have `expires_at` in the past. */
export async function deleteExpired(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('price_alerts').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Alerts of builds visitors can no longer see (unpublished, back to draft): they end. */
export async function deleteOfHiddenBuilds(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('price_alerts')
    .where('build_id', 'not in', db.selectFrom('builds').select('builds.id').where(isPublicBuild(now)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface AlertCounts {
  pending: number;
  activeByBuild: Array<{ buildId: number; slug: string; title: string; active: number }>;
}

export async function countAlerts(db: Db, now: string): Promise<AlertCounts> {
  const pending = await db
    .selectFrom('price_alerts')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('price_alerts')
    .innerJoin('builds', 'builds.id', 'price_alerts.build_id')
    .select(['builds.id as build_id', 'builds.slug', 'builds.title', sql<number | string>`count(*)`.as('n')])
    .where('price_alerts.status', '=', 'active')
    .where('price_alerts.expires_at', '>', now)
    .groupBy(['builds.id', 'builds.slug', 'builds.title'])
    .orderBy('builds.id')
    .execute();
  return {
    pending: Number(pending.n),
    activeByBuild: rows.map((row) => ({ buildId: row.build_id, slug: row.slug, title: row.title, active: Number(row.n) })),
  };
}

/** At most this many ASINs per `in (...)`: well under SQLite's and PostgreSQL's parameter limits. */
const ASIN_CHUNK = 500;

export interface AlertToEvaluate {
  id: number;
  build_id: number;
  slug: string;
  component_id: number | null;
  email: string;
  max_total_cents: number | null;
}

/**
 * The active, unexpired alerts of the public builds whose components (not alternatives) hold one of
 * `asins`. Alerts of builds no longer public are left to retention, which deletes them.
 */
export async function findActiveAlertsOfAsins(db: Db, asins: readonly string[], now: string): Promise<AlertToEvaluate[]> {
  const found = new Map<number, AlertToEvaluate>();
  for (let start = 0; start < asins.length; start += ASIN_CHUNK) {
    const chunk = asins.slice(start, start + ASIN_CHUNK);
    const rows = await db
      .selectFrom('price_alerts')
      .innerJoin('builds', 'builds.id', 'price_alerts.build_id')
      .select([
        'price_alerts.id',
        'price_alerts.build_id',
        'builds.slug',
        'price_alerts.component_id',
        'price_alerts.email',
        'price_alerts.max_total_cents',
      ])
      .where('price_alerts.status', '=', 'active')
      .where('price_alerts.expires_at', '>', now)
      .where(isPublicBuild(now))
      .where('price_alerts.build_id', 'in', db.selectFrom('components').select('components.build_id').where('components.asin', 'in', chunk))
      .orderBy('price_alerts.id')
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

/**
 * Ends an active alert that fired: the delete is the claim, so with two instances evaluating at once only
 * the transaction whose delete removed the row goes on to enqueue the mail.
 */
export async function deleteActiveAlert(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('price_alerts').where('id', '=', id).where('status', '=', 'active').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** What an alert watches, for its pages: the build's title and slug and, for a stock alert, the part's name. */
export interface AlertTarget {
  title: string;
  slug: string;
  component_name: string | null;
}

/** The target of `alert`, or undefined when its build is gone (a part gone since reads as no part). */
export async function findAlertTarget(db: Db, alert: Pick<PriceAlertRow, 'build_id' | 'component_id'>): Promise<AlertTarget | undefined> {
  const build = await db.selectFrom('builds').select(['title', 'slug']).where('id', '=', alert.build_id).executeTakeFirst();
  if (!build) return undefined;
  const component =
    alert.component_id === null ? undefined : await db.selectFrom('components').select('name').where('id', '=', alert.component_id).executeTakeFirst();
  return { title: build.title, slug: build.slug, component_name: component?.name ?? null };
}

/** One unexpired alert as the admin sees it: what it watches and its target, never its address. */
export interface AlertForAdmin {
  id: number;
  build_id: number;
  slug: string;
  title: string;
  component_id: number | null;
  component_name: string | null;
  max_total_cents: number | null;
  status: string;
  created_at: string;
  confirmed_at: string | null;
  expires_at: string;
}

/**
 * The unexpired alerts, by build then newest first, at most `limit` (+1, so the caller can tell that some
 * were left out). Selects no address column: the admin's list cannot show what it never read.
 */
export async function listAlertsForAdmin(db: Db, now: string, limit: number): Promise<AlertForAdmin[]> {
  return db
    .selectFrom('price_alerts')
    .innerJoin('builds', 'builds.id', 'price_alerts.build_id')
    .leftJoin('components', 'components.id', 'price_alerts.component_id')
    .select([
      'price_alerts.id',
      'price_alerts.build_id',
      'builds.slug',
      'builds.title',
      'price_alerts.component_id',
      'components.name as component_name',
      'price_alerts.max_total_cents',
      'price_alerts.status',
      'price_alerts.created_at',
      'price_alerts.confirmed_at',
      'price_alerts.expires_at',
    ])
    .where('price_alerts.expires_at', '>', now)
    .orderBy('builds.title')
    .orderBy('builds.id')
    .orderBy('price_alerts.created_at', 'desc')
    .orderBy('price_alerts.id', 'desc')
    .limit(limit + 1)
    .execute();
}
