/**
 * Scheduled publishing: `publish_at`, when a build with status 'scheduled' goes public (ISO-8601
 * UTC text like every timestamp here, so it compares as text). Null for every other status. The index
 * serves the job that flips due builds and the page cache's "next publication" lookup
 * (status = 'scheduled' AND publish_at ...). Frozen: add a new migration for changes.
 */
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('builds').addColumn('publish_at', 'varchar(40)').execute();
  await db.schema.createIndex('builds_status_publish_at_idx').on('builds').columns(['status', 'publish_at']).execute();
}
