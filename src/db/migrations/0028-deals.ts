/**
 * Deals ("Offerte", decision 046): parts of public builds at a new 30-day low.
 *
 * - `builds.deals_excluded` (0/1): the author keeps a build's parts out of the deals.
 * - `deals`: the current deal of each ASIN as the last price refresh decided it (derived from the price
 *   history: not backed up, the next refresh recomputes it). The pages re-check freshness when they read.
 * - `deal_posts`: the last low posted to the Telegram channel per ASIN, so the same ASIN is posted again
 *   only after a new low or 7 days.
 * - `telegram_outbox`: posts decided in the refresh's transaction, sent under a lease like the mails
 *   (decision 031). `telegram_sender`: one row every sender locks to claim, so the hourly cap and
 *   Telegram's `retry_after` hold across processes and instances.
 *
 * Frozen: add a new migration for changes.
 */
import { type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('builds').addColumn('deals_excluded', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('deals')
    .addColumn('asin', 'varchar(20)', (col) => col.primaryKey())
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('price_updated_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('previous_low_cents', 'integer', (col) => col.notNull())
    .addColumn('drop_basis_points', 'integer', (col) => col.notNull())
    .addColumn('found_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('deals_drop_idx').on('deals').columns(['drop_basis_points', 'asin']).execute();

  // An id like every backed-up table (the backup pages by id).
  const posts = db.schema.createTable('deal_posts');
  await (dialect === 'postgres' ? posts.addColumn('id', 'serial', (col) => col.primaryKey()) : posts.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()))
    .addColumn('asin', 'varchar(20)', (col) => col.notNull().unique())
    .addColumn('low_cents', 'integer', (col) => col.notNull())
    .addColumn('posted_at', 'varchar(30)', (col) => col.notNull())
    .execute();

  const outbox = db.schema.createTable('telegram_outbox');
  await (dialect === 'postgres' ? outbox.addColumn('id', 'serial', (col) => col.primaryKey()) : outbox.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()))
    .addColumn('asin', 'varchar(20)', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('photo_url', 'varchar(2048)')
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('lease_holder', 'varchar(100)')
    .addColumn('lease_expires_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('sent_at', 'varchar(30)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('failed_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('telegram_outbox_due_idx').on('telegram_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('telegram_outbox_sent_idx').on('telegram_outbox').column('sent_at').execute();

  await db.schema
    .createTable('telegram_sender')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('paused_until', 'varchar(30)')
    .addColumn('claims', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.insertInto('telegram_sender').values({ id: 1, paused_until: null, claims: 0 }).execute();
}
