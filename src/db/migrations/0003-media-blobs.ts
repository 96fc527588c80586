/**
 * Uploaded images kept in the database (UPLOAD_STORAGE=database), so several app instances on one
 * PostgreSQL serve each other's uploads. Content addressed and immutable: the key is the public file
 * name (`<sha256>-<width>.webp`), a row is written once and never updated. Frozen: add a new migration
 * for changes.
 */
import { type Kysely, sql } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('media_blobs')
    // Storage keys are at most 200 characters (integrations/storage).
    .addColumn('key', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  if (dialect === 'postgres') {
    // WebP is already compressed: keep the bytes out of line (TOAST) without trying to compress them again.
    await sql`ALTER TABLE media_blobs ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
  }
}
