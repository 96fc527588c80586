/**
 * One canonical mailbox per alert (decision 036): `price_alerts.mailbox` holds the address folded the way
 * the alert rules compare addresses (case, NFC, punycode domain, `+tag` removed), so the daily allowance,
 * the one pending alert per build and the admin's erase cover every spelling of one inbox. It is personal
 * data like `email` beside it, and deleted with the row. Null only in rows restored from a backup made
 * before this migration (their erase falls back to `email`; pending ones expire within 48 hours).
 *
 * Existing rows are filled here; where one mailbox already had several pending alerts of one build, the
 * newest stays (the older ones' links would have been replaced by it anyway). Then a unique index allows
 * one pending alert per build and mailbox, so two parallel requests, from two processes or two instances,
 * cannot store two.
 *
 * Frozen: the folding below is a copy of modules/alerts/mailbox.ts as of this migration (migrations never
 * import application code). Add a new migration for changes.
 */
import { type Kysely, sql } from 'kysely';
import { domainToASCII } from 'node:url';

type Dialect = 'sqlite' | 'postgres';

function canonicalMailbox(address: string): string {
  const text = address.trim().normalize('NFC').toLowerCase();
  const at = text.lastIndexOf('@');
  if (at <= 0) return text;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  const plus = local.indexOf('+');
  const base = plus > 0 ? local.slice(0, plus) : local;
  return `${base}@${domainToASCII(domain) || domain}`;
}

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('price_alerts').addColumn('mailbox', 'varchar(254)').execute();

  const rows: Array<{ id: number; email: string; build_id: number; status: string; created_at: string }> = await db
    .selectFrom('price_alerts')
    .select(['id', 'email', 'build_id', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const keptPending = new Set<string>();
  const duplicates: number[] = [];
  for (const row of rows) {
    const mailbox = canonicalMailbox(row.email);
    if (row.status === 'pending') {
      const key = `${row.build_id} ${mailbox}`;
      if (keptPending.has(key)) {
        duplicates.push(row.id);
        continue;
      }
      keptPending.add(key);
    }
    await db.updateTable('price_alerts').set({ mailbox }).where('id', '=', row.id).execute();
  }
  for (let start = 0; start < duplicates.length; start += 500) {
    await db.deleteFrom('price_alerts').where('id', 'in', duplicates.slice(start, start + 500)).execute();
  }

  await db.schema.createIndex('price_alerts_mailbox_idx').on('price_alerts').column('mailbox').execute();
  // Partial: active alerts of one mailbox and build may be several (a price and a stock alert).
  await sql`create unique index price_alerts_one_pending_uq on price_alerts (build_id, mailbox) where status = 'pending'`.execute(db);
}
