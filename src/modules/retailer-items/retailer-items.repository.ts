/** Queries for the cache of the author's retailer searches (table retailer_search_cache). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;

/** The cached answer of `key` if it has not expired at `now` (ISO); undefined otherwise. */
export async function findFreshAnswer(db: Db, key: string, now: string): Promise<string | undefined> {
  const row = await db.selectFrom('retailer_search_cache').select('answer').where('key', '=', key).where('expires_at', '>', now).executeTakeFirst();
  return row?.answer;
}

/**
 * Stores an answer (replacing an older one of the same key, e.g. written meanwhile by another process)
 * and deletes the expired ones, so the table holds no more than the searches of the last few minutes.
 */
export async function saveAnswer(db: Db, entry: { key: string; answer: string; createdAt: string; expiresAt: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('retailer_search_cache').where('expires_at', '<=', entry.createdAt).execute();
    await trx
      .insertInto('retailer_search_cache')
      .values({ key: entry.key, answer: entry.answer, created_at: entry.createdAt, expires_at: entry.expiresAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ answer: entry.answer, created_at: entry.createdAt, expires_at: entry.expiresAt }))
      .execute();
  });
}
