/**
 * One table for the site's windowed keyed counters (modules/keyed-counters, decision 029's one owner):
 * `keyed_counters(key, count, window_started_at, updated_at)`, keys namespaced by their feature:
 *
 * - 'login:ip:{address key}': the sign-in attempts of an address (were login_throttle's 'ip:' rows; the
 *   usernames' rows, with their blocks and check slots, stay in login_throttle);
 * - 'alerts:mail:{HMAC}', 'alerts:net:{HMAC}': the subscribe requests (were alert_subscribe_limits);
 * - 'visit:{HMAC}': a visitor's visit or choice of a build, counted once per half hour (were visit_dedupe,
 *   which stored the end of the half hour instead of its start);
 * - 'click:{HMAC}': a click counted once per minute (were click_dedupe).
 *
 * The rows are carried over, so no limit restarts and no visit or click is counted twice across the
 * upgrade; the three old tables are dropped. Frozen: add a new migration for changes.
 */
import { type Kysely, sql } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

/** visit_dedupe's window as of this migration (analytics' VISIT_WINDOW_MS): expires_at was its start plus this. */
const VISIT_WINDOW_MS = 30 * 60_000;
const CHUNK = 500;

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('keyed_counters')
    .addColumn('key', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  // The purge of each feature (updated_at at or before its horizon, under its prefix).
  await db.schema.createIndex('keyed_counters_updated_idx').on('keyed_counters').column('updated_at').execute();

  await sql`INSERT INTO keyed_counters (key, count, window_started_at, updated_at)
    SELECT 'login:' || key, failures, window_started_at, updated_at FROM login_throttle WHERE key LIKE 'ip:%'`.execute(db);
  await db.deleteFrom('login_throttle').where('key', 'like', 'ip:%').execute();
  await sql`INSERT INTO keyed_counters (key, count, window_started_at, updated_at)
    SELECT 'alerts:' || key, count, window_started_at, updated_at FROM alert_subscribe_limits`.execute(db);
  await sql`INSERT INTO keyed_counters (key, count, window_started_at, updated_at)
    SELECT 'click:' || key, 1, seen_at, seen_at FROM click_dedupe`.execute(db);

  const visits: { key: string; expires_at: string }[] = await db.selectFrom('visit_dedupe').select(['key', 'expires_at']).execute();
  const rows = visits.flatMap((visit) => {
    const expires = Date.parse(visit.expires_at);
    if (Number.isNaN(expires)) return [];
    const started = new Date(expires - VISIT_WINDOW_MS).toISOString();
    return [{ key: `visit:${visit.key}`, count: 1, window_started_at: started, updated_at: started }];
  });
  for (let start = 0; start < rows.length; start += CHUNK) await db.insertInto('keyed_counters').values(rows.slice(start, start + CHUNK)).execute();

  await db.schema.dropTable('alert_subscribe_limits').execute();
  await db.schema.dropTable('click_dedupe').execute();
  await db.schema.dropTable('visit_dedupe').execute();
}
