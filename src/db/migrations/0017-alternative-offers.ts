/**
 * The author's curated alternatives become offers a visitor may choose ("Personalizza questa build",
 * decision 030), so their prices follow the parts' 24-hour rule (affiliate-compliance.md): each one keeps
 * the retailer state a component keeps (migrations 0001, 0006, 0013), refreshed with its component's tier.
 * - `price_source` ('manual' typed by the author, 'amazon' from the retailer) and `price_updated_at`:
 *   existing prices were typed by the author, and the best date known for them is the row's last edit.
 * - `availability` and `availability_checked_at`, `image_url` and `image_checked_at`: unknown so far.
 * - An index on `alternative_asin`: every retailer answer updates the alternatives carrying its ASIN.
 * Frozen: add a new migration for changes.
 */
import { type Kysely, sql } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
const TS = 'varchar(40)';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('alternatives').addColumn('price_source', 'varchar(20)').execute();
  await db.schema.alterTable('alternatives').addColumn('price_updated_at', TS).execute();
  await db.schema.alterTable('alternatives').addColumn('availability', 'varchar(20)').execute();
  await db.schema.alterTable('alternatives').addColumn('availability_checked_at', TS).execute();
  await db.schema.alterTable('alternatives').addColumn('image_url', 'varchar(2048)').execute();
  await db.schema.alterTable('alternatives').addColumn('image_checked_at', TS).execute();
  await sql`UPDATE alternatives SET price_source = 'manual', price_updated_at = updated_at WHERE alternative_price_cents IS NOT NULL`.execute(db);
  await db.schema.createIndex('alternatives_alternative_asin_idx').on('alternatives').column('alternative_asin').execute();
}
