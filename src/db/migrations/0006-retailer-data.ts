/**
 * Retailer data for the author and the visitor (decision 019):
 * - `components.image_url`: the product image as the retailer links it. Linked, never stored
 *   (affiliate-compliance.md), and refreshed with the prices.
 * - `retailer_search_cache`: the answers of the author's product searches for a few minutes, keyed by
 *   the normalised query and page, so typing and paging back and forth do not spend the retailer's
 *   request budget. In the database so that every process and instance shares it.
 * - `price_days`: the price history at one row per ASIN and UTC day (that day's latest observation),
 *   kept by every write of an observation and filled here from the observations so far. The public
 *   price-history endpoint reads it, so its cost follows the points it answers, not how often prices
 *   were refreshed (a tier-A refresh every 6 hours makes four observations a day).
 * - A covering index of the observations: the build page's 30-day low reads (asin, observed_at,
 *   price_cents) only, so it never touches the table itself. It replaces the (asin, observed_at) index,
 *   which is its prefix.
 * Frozen: add a new migration for changes.
 */
import { type Kysely, sql } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
const TS = 'varchar(40)';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('components').addColumn('image_url', 'varchar(2048)').execute();

  await db.schema
    .createTable('retailer_search_cache')
    // '{page}|{normalised query}': the query is at most 200 characters.
    .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
    // The answer as JSON text: a list of found items and Amazon's total count.
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('created_at', TS, (col) => col.notNull())
    .addColumn('expires_at', TS, (col) => col.notNull())
    .execute();
  // Expired rows are deleted by range at each write.
  await db.schema.createIndex('retailer_search_cache_expires_at_idx').on('retailer_search_cache').column('expires_at').execute();

  await db.schema
    .createTable('price_days')
    .addColumn('asin', 'varchar(10)', (col) => col.notNull())
    // YYYY-MM-DD of observed_at (UTC).
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('observed_at', TS, (col) => col.notNull())
    .addColumn('price_cents', 'integer')
    .addPrimaryKeyConstraint('price_days_pk', ['asin', 'day'])
    .execute();
  await sql`
    INSERT INTO price_days (asin, day, observed_at, price_cents)
    SELECT asin, day, observed_at, price_cents FROM (
      SELECT asin, substr(observed_at, 1, 10) AS day, observed_at, price_cents,
        ROW_NUMBER() OVER (PARTITION BY asin, substr(observed_at, 1, 10) ORDER BY observed_at DESC, id DESC) AS day_rank
      FROM price_observations
    ) AS ranked
    WHERE day_rank = 1
  `.execute(db);

  await db.schema
    .createIndex('price_observations_asin_observed_at_price_idx')
    .on('price_observations')
    .columns(['asin', 'observed_at', 'price_cents'])
    .execute();
  await db.schema.dropIndex('price_observations_asin_observed_at_idx').execute();
}
