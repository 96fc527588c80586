/**
 * /api/auth/*: login, verify, logout, expiry, change-password, throttling and request logging
 * (api-contract.md, sections Conventions and Auth). Every test that changes state gets its own context.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCTION_SCRYPT_COST, verifyPassword } from '../../src/modules/auth/password-hash';
import { createServices } from '../../src/modules/services';
import { ADMIN, type ApiResponse, type TestContext, useFreshContext } from '../helpers/test-app';

// ---------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------

const INVALID_CREDENTIALS = 'Credenziali non valide';
const STRONG_NEW_PASSWORD = 'N3w!Passw0rd#Strong';
const WRONG_PASSWORD = 'Wr0ng!Password#1';

let ipCounter = 0;
/** An IP address never used before in this file, so per-IP throttling never interferes by accident. */
function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

function attemptLogin(ctx: TestContext, username: string, password: string, ip = freshIp()): Promise<ApiResponse> {
  return ctx.request('POST', '/api/auth/login', { body: { username, password }, headers: { 'X-Forwarded-For': ip } });
}

function verify(ctx: TestContext, token: string): Promise<ApiResponse> {
  return ctx.request('GET', '/api/auth/verify', { token });
}

function changePassword(ctx: TestContext, token: string, body: unknown): Promise<ApiResponse> {
  return ctx.request('POST', '/api/auth/change-password', { token, body });
}

function expectError(response: ApiResponse, status: number, code: string, message: string): void {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  expect(response.body.error).toMatchObject({ code, message });
}

function expectTooManyRequests(response: ApiResponse): number {
  expect(response.status).toBe(429);
  expect(response.body.error.code).toBe('TOO_MANY_REQUESTS');
  expect(response.body.error.message).toContain('Riprova');
  const retryAfter = response.headers.get('retry-after');
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  return Number(retryAfter);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

// ---------------------------------------------------------------------------------------------------
// Login and verify
// ---------------------------------------------------------------------------------------------------

describe('POST /api/auth/login', () => {
  const ctx = useFreshContext();

  it('returns a random base64url token and the user, and the token works on /verify', async () => {
    const response = await attemptLogin(ctx(), ADMIN.username, ADMIN.password);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ token: expect.any(String), user: { id: expect.any(Number), username: ADMIN.username } });
    const { token, user } = response.body;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const verified = await verify(ctx(), token);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ user: { id: user.id, username: ADMIN.username } });

    const second = await attemptLogin(ctx(), ADMIN.username, ADMIN.password);
    expect(second.status).toBe(200);
    expect(second.body.token).not.toBe(token);
  });

  it('stores only a hash of the token, never the token itself', async () => {
    const token = await ctx().login();
    const rows = await ctx().database.db.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBe(1);
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        expect(value, `sessions.${column}`).not.toBe(token);
        if (typeof value === 'string') expect(value.includes(token), `sessions.${column} contains the token`).toBe(false);
      }
    }
  });

  it.each([
    ['missing username', { password: ADMIN.password }],
    ['missing password', { username: ADMIN.username }],
    ['empty body object', {}],
    ['empty username', { username: '', password: ADMIN.password }],
    ['blank username', { username: '   ', password: ADMIN.password }],
    ['empty password', { username: ADMIN.username, password: '' }],
    ['both empty', { username: '', password: '' }],
    ['non-string fields', { username: 42, password: true }],
  ])('answers 400 with an Italian message for %s', async (_label, body) => {
    const response = await ctx().request('POST', '/api/auth/login', { body });
    expectError(response, 400, 'VALIDATION_ERROR', 'Username e password sono obbligatori');
  });

  it('answers 400 with an Italian message for a body that is not JSON', async () => {
    for (const rawBody of ['{"username": "admin", "password": ', 'username=admin&password=x', '']) {
      const response = await ctx().request('POST', '/api/auth/login', {
        rawBody,
        headers: { 'Content-Type': 'application/json' },
      });
      expectError(response, 400, 'INVALID_JSON', 'Il corpo della richiesta non è un JSON valido');
    }
  });

  it('answers 415 with an Italian message for a wrong or missing Content-Type', async () => {
    const rawBody = JSON.stringify(ADMIN);
    const contentTypes: Record<string, string>[] = [{ 'Content-Type': 'text/plain' }, { 'Content-Type': 'application/x-www-form-urlencoded' }, {}];
    for (const headers of contentTypes) {
      const response = await ctx().request('POST', '/api/auth/login', { rawBody, headers });
      expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Invia i dati in formato JSON (Content-Type: application/json)');
    }
  });

  it('gives the same 401 for a wrong password and for an unknown user', async () => {
    const wrongPassword = await attemptLogin(ctx(), ADMIN.username, WRONG_PASSWORD);
    const unknownUser = await attemptLogin(ctx(), 'nobody-here', WRONG_PASSWORD);
    expectError(wrongPassword, 401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    expectError(unknownUser, 401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(Object.keys(wrongPassword.body)).toEqual(['error']);
  });
});

