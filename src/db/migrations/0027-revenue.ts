/**
 * The author's affiliate earnings, from the Amazon Associates Earnings report (decision 045).
 *
 * - `revenue_imports`: one uploaded report: its file name, the sha256 of its rows (the same report uploaded
 *   twice is recognised), the period it covers (its title line's, else its first and last day), who and when.
 * - `revenue_rows`: the report's lines summed per day × tracking ID × ASIN × device × direct, of one import.
 *   Money in integer cents; `name`, `category` and `seller` as the report wrote them (plain text, never a
 *   formula).
 * - `revenue_day_owners`: which import a day's figures come from: the newest import whose period covers it.
 *   Re-importing, or importing an overlapping period, moves the days to the new import; undoing an import
 *   gives them back to the newest remaining one. Nothing is summed twice.
 * - `revenue_shares`: how each row's commission is attributed, computed when it is imported: to a build
 *   (`build_id`, no foreign key: a deleted build keeps its earnings, named through `deleted_builds`) or to
 *   none ('non_attribuito'), with the method ('esatto', 'stimato'). The shares of a row add up to it exactly.
 * - `revenue_header_mappings`: a report header the author mapped once to a field, remembered.
 *
 * Frozen: add a new migration for changes.
 */
import { type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres' ? table.addColumn('id', 'serial', (col) => col.primaryKey()) : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  };
  const real = dialect === 'postgres' ? 'double precision' : 'real';

  await withId('revenue_imports')
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('content_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('period_from', 'varchar(10)', (col) => col.notNull())
    .addColumn('period_to', 'varchar(10)', (col) => col.notNull())
    .addColumn('row_count', 'integer', (col) => col.notNull())
    .addColumn('line_count', 'integer', (col) => col.notNull())
    .addColumn('fees_cents', 'integer', (col) => col.notNull())
    .addColumn('imported_by', 'varchar(64)', (col) => col.notNull())
    .addColumn('imported_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('revenue_imports_hash_uq').on('revenue_imports').column('content_hash').unique().execute();

  await withId('revenue_rows')
    .addColumn('import_id', 'integer', (col) => col.notNull().references('revenue_imports.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('tracking_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('asin', 'varchar(20)', (col) => col.notNull())
    .addColumn('device', 'varchar(50)', (col) => col.notNull())
    .addColumn('direct', 'varchar(20)', (col) => col.notNull())
    .addColumn('name', 'varchar(500)', (col) => col.notNull())
    .addColumn('category', 'varchar(200)', (col) => col.notNull())
    .addColumn('seller', 'varchar(200)', (col) => col.notNull())
    .addColumn('items_shipped', 'integer', (col) => col.notNull())
    .addColumn('returns', 'integer', (col) => col.notNull())
    .addColumn('revenue_cents', 'integer', (col) => col.notNull())
    .addColumn('fees_cents', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('revenue_rows_key_uq')
    .on('revenue_rows')
    .columns(['import_id', 'day', 'tracking_id', 'asin', 'device', 'direct'])
    .unique()
    .execute();
  await db.schema.createIndex('revenue_rows_day_idx').on('revenue_rows').columns(['day', 'import_id']).execute();

  // An id like every backed-up table (the backup copies tables in id order); the day is the key.
  await withId('revenue_day_owners')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('import_id', 'integer', (col) => col.notNull().references('revenue_imports.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('revenue_day_owners_day_uq').on('revenue_day_owners').column('day').unique().execute();
  await db.schema.createIndex('revenue_day_owners_import_idx').on('revenue_day_owners').column('import_id').execute();

  await withId('revenue_shares')
    .addColumn('row_id', 'integer', (col) => col.notNull().references('revenue_rows.id').onDelete('cascade'))
    .addColumn('import_id', 'integer', (col) => col.notNull().references('revenue_imports.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('build_id', 'integer')
    // 'esatto', 'stimato' or 'non_attribuito'
    .addColumn('method', 'varchar(20)', (col) => col.notNull())
    .addColumn('weight', real, (col) => col.notNull())
    .addColumn('items_shipped', real, (col) => col.notNull())
    .addColumn('returns', real, (col) => col.notNull())
    .addColumn('revenue_cents', 'integer', (col) => col.notNull())
    .addColumn('fees_cents', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('revenue_shares_day_idx').on('revenue_shares').columns(['day', 'import_id']).execute();
  await db.schema.createIndex('revenue_shares_build_idx').on('revenue_shares').columns(['build_id', 'day']).execute();
  await db.schema.createIndex('revenue_shares_row_idx').on('revenue_shares').column('row_id').execute();

  await withId('revenue_header_mappings')
    .addColumn('header', 'varchar(200)', (col) => col.notNull())
    .addColumn('field', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('revenue_header_mappings_header_uq').on('revenue_header_mappings').column('header').unique().execute();
}
