/**
 * The retailer's request budget, shared by every process and instance on this database: one row per
 * retailer account holding the next free request slot (epoch milliseconds of the database's clock),
 * the process that took the last slot, and how many requests the current UTC day (days since
 * 1970-01-01) has used. Frozen: add a new migration for changes.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retailer_rate_budget')
    // A hash of the API host and credential: the budget belongs to the Amazon account, and the
    // credential itself never needs to be in the database.
    .addColumn('account', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('next_slot_at', 'bigint', (col) => col.notNull())
    .addColumn('last_holder', 'varchar(100)', (col) => col.notNull())
    .addColumn('day', 'integer', (col) => col.notNull())
    .addColumn('used', 'integer', (col) => col.notNull())
    .execute();
}
