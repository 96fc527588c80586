/**
 * Login throttling under parallel requests (docs/decisions/003-login-throttling.md): attempts are
 * reserved before the password check, so parallel guesses are counted as they arrive; the per-user
 * limit holds across addresses and across two app instances on one database; at most
 * MAX_CONCURRENT_CHECKS password checks of one username run at once, and a process that dies
 * mid-check cannot hold its slot for ever. Also TRUST_PROXY as a hop count against spoofed
 * X-Forwarded-For entries. The sequential rules are in auth.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type AppError, isAppError } from '../../src/common/errors';
import { createLoginThrottle, MAX_CONCURRENT_CHECKS, USER_FREE_FAILURES } from '../../src/modules/auth/login-throttle';
import { ADMIN, type ApiResponse, type AppInstance, openSecondInstance, type TestContext, useFreshContext } from '../helpers/test-app';
import { throttleUserKey } from '../helpers/throttle-keys';

const WRONG_PASSWORD = 'Wr0ng!Password#1';
const PARALLEL = 60;

type Requester = Pick<AppInstance, 'request'>;

function attemptLogin(target: Requester, username: string, password: string, forwardedFor: string): Promise<ApiResponse> {
  return target.request('POST', '/api/auth/login', { body: { username, password }, headers: { 'X-Forwarded-For': forwardedFor } });
}

/** Every answer is a 401 or a 429 with a Retry-After of 1 s to 15 min; returns how many were 401. */
function countChecked(responses: ApiResponse[]): number {
  for (const response of responses) {
    expect([401, 429], JSON.stringify(response.body)).toContain(response.status);
    if (response.status === 401) expect(response.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Credenziali non valide' });
    if (response.status === 429) {
      expect(response.body.error.code).toBe('TOO_MANY_REQUESTS');
      expect(response.body.error.message).toMatch(/^Troppi tentativi di accesso\. Riprova tra \d+ (secondo|secondi|minuto|minuti)\.$/);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`).toBe(true);
    }
  }
  return responses.filter((response) => response.status === 401).length;
}

/** The failures counted under a username's key, or an address's ('ip:…', a keyed counter under 'login:'). */
async function failures(ctx: TestContext, key: string): Promise<number> {
  if (key.startsWith('ip:')) return addressFailures(ctx, key);
  const row = await ctx.database.db.selectFrom('login_throttle').select('failures').where('key', '=', key).executeTakeFirst();
  return Number(row?.failures ?? 0);
}

async function addressFailures(ctx: TestContext, key: string): Promise<number> {
  const row = await ctx.database.db.selectFrom('keyed_counters').select('count').where('key', '=', `login:${key}`).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The addresses' counters as [key, failures], the key without the feature's 'login:' prefix. */
async function addressRows(ctx: TestContext): Promise<[string, number][]> {
  const rows = await ctx.database.db.selectFrom('keyed_counters').select(['key', 'count']).where('key', 'like', 'login:ip:%').orderBy('key').execute();
  return rows.map((row) => [row.key.slice('login:'.length), Number(row.count)]);
}

/** The admin's counter key (an HMAC of the username, never the username itself). */
const adminKey = (ctx: TestContext) => throttleUserKey(ctx.database.db, ADMIN.username);

const range = (count: number) => Array.from({ length: count }, (_, i) => i);

/**
 * Bursts of 10 parallel wrong passwords for the admin, each from new addresses and spread over
 * `instances`, waiting out the 1 s "check slots busy" answer between bursts, until a burst meets only
 * the block. Returns how many passwords were checked (401) in all and the final Retry-After values.
 */
async function burstUntilBlocked(ctx: TestContext, instances: Requester[]): Promise<{ checked: number; waits: number[] }> {
  let checked = 0;
  for (let burst = 0; burst < 10; burst++) {
    const responses = await Promise.all(
      range(10).map((i) => attemptLogin(instances[i % instances.length]!, ADMIN.username, WRONG_PASSWORD, `203.0.113.${burst * 10 + i + 1}`)),
    );
    const thisBurst = countChecked(responses);
    checked += thisBurst;
    const waits = responses.filter((r) => r.status === 429).map((r) => Number(r.headers.get('retry-after')));
    if (thisBurst === 0 && Math.min(...waits) > 1) return { checked, waits };
    ctx.clock.advance(1000);
  }
  throw new Error(`never blocked after ${checked} checked passwords`);
}

describe('parallel wrong passwords for the admin', () => {
  const ctx = useFreshContext();

  it(`${PARALLEL} at once from one address: at most ${USER_FREE_FAILURES} × 401, the rest 429; the trusted address still signs in`, async () => {
    const trusted = '198.51.100.20';
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password, trusted)).status).toBe(200);

    const attacker = '203.0.113.50';
    const responses = await Promise.all(range(PARALLEL).map((i) => attemptLogin(ctx(), ADMIN.username, `${WRONG_PASSWORD}${i}`, attacker)));
    const checked = countChecked(responses);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(USER_FREE_FAILURES);
    // Exactly the checked attempts are counted: the refused ones were given back.
    expect(await failures(ctx(), await adminKey(ctx()))).toBe(checked);
    expect(await failures(ctx(), `ip:${attacker}`)).toBe(checked);

    const real = await attemptLogin(ctx(), ADMIN.username, ADMIN.password, trusted);
    expect(real.status).toBe(200);
    expect((await ctx().request('GET', '/api/auth/verify', { token: real.body.token })).status).toBe(200);
  });

  it(`${PARALLEL} at once from ${PARALLEL} addresses: the per-user limit holds`, async () => {
    const responses = await Promise.all(
      range(PARALLEL).map((i) => attemptLogin(ctx(), ADMIN.username, `${WRONG_PASSWORD}${i}`, `203.0.113.${i + 1}`)),
    );
    const checked = countChecked(responses);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(USER_FREE_FAILURES);
    expect(await failures(ctx(), await adminKey(ctx()))).toBe(checked);
  });

  it('bursts that wait out each Retry-After get exactly the free failures, then a block of about a minute', async () => {
    const { checked, waits } = await burstUntilBlocked(ctx(), [ctx()]);
    expect(checked).toBe(USER_FREE_FAILURES);
    expect(Math.max(...waits)).toBeLessThanOrEqual(60);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(55);
  });

  it('an unknown user is limited the same way', async () => {
    const responses = await Promise.all(range(30).map((i) => attemptLogin(ctx(), 'nobody-here', WRONG_PASSWORD, `203.0.113.${i + 1}`)));
    expect(countChecked(responses)).toBeLessThanOrEqual(USER_FREE_FAILURES);
  });

  it('a 200-character username answers 401, not a database error', async () => {
    const response = await attemptLogin(ctx(), 'é'.repeat(200), WRONG_PASSWORD, '203.0.113.7');
    expect(response.status).toBe(401);
  });
});

describe('two app instances on one database', () => {
  const ctx = useFreshContext();
  let second: AppInstance | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });

  it(`${PARALLEL} wrong passwords split between the instances: the per-user limit holds`, async () => {
    second = openSecondInstance(ctx());
    const instances: Requester[] = [ctx(), second];
    const responses = await Promise.all(
      range(PARALLEL).map((i) => attemptLogin(instances[i % 2]!, ADMIN.username, `${WRONG_PASSWORD}${i}`, `203.0.113.${i + 1}`)),
    );
    const checked = countChecked(responses);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(USER_FREE_FAILURES);
    expect(await failures(ctx(), await adminKey(ctx()))).toBe(checked);
  });

  it('bursts over both instances get exactly the free failures; then only a trusted address signs in, on either', async () => {
    second = openSecondInstance(ctx());
    const trusted = '198.51.100.30';
    expect((await attemptLogin(second, ADMIN.username, ADMIN.password, trusted)).status).toBe(200);

    const { checked } = await burstUntilBlocked(ctx(), [ctx(), second]);
    expect(checked).toBe(USER_FREE_FAILURES);
    // Blocked on both instances, even for the real password, from an address never used to sign in...
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password, '203.0.113.200')).status).toBe(429);
    expect((await attemptLogin(second, ADMIN.username, ADMIN.password, '203.0.113.201')).status).toBe(429);
    // ...but not from the address the admin signed in from before the attack.
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password, trusted)).status).toBe(200);
    expect((await attemptLogin(second, ADMIN.username, ADMIN.password, trusted)).status).toBe(200);
  });
});

describe(`at most ${MAX_CONCURRENT_CHECKS} password checks of one username at once`, () => {
  const ctx = useFreshContext();
  let second: AppInstance | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });

  /** A password check that lasts until the test ends it. */
  function heldCheck() {
    let finish!: (ok: boolean) => void;
    const result = new Promise<boolean>((resolve) => (finish = resolve));
    return { check: () => result, finish };
  }

  async function refusal(run: Promise<unknown>): Promise<AppError> {
    const error = await run.then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!isAppError(error, 'TOO_MANY_REQUESTS')) throw new Error(`expected a 429, got ${String(error)}`);
    return error;
  }

  it('refuses a third check while two run (also from another instance, also from a trusted address); a finished one frees its slot', async () => {
    second = openSecondInstance(ctx());
    const here = createLoginThrottle(ctx().database.db, ctx().clock);
    const there = createLoginThrottle(second.database.db, ctx().clock);
    const attempt = (ip: string, trustedIp = false) => ({ ip, username: 'admin', trustedIp });

    const held = [heldCheck(), heldCheck()];
    const running = [here.attempt(attempt('203.0.113.1'), held[0]!.check), there.attempt(attempt('203.0.113.2'), held[1]!.check)];
    await expect.poll(async () => Number((await ctx().database.db.selectFrom('login_throttle').select('in_flight').where('key', '=', await adminKey(ctx())).executeTakeFirst())?.in_flight)).toBe(2);

    const refused = await refusal(here.attempt(attempt('203.0.113.3'), async () => true));
    expect(refused.extras.retryAfterSeconds).toBe(1);
    expect(refused.message).toBe('Troppi tentativi di accesso. Riprova tra 1 secondo.');
    await refusal(there.attempt(attempt('198.51.100.40', true), async () => true));
    // The refused attempts were not counted as failures.
    expect(await failures(ctx(), await adminKey(ctx()))).toBe(2);

    held[0]!.finish(false);
    expect(await running[0]).toBe(false);
    expect(await there.attempt(attempt('203.0.113.4'), async () => false)).toBe(false);
    held[1]!.finish(false);
    expect(await running[1]).toBe(false);
    expect(await failures(ctx(), await adminKey(ctx()))).toBe(3);
  });

  it('slots of a process that died mid-check are free again after 30 s', async () => {
    second = openSecondInstance(ctx());
    const dying = createLoginThrottle(second.database.db, ctx().clock);
    const survivor = createLoginThrottle(ctx().database.db, ctx().clock);
    // Two checks that never end: their process is gone, nothing will ever release the slots.
    const never = () => new Promise<boolean>(() => undefined);
    void dying.attempt({ ip: '203.0.113.1', username: 'admin', trustedIp: false }, never);
    void dying.attempt({ ip: '203.0.113.2', username: 'admin', trustedIp: false }, never);
    await expect.poll(async () => Number((await ctx().database.db.selectFrom('login_throttle').select('in_flight').where('key', '=', await adminKey(ctx())).executeTakeFirst())?.in_flight)).toBe(2);

    await refusal(survivor.attempt({ ip: '203.0.113.3', username: 'admin', trustedIp: false }, async () => true));
    ctx().clock.advance(29_000);
    await refusal(survivor.attempt({ ip: '203.0.113.3', username: 'admin', trustedIp: false }, async () => true));
    ctx().clock.advance(2_000);
    expect(await survivor.attempt({ ip: '203.0.113.3', username: 'admin', trustedIp: false }, async () => true)).toBe(true);
    // The success cleared the failures and did not keep the dead slots.
    const row = await ctx().database.db.selectFrom('login_throttle').selectAll().where('key', '=', await adminKey(ctx())).executeTakeFirstOrThrow();
    expect({ failures: Number(row.failures), inFlight: Number(row.in_flight), blockedUntil: row.blocked_until }).toEqual({ failures: 0, inFlight: 0, blockedUntil: null });
  });

  it('answers 429 through the API while the slots are taken', async () => {
    const throttle = createLoginThrottle(ctx().database.db, ctx().clock);
    const held = [heldCheck(), heldCheck()];
    const running = held.map((h, i) => throttle.attempt({ ip: `203.0.113.${i + 1}`, username: 'admin', trustedIp: false }, h.check));
    await expect.poll(async () => Number((await ctx().database.db.selectFrom('login_throttle').select('in_flight').where('key', '=', await adminKey(ctx())).executeTakeFirst())?.in_flight)).toBe(2);

    const refused = await attemptLogin(ctx(), ADMIN.username, ADMIN.password, '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    for (const h of held) h.finish(false);
    await Promise.all(running);
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password, '203.0.113.9')).status).toBe(200);
  });
});

describe('TRUST_PROXY hop count against spoofed X-Forwarded-For entries', () => {
  describe('TRUST_PROXY=true (one proxy)', () => {
    const ctx = useFreshContext({ TRUST_PROXY: 'true' });

    it('rotating the left-most entry does not escape the per-address counter', async () => {
      const responses = await Promise.all(range(3).map((i) => attemptLogin(ctx(), `guess-${i}`, WRONG_PASSWORD, `10.9.${i}.1, 203.0.113.77`)));
      expect(countChecked(responses)).toBe(3);
      // One address, whatever the client wrote: its failures add up towards the limit of 20.
      expect(await addressRows(ctx())).toEqual([['ip:203.0.113.77', 3]]);
    });
  });

  describe('TRUST_PROXY=2 (a CDN in front of a load balancer)', () => {
    const ctx = useFreshContext({ TRUST_PROXY: '2' });

    it('reads the second entry from the right; the client-written ones are ignored', async () => {
      for (const spoof of ['1.1.1.1', '2.2.2.2, 3.3.3.3']) {
        expect((await attemptLogin(ctx(), 'nobody', WRONG_PASSWORD, `${spoof}, 203.0.113.88, 10.0.0.2`)).status).toBe(401);
      }
      // Fewer entries than hops: the request skipped the CDN; the left-most entry is the one our proxy wrote.
      expect((await attemptLogin(ctx(), 'nobody', WRONG_PASSWORD, '203.0.113.89')).status).toBe(401);
      expect(await addressRows(ctx())).toEqual([
        ['ip:203.0.113.88', 2],
        ['ip:203.0.113.89', 1],
      ]);
    });
  });
});
