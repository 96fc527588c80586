/**
 * The login throttle keys a username by an HMAC under a server-side random key (decision 003), never by
 * the text typed into the username field: somebody who types a password there would otherwise leave it
 * on disk for 24 hours. `server_secrets` holds such keys, each drawn once by whichever process needs it
 * first and shared by every process and instance. The clear-text username rows are dropped: they cannot
 * be converted here (the key does not exist yet), and losing them only restarts those counters once.
 * Frozen: add a new migration for changes.
 */
import type { Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

const TS = 'varchar(40)';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('secret', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', TS, (col) => col.notNull())
    .execute();
  await db.deleteFrom('login_throttle').where('key', 'like', 'user:%').execute();
}
