/**
 * Secrets of the server: the site-wide keys in `server_secrets` (one owner, decision 029) and the one
 * helper for the opaque tokens handed to admins and visitors.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import { ensureServerSecret } from './server-secrets.repository';

export { hashSecretToken, isSecretToken, newSecretToken } from './secret-tokens';

/**
 * A reader of the server secret `name`, drawn at the first call anywhere and read once per process
 * after; a failed read is retried by the next call.
 */
export function serverSecret(db: Kysely<Database>, clock: Clock, name: string): () => Promise<string> {
  let secret: Promise<string> | null = null;
  return () => {
    secret ??= ensureServerSecret(db, name, randomBytes(32).toString('base64url'), clock.now().toISOString()).catch((error: unknown) => {
      secret = null;
      throw error;
    });
    return secret;
  };
}
