/**
 * Login throttling. Two independent counters, both time-bounded so nobody is locked out for good:
 *
 * - per IP: more than IP_MAX_FAILURES failures within IP_WINDOW blocks that IP until the window ends;
 * - per username: after USER_FREE_FAILURES failures the account is slowed down with a block that
 *   doubles on each further failure, capped at USER_MAX_BLOCK. Blocked attempts are refused before the
 *   password is checked and do not extend the block.
 *
 * The username block does not apply to an IP from which that user has signed in during the last
 * TRUSTED_IP_DAYS days, so an attacker guessing from elsewhere cannot lock the real admin out.
 * A successful login clears the username counter.
 */
import type { Kysely } from 'kysely';
import { AppError } from '../../common/errors';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';
import { clearThrottleState, findThrottleStates, saveThrottleState, type ThrottleState } from './login-throttle.repository';

const MINUTE = 60_000;
export const IP_MAX_FAILURES = 20;
export const IP_WINDOW_MS = 15 * MINUTE;
export const USER_FREE_FAILURES = 5;
export const USER_MAX_BLOCK_MS = 15 * MINUTE;
/** Failures older than this are forgotten. */
const USER_MEMORY_MS = 24 * 60 * MINUTE;
export const TRUSTED_IP_DAYS = 30;

const ipKey = (ip: string) => `ip:${ip}`;
const userKey = (username: string) => `user:${username.toLowerCase()}`;

function retryAfterMessage(seconds: number): string {
  if (seconds < 60) return `Troppi tentativi di accesso. Riprova tra ${seconds} secondi.`;
  const minutes = Math.ceil(seconds / 60);
  return `Troppi tentativi di accesso. Riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`;
}

export function createLoginThrottle(db: Kysely<Database>, clock: Clock) {
  async function states(ip: string, username: string) {
    const found = await findThrottleStates(db, [ipKey(ip), userKey(username)]);
    return { ip: found.find((s) => s.key === ipKey(ip)), user: found.find((s) => s.key === userKey(username)) };
  }

  /** Throws 429 when this attempt must be refused before the password is even checked. */
  async function assertAllowed(ip: string, username: string, trustedIp: boolean): Promise<void> {
    const now = clock.now().getTime();
    const current = await states(ip, username);
    const blocks = [current.ip?.blockedUntil, trustedIp ? null : current.user?.blockedUntil]
      .filter((until): until is string => !!until)
      .map((until) => Date.parse(until))
      .filter((until) => until > now);
    if (blocks.length === 0) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((Math.max(...blocks) - now) / 1000));
    throw new AppError('TOO_MANY_REQUESTS', retryAfterMessage(retryAfterSeconds), { retryAfterSeconds });
  }

  async function recordFailure(ip: string, username: string): Promise<void> {
    const nowDate = clock.now();
    const now = nowDate.getTime();
    const nowIso = nowDate.toISOString();
    const current = await states(ip, username);

    const ipState: ThrottleState =
      current.ip && now - Date.parse(current.ip.windowStartedAt) < IP_WINDOW_MS
        ? { ...current.ip, failures: current.ip.failures + 1 }
        : { key: ipKey(ip), failures: 1, windowStartedAt: nowIso, blockedUntil: null };
    if (ipState.failures >= IP_MAX_FAILURES) {
      ipState.blockedUntil = new Date(Date.parse(ipState.windowStartedAt) + IP_WINDOW_MS).toISOString();
    }

    const userState: ThrottleState =
      current.user && now - Date.parse(current.user.windowStartedAt) < USER_MEMORY_MS
        ? { ...current.user, failures: current.user.failures + 1 }
        : { key: userKey(username), failures: 1, windowStartedAt: nowIso, blockedUntil: null };
    if (userState.failures >= USER_FREE_FAILURES) {
      const blockMs = Math.min(MINUTE * 2 ** (userState.failures - USER_FREE_FAILURES), USER_MAX_BLOCK_MS);
      userState.blockedUntil = new Date(now + blockMs).toISOString();
    }

    await db.transaction().execute(async (trx) => {
      await saveThrottleState(trx, ipState, nowIso);
      await saveThrottleState(trx, userState, nowIso);
    });
  }

  async function recordSuccess(username: string): Promise<void> {
    await clearThrottleState(db, userKey(username));
  }

  return { assertAllowed, recordFailure, recordSuccess };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
