/**
 * Visitor price and stock alerts by email ("Avvisami").
 *
 * - `price_alerts`: one alert of one address on one build. `component_id` set = a stock alert on that part
 *   (ends with the part); null = a price alert on the build's total (`max_total_cents`). `status` 'pending'
 *   until the address confirms (double opt-in), then 'active'. Tokens are never stored, only their SHA-256
 *   (hex). `expires_at`: pending +48 h, active +180 days; housekeeping deletes what is past it. The alert
 *   ends with its build (cascade) and its part (cascade).
 * - `alert_subscribe_limits`: counters of subscribe requests per keyed hash of an address (per day) and of a
 *   client's network (IPv4 or IPv6 /64, per hour). Keys are HMACs, never the address itself.
 *
 * Frozen: add a new migration for changes.
 */
import { type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('price_alerts');
  await (dialect === 'postgres' ? table.addColumn('id', 'serial', (col) => col.primaryKey()) : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()))
    .addColumn('build_id', 'integer', (col) => col.notNull().references('builds.id').onDelete('cascade'))
    .addColumn('component_id', 'integer', (col) => col.references('components.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('max_total_cents', 'integer')
    // 'pending' or 'active'
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('confirm_token_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('unsubscribe_token_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('confirmed_at', 'varchar(40)')
    .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('price_alerts_confirm_token_uq').on('price_alerts').column('confirm_token_hash').unique().execute();
  await db.schema.createIndex('price_alerts_unsubscribe_token_uq').on('price_alerts').column('unsubscribe_token_hash').unique().execute();
  await db.schema.createIndex('price_alerts_build_idx').on('price_alerts').columns(['build_id', 'status']).execute();
  await db.schema.createIndex('price_alerts_component_idx').on('price_alerts').column('component_id').execute();
  await db.schema.createIndex('price_alerts_email_idx').on('price_alerts').column('email').execute();
  await db.schema.createIndex('price_alerts_expires_idx').on('price_alerts').column('expires_at').execute();

  await db.schema
    .createTable('alert_subscribe_limits')
    // 'mail:{HMAC of the address}' or 'net:{HMAC of the address key}'
    .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('alert_subscribe_limits_updated_idx').on('alert_subscribe_limits').column('updated_at').execute();
}
