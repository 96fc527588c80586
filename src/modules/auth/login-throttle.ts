/**
 * Login throttling (docs/decisions/003-login-throttling.md). Two independent counters, both
 * time-bounded so nobody is locked out for good:
 *
 * - per IP: at most IP_MAX_FAILURES failures within IP_WINDOW; further attempts wait for the window's end;
 * - per username: after USER_FREE_FAILURES failures the account is slowed down with a block that
 *   doubles on each further failure, capped at USER_MAX_BLOCK. Blocked attempts are refused before the
 *   password is checked and do not extend the block. At most MAX_CONCURRENT_CHECKS password checks of
 *   one username run at once, across every process and instance.
 *
 * Every attempt is reserved BEFORE the ~190 ms password check: one atomic statement per counter both
 * decides and counts it as a failure in advance; the outcome then settles it (a success clears the
 * username's failures and gives the address its attempt back; a failure stays counted). Parallel
 * guesses are therefore counted as they arrive, not after their hash, and cannot all slip through.
 *
 * The username block does not apply to an IP from which that user has signed in during the last
 * TRUSTED_IP_DAYS days, so an attacker guessing from elsewhere cannot lock the real admin out.
 *
 * Keys: an address by its addressKey (IPv6 per /64, since one subscriber holds a whole /64); a username by
 * an HMAC-SHA256 under a random server secret drawn once into the database, never by its text: whatever
 * a visitor types into the username field (a password, by mistake) must not stay on disk.
 */
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addressKey } from '../../common/address-key';
import { AppError } from '../../common/errors';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import { hit, prune, release, windowStartOf } from '../keyed-counters';
import { serverSecret } from '../secrets';
import {
  type BlockStep,
  clearUserFailures,
  deleteThrottleStatesUntouchedSince,
  findThrottleState,
  releaseUserSlot,
  reserveUserAttempt,
} from './login-throttle.repository';

const MINUTE = 60_000;
export const IP_MAX_FAILURES = 20;
export const IP_WINDOW_MS = 15 * MINUTE;
export const USER_FREE_FAILURES = 5;
export const USER_MAX_BLOCK_MS = 15 * MINUTE;
/** Failures older than this are forgotten; a row untouched for this long holds nothing and is purged. */
export const USER_MEMORY_MS = 24 * 60 * MINUTE;
export const TRUSTED_IP_DAYS = 30;
/** One author, two devices at the same instant at most; a check takes ~0.2 s, so a refused one retries in 1 s. */
export const MAX_CONCURRENT_CHECKS = 2;
/** A check never takes this long: a slot older than this belongs to a process that died mid-check. */
const IN_FLIGHT_LEASE_MS = 30_000;

/** The prefix of an address's counter among the keyed counters (modules/keyed-counters). */
export const IP_KEY_PREFIX = 'login:ip:';
/** Longest key part that fits `keyed_counters.key` (varchar(200)) with its prefix. */
const MAX_KEY_TEXT = 190;
const ipKey = (ip: string) => `${IP_KEY_PREFIX}${addressKey(ip).slice(0, MAX_KEY_TEXT)}`;
/** Name of the username HMAC's key in `server_secrets`. */
export const USERNAME_KEY_SECRET = 'login-throttle-username';

/** The counter key of a username: 'user:' + base64url HMAC-SHA256 (43 characters) of its lower case. */
export function usernameKey(secret: string, username: string): string {
  return `user:${createHmac('sha256', secret).update(username.toLowerCase()).digest('base64url')}`;
}

/** 5th failure → 1 minute, 6th → 2, 7th → 4, 8th → 8, from the 9th on → 15 (the cap). */
function userBlockSteps(now: number): BlockStep[] {
  const steps: BlockStep[] = [];
  for (let doublings = 0; ; doublings++) {
    const blockMs = Math.min(MINUTE * 2 ** doublings, USER_MAX_BLOCK_MS);
    steps.push({ fromFailures: USER_FREE_FAILURES + doublings, until: new Date(now + blockMs).toISOString() });
    if (blockMs === USER_MAX_BLOCK_MS) return steps;
  }
}

function retryAfterMessage(seconds: number): string {
  if (seconds < 60) return `Troppi tentativi di accesso. Riprova tra ${seconds} ${seconds === 1 ? 'secondo' : 'secondi'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Troppi tentativi di accesso. Riprova tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`;
}

