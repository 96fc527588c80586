/**
 * The mail outbox (decision 031): a mail is written here in the same transaction that decides
 * it, and a background sender delivers it under a lease.
 *
 * - `recipient`, `text_body`, `html_body` and `headers` are erased (null) once the mail is sent or given
 *   up: the outbox keeps no address after delivery. `kind`, `subject`, `sent_at` and `sent_day` stay
 *   for the counts of mails sent per day.
 * - `message_id` is drawn at enqueue and sent as the Message-ID: a repeat after a crash is recognisable.
 * - `status`: 'pending', 'sent' or 'failed'. `lease_holder`/`lease_expires_at`: the sender that holds a
 *   pending mail now; an expired lease (a sender that died) frees it again.
 * - `sent_day`: the Europe/Rome day of `sent_at`, so the per-day count is a GROUP BY on both databases.
 *
 * Frozen: add a new migration for changes.
 */
import { type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const table = db.schema.createTable('mail_outbox');
  await (dialect === 'postgres' ? table.addColumn('id', 'serial', (col) => col.primaryKey()) : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement()))
    .addColumn('kind', 'varchar(50)', (col) => col.notNull())
    .addColumn('recipient', 'varchar(320)')
    .addColumn('subject', 'varchar(500)', (col) => col.notNull())
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('headers', 'text')
    .addColumn('message_id', 'varchar(300)', (col) => col.notNull().unique())
    .addColumn('status', 'varchar(10)', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('lease_holder', 'varchar(100)')
    .addColumn('lease_expires_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('sent_at', 'varchar(30)')
    .addColumn('sent_day', 'varchar(10)')
    .addColumn('last_error', 'varchar(500)')
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_lease_idx').on('mail_outbox').column('lease_holder').execute();
  await db.schema.createIndex('mail_outbox_sent_day_idx').on('mail_outbox').column('sent_day').execute();
}
