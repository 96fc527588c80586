/** The only writer of `server_secrets`: keys drawn once for the whole site (the HMACs of the keyed counters). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

/**
 * The server secret named `name`: the one stored, or `candidate` when this call is the first anywhere.
 * Whichever process inserts first wins; every other one reads the winner's, so all agree.
 */
export async function ensureServerSecret(db: Kysely<Database>, name: string, candidate: string, now: string): Promise<string> {
  await db.insertInto('server_secrets').values({ name, secret: candidate, created_at: now }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('server_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return row.secret;
}
