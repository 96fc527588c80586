/**
 * Build revisions: a snapshot of a build and its components at every save and every automatic
 * change (smart replacement, restore), so the author can see what changed and bring a version back. The
 * snapshot is JSON text: it is read whole, never queried by field. Frozen: add a new migration for changes.
 */
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('build_revisions')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('build_id', 'integer', (col) => col.notNull().references('builds.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('reason', 'varchar(200)', (col) => col.notNull())
    .addColumn('author', 'varchar(100)', (col) => col.notNull())
    .addColumn('snapshot', 'text', (col) => col.notNull())
    .execute();
  // The history of one build, newest first.
  await db.schema.createIndex('build_revisions_build_id_idx').on('build_revisions').columns(['build_id', 'id']).execute();
}