describe("scrypt at production's cost", () => {
  // The rest of the suite hashes at TEST_SCRYPT_COST (tests/helpers/test-scrypt.ts); these run real scrypt.
  const ctx = useFreshContext({}, { scryptCost: PRODUCTION_SCRYPT_COST });

  it('hashes new passwords at N = 2^15, r = 8, p = 1 unless a cost is injected', async () => {
    expect(PRODUCTION_SCRYPT_COST).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    // The services as the server builds them (bootstrap.ts passes no cost): the first admin, then a password change.
    const { db } = ctx().database;
    const auth = createServices({ db, config: ctx().config }).auth;
    await db.deleteFrom('users').execute();
    await auth.ensureFirstAdmin(ADMIN);
    const storedHash = async () => (await db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow()).password_hash;
    expect(await storedHash()).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    const { token } = await auth.login({ ...ADMIN, ip: freshIp(), userAgent: null });
    const session = await auth.authenticate(token);
    await auth.changePassword(session!, { currentPassword: ADMIN.password, newPassword: STRONG_NEW_PASSWORD }, freshIp());
    expect(await storedHash()).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword(STRONG_NEW_PASSWORD, await storedHash())).toBe(true);
  });

  it('takes similar time for a wrong password and an unknown user (both run scrypt)', async () => {
    await attemptLogin(ctx(), 'warm-up-user', WRONG_PASSWORD); // first-request costs out of the measurement
    const wrongPassword: number[] = [];
    const unknownUser: number[] = [];
    // Interleaved, 4 of each (admin stays below the 5 free failures), each from its own IP.
    for (let i = 0; i < 4; i++) {
      const a = await timed(() => attemptLogin(ctx(), ADMIN.username, `${WRONG_PASSWORD}${i}`));
      const b = await timed(() => attemptLogin(ctx(), `unknown-user-${i}`, `${WRONG_PASSWORD}${i}`));
      expect(a.result.status).toBe(401);
      expect(b.result.status).toBe(401);
      wrongPassword.push(a.ms);
      unknownUser.push(b.ms);
    }
    const [fast, slow] = [median(wrongPassword), median(unknownUser)].sort((x, y) => x - y) as [number, number];
    expect(slow, `medians: wrong password ${median(wrongPassword)}ms, unknown user ${median(unknownUser)}ms`).toBeLessThan(3 * fast);
  });
});

// ---------------------------------------------------------------------------------------------------
// Logout and expiry
// ---------------------------------------------------------------------------------------------------

describe('POST /api/auth/logout', () => {
  const ctx = useFreshContext();

  it('answers {ok:true} and the token stops working everywhere', async () => {
    const token = await ctx().login();
    const other = await ctx().login();
    expect((await verify(ctx(), token)).status).toBe(200);

    const logout = await ctx().request('POST', '/api/auth/logout', { token });
    expect(logout.status).toBe(200);
    expect(logout.body).toMatchObject({ ok: true });

    expect((await verify(ctx(), token)).status).toBe(401);
    expect((await ctx().request('GET', '/api/admin/builds', { token })).status).toBe(401);
    const again = await ctx().request('POST', '/api/auth/logout', { token });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('UNAUTHORIZED');

    // Only that session ends.
    expect((await verify(ctx(), other)).status).toBe(200);
  });
});

