/**
 * The login throttle's counter key of a username as the server computes it (an HMAC under the secret the
 * database holds, decision 003), so tests can read a username's counter without knowing the secret.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/tables';
import { USERNAME_KEY_SECRET, usernameKey } from '../../src/modules/auth/login-throttle';

/** The key of `username`'s counter; 'user:?' (no row has it) while no sign-in has drawn the secret yet. */
export async function throttleUserKey(db: Kysely<Database>, username: string): Promise<string> {
  const row = await db.selectFrom('server_secrets').select('secret').where('name', '=', USERNAME_KEY_SECRET).executeTakeFirst();
  return row ? usernameKey(row.secret, username) : 'user:?';
}