function tooManyAttempts(untilMs: number, nowMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
  return new AppError('TOO_MANY_REQUESTS', retryAfterMessage(retryAfterSeconds), { retryAfterSeconds });
}

export interface ThrottledAttempt {
  ip: string;
  username: string;
  /** The user signed in from this IP recently: the username block does not apply. */
  trustedIp: boolean;
}

interface Reservation {
  ipKey: string;
  ipWindowStartedAt: string;
  userKey: string;
}

export function createLoginThrottle(db: Kysely<Database>, clock: Clock) {
  /** The username HMAC's key, read (or drawn) once per process; a failed read is retried by the next login. */
  const usernameSecret = serverSecret(db, clock, USERNAME_KEY_SECRET);

  /** Reserves the attempt on both counters, or throws 429 with the wait, counting nothing. */
  async function reserve(attempt: ThrottledAttempt): Promise<Reservation> {
    const nowMs = clock.now().getTime();
    const now = new Date(nowMs).toISOString();
    const keys = { ip: ipKey(attempt.ip), user: usernameKey(await usernameSecret(), attempt.username) };

    // The address's attempt is counted as a failure in advance, unless its window is used up.
    const address = await hit(db, keys.ip, { now, startedAfter: new Date(nowMs - IP_WINDOW_MS).toISOString(), max: IP_MAX_FAILURES });
    if (!address) {
      const windowStartedAt = await windowStartOf(db, keys.ip);
      throw tooManyAttempts(windowStartedAt ? Date.parse(windowStartedAt) + IP_WINDOW_MS : nowMs, nowMs);
    }

    const reserved = await reserveUserAttempt(db, {
      key: keys.user,
      now,
      forgetBefore: new Date(nowMs - USER_MEMORY_MS).toISOString(),
      blocks: userBlockSteps(nowMs),
      ignoreBlock: attempt.trustedIp,
      maxInFlight: MAX_CONCURRENT_CHECKS,
      inFlightUntil: new Date(nowMs + IN_FLIGHT_LEASE_MS).toISOString(),
    });
    if (!reserved) {
      // Refused attempts are not counted anywhere: the address gets its attempt back.
      await release(db, keys.ip, address.windowStartedAt, now);
      const state = await findThrottleState(db, keys.user);
      const blockedUntil = state?.blockedUntil ? Date.parse(state.blockedUntil) : 0;
      // Not blocked (or exempt): every check slot was taken; one lasts a fraction of a second.
      throw tooManyAttempts(!attempt.trustedIp && blockedUntil > nowMs ? blockedUntil : nowMs + 1000, nowMs);
    }
    return { ipKey: keys.ip, ipWindowStartedAt: address.windowStartedAt, userKey: keys.user };
  }

  async function settle(reservation: Reservation, succeeded: boolean): Promise<void> {
    const now = clock.now().toISOString();
    if (!succeeded) {
      await releaseUserSlot(db, reservation.userKey, now);
      return;
    }
    // Two independent counters, one atomic statement each: a crash between them only leaves the
    // address one failure too many, for at most its window.
    await clearUserFailures(db, reservation.userKey, now);
    await release(db, reservation.ipKey, reservation.ipWindowStartedAt, now);
  }

  /**
   * Runs `checkPassword` as a throttled attempt: refused with 429 (before the check) when the address
   * or the username has used up its attempts or the username's check slots are all taken.
   */
  async function attempt(attempt: ThrottledAttempt, checkPassword: () => Promise<boolean>): Promise<boolean> {
    const reservation = await reserve(attempt);
    let succeeded = false;
    try {
      succeeded = await checkPassword();
    } finally {
      await settle(reservation, succeeded);
    }
    return succeeded;
  }

  /** Deletes counters untouched for USER_MEMORY_MS: by then they hold no failure, block or slot. */
  async function purgeForgotten(): Promise<number> {
    const forgottenBefore = new Date(clock.now().getTime() - USER_MEMORY_MS).toISOString();
    return (await deleteThrottleStatesUntouchedSince(db, forgottenBefore)) + (await prune(db, IP_KEY_PREFIX, forgottenBefore));
  }

  return { attempt, purgeForgotten };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