describe('session expiry', () => {
  const ctx = useFreshContext();

  it('accepts the token until the TTL and refuses it with 401 after', async () => {
    const token = await ctx().login();
    const ttlMs = ctx().config.sessionTtlHours * 3600 * 1000;

    ctx().clock.advance(ttlMs - 60_000);
    expect((await verify(ctx(), token)).status).toBe(200);

    ctx().clock.advance(60_000 + 1000); // now TTL + 1 s after login
    const expired = await verify(ctx(), token);
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('UNAUTHORIZED');
    expect((await ctx().request('GET', '/api/admin/builds', { token })).status).toBe(401);

    // Signing in again still works.
    expect((await verify(ctx(), await ctx().login())).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------
// Change password
// ---------------------------------------------------------------------------------------------------

describe('POST /api/auth/change-password', () => {
  const ctx = useFreshContext();

  it('refuses an empty current password first: 400 "Inserisci la password corrente"', async () => {
    const token = await ctx().login();
    for (const body of [{ currentPassword: '', newPassword: 'abc' }, { newPassword: STRONG_NEW_PASSWORD }, {}]) {
      const response = await changePassword(ctx(), token, body);
      expectError(response, 400, 'VALIDATION_ERROR', 'Inserisci la password corrente');
    }
  });

  it('refuses a weak new password with details = exactly the broken rules, in order', async () => {
    const token = await ctx().login();
    const cases: [string, string[]][] = [
      ['abc', ['Minimo 8 caratteri', 'Almeno una lettera maiuscola', 'Almeno un numero', 'Almeno un carattere speciale (!@#$%...)']],
      ['', ['Minimo 8 caratteri', 'Almeno una lettera maiuscola', 'Almeno una lettera minuscola', 'Almeno un numero', 'Almeno un carattere speciale (!@#$%...)']],
      ['abcdefgh1!', ['Almeno una lettera maiuscola']],
      ['ABCDEFGH1!', ['Almeno una lettera minuscola']],
      ['Abcdefgh!!', ['Almeno un numero']],
      ['Abcdefgh12', ['Almeno un carattere speciale (!@#$%...)']],
    ];
    for (const [newPassword, details] of cases) {
      const response = await changePassword(ctx(), token, { currentPassword: ADMIN.password, newPassword });
      expectError(response, 400, 'VALIDATION_ERROR', 'La password non soddisfa i requisiti di sicurezza');
      expect(response.body.error.details, `details for ${JSON.stringify(newPassword)}`).toEqual(details);
    }
    // The rules are checked before the current password: a wrong one still gets the rules message.
    const wrongCurrent = await changePassword(ctx(), token, { currentPassword: WRONG_PASSWORD, newPassword: 'abc' });
    expectError(wrongCurrent, 400, 'VALIDATION_ERROR', 'La password non soddisfa i requisiti di sicurezza');
  });

  it('refuses a new password equal to the current one', async () => {
    const token = await ctx().login();
    const response = await changePassword(ctx(), token, { currentPassword: ADMIN.password, newPassword: ADMIN.password });
    expectError(response, 400, 'VALIDATION_ERROR', 'La nuova password deve essere diversa da quella corrente');
    // Checked before the current password is verified.
    const wrongBoth = await changePassword(ctx(), token, { currentPassword: WRONG_PASSWORD, newPassword: WRONG_PASSWORD });
    expectError(wrongBoth, 400, 'VALIDATION_ERROR', 'La nuova password deve essere diversa da quella corrente');
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('answers 400 (not 401) for a wrong current password and keeps the session', async () => {
    const token = await ctx().login();
    const response = await changePassword(ctx(), token, { currentPassword: WRONG_PASSWORD, newPassword: STRONG_NEW_PASSWORD });
    expectError(response, 400, 'INVALID_CURRENT_PASSWORD', 'Password corrente non valida');
    expect((await verify(ctx(), token)).status).toBe(200);
    // Nothing changed.
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password)).status).toBe(200);
    expect((await attemptLogin(ctx(), ADMIN.username, STRONG_NEW_PASSWORD)).status).toBe(401);
  });

  it('changes the password, keeps the current session and revokes the other ones', async () => {
    const current = await ctx().login(ADMIN, freshIp());
    const other = await ctx().login(ADMIN, freshIp());

    const response = await changePassword(ctx(), current, { currentPassword: ADMIN.password, newPassword: STRONG_NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ok: true, message: 'Password aggiornata con successo!' });

    expectError(await attemptLogin(ctx(), ADMIN.username, ADMIN.password), 401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    const relogin = await attemptLogin(ctx(), ADMIN.username, STRONG_NEW_PASSWORD);
    expect(relogin.status).toBe(200);
    expect((await verify(ctx(), relogin.body.token)).status).toBe(200);

    expect((await verify(ctx(), current)).status).toBe(200);
    const revoked = await verify(ctx(), other);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('UNAUTHORIZED');
  });

  it('answers 401 without a valid session', async () => {
    const response = await changePassword(ctx(), 'not-a-token', { currentPassword: ADMIN.password, newPassword: STRONG_NEW_PASSWORD });
    expect(response.status).toBe(401);
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------
// Throttling
// ---------------------------------------------------------------------------------------------------

describe('login throttling per username', () => {
  const ctx = useFreshContext();

  async function failAsAdmin(times: number): Promise<void> {
    for (let i = 0; i < times; i++) {
      expectError(await attemptLogin(ctx(), ADMIN.username, WRONG_PASSWORD), 401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
  }

  it('after 5 failures refuses even the correct password with 429 + Retry-After, for a while only', async () => {
    await failAsAdmin(5);

    const blocked = await attemptLogin(ctx(), ADMIN.username, ADMIN.password);
    const retryAfter = expectTooManyRequests(blocked);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    ctx().clock.advance(16 * 60 * 1000);
    const allowed = await attemptLogin(ctx(), ADMIN.username, ADMIN.password);
    expect(allowed.status).toBe(200);
    expect((await verify(ctx(), allowed.body.token)).status).toBe(200);
  });

  it('matches the username case-insensitively', async () => {
    await failAsAdmin(5);
    expectTooManyRequests(await attemptLogin(ctx(), ADMIN.username.toUpperCase(), WRONG_PASSWORD));
    expectTooManyRequests(await attemptLogin(ctx(), ADMIN.username, ADMIN.password));
  });

  it('never blocks for more than 15 minutes, however many failures', async () => {
    let failures = 0;
    while (failures < 10) {
      const response = await attemptLogin(ctx(), ADMIN.username, WRONG_PASSWORD);
      if (response.status === 429) {
        ctx().clock.advance((expectTooManyRequests(response) + 1) * 1000);
        continue;
      }
      expect(response.status).toBe(401);
      failures += 1;
    }
    const blocked = await attemptLogin(ctx(), ADMIN.username, ADMIN.password);
    expect(expectTooManyRequests(blocked)).toBeLessThanOrEqual(15 * 60);
    ctx().clock.advance(16 * 60 * 1000);
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('resets the counter on a successful login', async () => {
    await failAsAdmin(4);
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password)).status).toBe(200);
    await failAsAdmin(4); // 8 in total, but only 4 since the success
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('does not block the admin on an IP they signed in from before the attack', async () => {
    const trustedIp = freshIp();
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password, trustedIp)).status).toBe(200);

    const attack: number[] = [];
    for (let i = 0; i < 8; i++) attack.push((await attemptLogin(ctx(), ADMIN.username, WRONG_PASSWORD)).status);
    expect(attack.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(attack.slice(5)).toEqual([429, 429, 429]);

    // Blocked from anywhere else, even with the correct password...
    expectTooManyRequests(await attemptLogin(ctx(), ADMIN.username, ADMIN.password));
    // ...but not from the known IP.
    const admin = await attemptLogin(ctx(), ADMIN.username, ADMIN.password, trustedIp);
    expect(admin.status).toBe(200);
    expect((await verify(ctx(), admin.body.token)).status).toBe(200);
  });
});

describe('login throttling per IP', () => {
  const ctx = useFreshContext();

  it('blocks an IP after 20 failures with any usernames, but not the admin elsewhere', async () => {
    const attackerIp = freshIp();
    for (let i = 0; i < 20; i++) {
      const response = await attemptLogin(ctx(), `guess-${i}`, WRONG_PASSWORD, attackerIp);
      expectError(response, 401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    expectTooManyRequests(await attemptLogin(ctx(), 'guess-20', WRONG_PASSWORD, attackerIp));
    // Refused before the password is checked, so even correct credentials from that IP wait.
    expectTooManyRequests(await attemptLogin(ctx(), ADMIN.username, ADMIN.password, attackerIp));

    const admin = await attemptLogin(ctx(), ADMIN.username, ADMIN.password, freshIp());
    expect(admin.status).toBe(200);

    ctx().clock.advance(16 * 60 * 1000);
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password, attackerIp)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------
// Request log
// ---------------------------------------------------------------------------------------------------

describe('request logging', () => {
  const ctx = useFreshContext({ LOG_REQUESTS: 'true' });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('logs one line per request and never a password or a token', async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => {
      lines.push(args.map((arg) => (typeof arg === 'string' ? arg : arg instanceof Error ? `${arg.message} ${arg.stack}` : JSON.stringify(arg))).join(' '));
    };
    for (const method of ['log', 'error', 'warn', 'info', 'debug'] as const) vi.spyOn(console, method).mockImplementation(capture);

    const login = await attemptLogin(ctx(), ADMIN.username, ADMIN.password);
    expect(login.status).toBe(200);
    const token: string = login.body.token;
    expect((await attemptLogin(ctx(), ADMIN.username, WRONG_PASSWORD)).status).toBe(401);
    expect((await ctx().request('GET', '/api/admin/builds', { token })).status).toBe(200);
    expect((await ctx().request('GET', `/api/builds?token=${token}&password=${encodeURIComponent(ADMIN.password)}`)).status).toBe(200);
    expect((await changePassword(ctx(), token, { currentPassword: ADMIN.password, newPassword: STRONG_NEW_PASSWORD })).status).toBe(200);

    expect(lines.some((line) => /^POST \/api\/auth\/login 200\b/.test(line)), lines.join('\n')).toBe(true);
    expect(lines.some((line) => /^POST \/api\/auth\/login 401\b/.test(line)), lines.join('\n')).toBe(true);
    expect(lines.some((line) => /^GET \/api\/admin\/builds 200\b/.test(line)), lines.join('\n')).toBe(true);
    for (const secret of [ADMIN.password, WRONG_PASSWORD, STRONG_NEW_PASSWORD, token]) {
      for (const line of lines) expect(line.includes(secret), `logged a secret: ${line}`).toBe(false);
    }
  });
});
