/** Sign-in, sessions and password changes (api-contract.md, Auth). */
import type { Kysely } from 'kysely';
import { addressKey } from '../../common/address-key';
import { AppError } from '../../common/errors';
import { PASSWORD_MESSAGES, passwordViolations } from '../../common/password-rules';
import { isUniqueViolation } from '../../db/driver-errors';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import {
  countUsers,
  deleteEndedSessions,
  findActiveSession,
  findUserById,
  findUserByUsername,
  insertSession,
  insertUser,
  listSignInAddresses,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  updateUserPassword,
} from './auth.repository';
import { createLoginThrottle, TRUSTED_IP_DAYS } from './login-throttle';
import { generateStrongPassword, hashPassword, PRODUCTION_SCRYPT_COST, type ScryptCost, verifyPassword } from './password-hash';
import { hashSecretToken, isSecretToken, newSecretToken } from '../secrets';

export interface AuthUser {
  id: number;
  username: string;
}

export interface AuthSession {
  sessionId: number;
  user: AuthUser;
}

export interface LoginAttempt {
  username: string;
  password: string;
  ip: string;
  userAgent: string | null;
}

const INVALID_CREDENTIALS = 'Credenziali non valide';

/** `scryptCost`: new password hashes' cost; production's unless a test injects a cheaper one. */
export function createAuthService(deps: { db: Kysely<Database>; clock: Clock; sessionTtlHours: number; scryptCost?: ScryptCost }) {
  const { db, clock } = deps;
  const scryptCost = deps.scryptCost ?? PRODUCTION_SCRYPT_COST;
  const throttle = createLoginThrottle(db, clock);
  // Unknown usernames are checked against this hash so both failures cost one scrypt run.
  const dummyHash = hashPassword(generateStrongPassword(), scryptCost);

  /** Sign-ins since then make an IP a "known device" of its user (login-throttle.ts). */
  const trustedSince = () => new Date(clock.now().getTime() - TRUSTED_IP_DAYS * 86_400_000).toISOString();

  /** Whether the user signed in recently from this address (IPv6: from this /64), as the throttle keys it. */
  async function isKnownAddress(userId: number, ip: string): Promise<boolean> {
    const key = addressKey(ip);
    return (await listSignInAddresses(db, userId, trustedSince())).some((known) => addressKey(known) === key);
  }

  async function login(attempt: LoginAttempt): Promise<{ token: string; user: AuthUser }> {
    // PostgreSQL text cannot hold U+0000: such a username names nobody, and in a query it would fail (a 500).
    const user = attempt.username.includes('\u0000') ? undefined : await findUserByUsername(db, attempt.username);
    const trustedIp = user ? await isKnownAddress(user.id, attempt.ip) : false;
    const passwordHash = user?.password_hash ?? (await dummyHash);
    // An unknown user runs the same reservation and the same scrypt: same time, same answer.
    const passwordOk = await throttle.attempt(
      { ip: attempt.ip, username: attempt.username, trustedIp },
      async () => (await verifyPassword(attempt.password, passwordHash)) && user !== undefined,
    );
    if (!user || !passwordOk) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    const token = await openSession(user.id, attempt.ip, attempt.userAgent);
    return { token, user: { id: user.id, username: user.username } };
  }

  async function openSession(userId: number, ip: string | null, userAgent: string | null): Promise<string> {
    const token = newSecretToken();
    const now = clock.now();
    await insertSession(db, {
      userId,
      tokenHash: hashSecretToken(token),
      ip,
      userAgent,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + deps.sessionTtlHours * 3_600_000).toISOString(),
    });
    return token;
  }

  /** The session behind a bearer token, or null when it is malformed, unknown, expired or revoked. */
  async function authenticate(token: string): Promise<AuthSession | null> {
    if (!isSecretToken(token)) return null;
    const row = await findActiveSession(db, hashSecretToken(token), clock.now().toISOString());
    return row ? { sessionId: row.sessionId, user: { id: row.userId, username: row.username } } : null;
  }

  async function logout(session: AuthSession): Promise<void> {
    await revokeSession(db, session.sessionId, clock.now().toISOString());
  }

  /** "Esci da tutti i dispositivi": every session of the user ends, this one included. */
  async function logoutEverywhere(session: AuthSession): Promise<{ ok: true; revoked: number }> {
    return { ok: true, revoked: await revokeAllSessions(db, session.user.id, clock.now().toISOString()) };
  }

  /**
   * Housekeeping: deletes ended sessions once the trusted-IP check no longer reads them (it looks at
   * sign-ins of the last TRUSTED_IP_DAYS days, ended or not) and throttle counters that hold nothing.
   */
  async function purgeStale(): Promise<{ sessions: number; throttleRows: number }> {
    const sessions = await deleteEndedSessions(db, clock.now().toISOString(), trustedSince());
    return { sessions, throttleRows: await throttle.purgeForgotten() };
  }

  /** Checks in the spec's order; a wrong current password is a 400 so the client does not log out. */
  async function changePassword(session: AuthSession, input: { currentPassword: string; newPassword: string }, ip: string) {
    if (!input.currentPassword) throw new AppError('VALIDATION_ERROR', PASSWORD_MESSAGES.currentRequired);
    const violations = passwordViolations(input.newPassword);
    if (violations.length > 0) throw new AppError('VALIDATION_ERROR', PASSWORD_MESSAGES.weak, { details: violations });
    if (input.newPassword === input.currentPassword) throw new AppError('VALIDATION_ERROR', PASSWORD_MESSAGES.mustDiffer);

    const user = await findUserById(db, session.user.id);
    if (!user) throw new AppError('UNAUTHORIZED', 'Sessione non valida o scaduta');
    // Guessing the current password with a stolen token is throttled like a login, known device or not.
    const currentOk = await throttle.attempt({ ip, username: user.username, trustedIp: false }, () =>
      verifyPassword(input.currentPassword, user.password_hash),
    );
    if (!currentOk) throw new AppError('INVALID_CURRENT_PASSWORD', PASSWORD_MESSAGES.currentInvalid);

    const hash = await hashPassword(input.newPassword, scryptCost);
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      await updateUserPassword(trx, user.id, hash, now);
      await revokeOtherSessions(trx, user.id, session.sessionId, now);
    });
    return { ok: true as const, message: PASSWORD_MESSAGES.changed };
  }

  /**
   * Creates the first admin on an empty database: from ADMIN_USERNAME/ADMIN_PASSWORD, or 'admin' with a
   * random strong password returned so start-up can print it once. Never a fixed default password.
   */
  async function ensureFirstAdmin(configured: { username: string; password: string } | null) {
    if ((await countUsers(db)) > 0) return null;
    const credentials = configured ?? { username: 'admin', password: generateStrongPassword() };
    try {
      await insertUser(db, credentials.username, await hashPassword(credentials.password, scryptCost), clock.now().toISOString());
    } catch (error) {
      if (isUniqueViolation(error)) return null; // another process created it first
      throw error;
    }
    return { ...credentials, generated: configured === null };
  }

  return { login, authenticate, logout, logoutEverywhere, changePassword, ensureFirstAdmin, purgeStale };
}

export type AuthService = ReturnType<typeof createAuthService>;
