/**
 * Initial schema. Dialect-neutral Kysely schema builder; the only dialect difference is how an
 * auto-increment primary key is spelled. Frozen: do not edit once released, add a new migration.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

const TS = 'varchar(40)';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('users'), dialect)
    .addColumn('username', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('password_changed_at', TS, (col) => col.notNull())
    .addColumn('created_at', TS, (col) => col.notNull())
    .addColumn('updated_at', TS, (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable('sessions'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('created_at', TS, (col) => col.notNull())
    .addColumn('expires_at', TS, (col) => col.notNull())
    .addColumn('revoked_at', TS)
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', TS, (col) => col.notNull())
    .addColumn('blocked_until', TS)
    .addColumn('updated_at', TS, (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable('builds'), dialect)
    .addColumn('slug', 'varchar(120)', (col) => col.notNull().unique())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('featured_image', 'varchar(2048)')
    .addColumn('category', 'varchar(40)')
    .addColumn('budget_cents', 'integer')
    .addColumn('status', 'varchar(20)', (col) => col.notNull().defaultTo('draft'))
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('meta_title', 'varchar(300)')
    .addColumn('meta_description', 'varchar(1000)')
    .addColumn('affiliate_tag', 'varchar(128)')
    .addColumn('published_at', TS)
    .addColumn('created_at', TS, (col) => col.notNull())
    .addColumn('updated_at', TS, (col) => col.notNull())
    .execute();
  // Public list: published builds, newest first, optionally by category.
  await db.schema.createIndex('builds_status_published_at_idx').on('builds').columns(['status', 'published_at']).execute();
  await db.schema.createIndex('builds_category_idx').on('builds').columns(['category', 'status']).execute();
  await db.schema.createIndex('builds_created_at_idx').on('builds').column('created_at').execute();

  await withId(db.schema.createTable('components'), dialect)
    .addColumn('build_id', 'integer', (col) => col.notNull().references('builds.id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (col) => col.notNull())
    .addColumn('name', 'varchar(500)', (col) => col.notNull())
    .addColumn('brand', 'varchar(200)')
    .addColumn('model', 'varchar(200)')
    .addColumn('specs', 'text')
    .addColumn('price_cents', 'integer')
    .addColumn('amazon_link', 'varchar(2048)')
    .addColumn('asin', 'varchar(10)')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_replaced', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('replacement_reason', 'varchar(500)')
    .addColumn('price_source', 'varchar(20)')
    .addColumn('price_updated_at', TS)
    .addColumn('availability', 'varchar(20)')
    .addColumn('availability_checked_at', TS)
    .addColumn('tier', 'varchar(1)')
    .addColumn('created_at', TS, (col) => col.notNull())
    .addColumn('updated_at', TS, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('components_build_id_position_idx').on('components').columns(['build_id', 'position']).execute();
  await db.schema.createIndex('components_asin_idx').on('components').column('asin').execute();
  await db.schema.createIndex('components_tier_idx').on('components').column('tier').execute();

  await withId(db.schema.createTable('alternative_categories'), dialect)
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('component_type', 'varchar(40)')
    .addColumn('created_at', TS, (col) => col.notNull())
    .addColumn('updated_at', TS, (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable('alternatives'), dialect)
    .addColumn('original_asin', 'varchar(10)')
    .addColumn('category_id', 'integer', (col) => col.references('alternative_categories.id').onDelete('cascade'))
    .addColumn('alternative_asin', 'varchar(10)', (col) => col.notNull())
    .addColumn('alternative_name', 'varchar(500)', (col) => col.notNull())
    .addColumn('alternative_price_cents', 'integer')
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', TS, (col) => col.notNull())
    .addColumn('updated_at', TS, (col) => col.notNull())
    .execute();
  // NULLs are distinct in both dialects: group members (original_asin null) never collide here.
  await db.schema.createIndex('alternatives_pair_uq').on('alternatives').columns(['original_asin', 'alternative_asin']).unique().execute();
  await db.schema.createIndex('alternatives_category_uq').on('alternatives').columns(['category_id', 'alternative_asin']).unique().execute();

  await withId(db.schema.createTable('replacements'), dialect)
    .addColumn('build_id', 'integer', (col) => col.notNull().references('builds.id').onDelete('cascade'))
    .addColumn('component_id', 'integer', (col) => col.references('components.id').onDelete('set null'))
    .addColumn('original_type', 'varchar(40)', (col) => col.notNull())
    .addColumn('original_name', 'varchar(500)', (col) => col.notNull())
    .addColumn('original_brand', 'varchar(200)')
    .addColumn('original_model', 'varchar(200)')
    .addColumn('original_specs', 'text')
    .addColumn('original_asin', 'varchar(10)')
    .addColumn('original_link', 'varchar(2048)')
    .addColumn('original_price_cents', 'integer')
    .addColumn('original_position', 'integer', (col) => col.notNull())
    .addColumn('replacement_reason', 'varchar(500)')
    .addColumn('created_at', TS, (col) => col.notNull())
    .addColumn('restored_at', TS)
    .execute();
  await db.schema.createIndex('replacements_build_id_idx').on('replacements').column('build_id').execute();
  await db.schema.createIndex('replacements_component_id_idx').on('replacements').column('component_id').execute();

  await withId(db.schema.createTable('price_observations'), dialect)
    .addColumn('asin', 'varchar(10)', (col) => col.notNull())
    .addColumn('price_cents', 'integer')
    .addColumn('availability', 'varchar(20)')
    .addColumn('source', 'varchar(20)', (col) => col.notNull())
    .addColumn('observed_at', TS, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('price_observations_asin_observed_at_idx').on('price_observations').columns(['asin', 'observed_at']).execute();
}
