/**
 * Login attempts reserved before the password check (docs/decisions/003-login-throttling.md):
 * `in_flight` counts the password checks of a username running right now, on any process or instance;
 * `in_flight_until` is when that count goes stale, so a process that dies mid-check cannot hold a slot
 * for ever. Frozen: add a new migration for changes.
 */
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
const TS = 'varchar(40)';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds only one at a time.
  await db.schema.alterTable('login_throttle').addColumn('in_flight', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('login_throttle').addColumn('in_flight_until', TS).execute();
  // The housekeeping job deletes rows nobody has touched for a day.
  await db.schema.createIndex('login_throttle_updated_at_idx').on('login_throttle').column('updated_at').execute();
}
