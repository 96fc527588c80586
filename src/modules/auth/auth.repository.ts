/** Queries for users and sessions. */
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/tables';

type Db = Kysely<Database>;

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertUser(db: Db, username: string, passwordHash: string, now: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ username, password_hash: passwordHash, password_changed_at: now, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUserPassword(db: Db, userId: number, passwordHash: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export interface NewSession {
  userId: number;
  tokenHash: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  expiresAt: string;
}

export async function insertSession(db: Db, session: NewSession): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      ip: session.ip,
      user_agent: session.userAgent?.slice(0, 512) ?? null,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The session and its user, if the token is neither expired nor revoked. */
export function findActiveSession(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'users.id as userId', 'users.username'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, sessionId: number, now: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes the user's sessions not revoked yet; callers narrow which. */
function revokeUserSessions(db: Db, userId: number, now: string) {
  return db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
}

export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number, now: string): Promise<void> {
  await revokeUserSessions(db, userId, now).where('id', '!=', keepSessionId).execute();
}

/**
 * The addresses this user signed in from since `since`, each once: the "known devices" of the login
 * throttle, compared by address key (IPv6 per /64) by the caller. One author's month of sign-ins is a
 * handful of rows.
 */
export async function listSignInAddresses(db: Db, userId: number, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('ip')
    .distinct()
    .where('user_id', '=', userId)
    .where('ip', 'is not', null)
    .where('created_at', '>', since)
    .execute();
  return rows.flatMap((row) => (row.ip === null ? [] : [row.ip]));
}

/** Revokes every session of the user that still works, the caller's own included. Returns how many. */
export async function revokeAllSessions(db: Db, userId: number, now: string): Promise<number> {
  const result = await revokeUserSessions(db, userId, now).where('expires_at', '>', now).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes the sessions that no longer work (expired or revoked) and were created before `createdBefore`,
 * so none that `listSignInAddresses` still reads is lost. Returns how many.
 */
export async function deleteEndedSessions(db: Db, now: string, createdBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
    .where('created_at', '<', createdBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
