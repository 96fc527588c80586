/**
 * Products the retailer stopped giving access to (decision 021): one row per ASIN that Amazon's
 * last answer about it called `ItemNotAccessible`, with how many different Europe/Rome days in a row it
 * did so. The price refresh and the smart replacement upsert it (INSERT … ON CONFLICT … DO UPDATE, so
 * parallel processes and instances count a day once) and delete it when Amazon shows the product again.
 * Two days make the product unavailable (decision 021). Frozen: add a new migration for changes.
 */
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
const TS = 'varchar(40)';
/** 'YYYY-MM-DD', a day in Europe/Rome. */
const DAY = 'varchar(10)';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('retailer_access_streaks')
    .addColumn('asin', 'varchar(10)', (col) => col.primaryKey())
    // The first and the latest day of the current run of ItemNotAccessible answers.
    .addColumn('first_day', DAY, (col) => col.notNull())
    .addColumn('last_day', DAY, (col) => col.notNull())
    // Different days in that run (1 on the first answer; answers on the same day count once).
    .addColumn('days', 'integer', (col) => col.notNull())
    // Amazon's own words in the latest answer.
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('updated_at', TS, (col) => col.notNull())
    .execute();
}
