/**
 * What the login throttle keeps (decision 003): a username is counted under an HMAC of it with a server
 * secret drawn once into the database, never as the text typed, so a password typed into the username
 * field is nowhere on disk; the lock still holds, whatever the case and whichever instance is asked. An
 * address is counted by its addressKey: IPv6 per /64. The migration drops clear-text rows of older versions.
 */
import { readFileSync, existsSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate';
import { IP_MAX_FAILURES, USER_FREE_FAILURES, USERNAME_KEY_SECRET, usernameKey } from '../../src/modules/auth/login-throttle';
import { ADMIN, type ApiResponse, type AppInstance, openSecondInstance, type TestContext, useFreshContext } from '../helpers/test-app';
import { throttleUserKey } from '../helpers/throttle-keys';

/** What a hurried author types into the username field: their password. */
const TYPED_PASSWORD = 'Tr0ub4dor&3-Segreto!';
const WRONG_PASSWORD = 'Wr0ng!Password#1';

function attemptLogin(target: Pick<AppInstance, 'request'>, username: string, forwardedFor: string): Promise<ApiResponse> {
  return target.request('POST', '/api/auth/login', { body: { username, password: WRONG_PASSWORD }, headers: { 'X-Forwarded-For': forwardedFor } });
}

/** Every value of every row of every table, as text. */
async function everythingStored(ctx: TestContext): Promise<string> {
  const tables = await ctx.database.db.introspection.getTables();
  const dumps: string[] = [];
  for (const table of tables) {
    const rows = await ctx.database.db.selectFrom(table.name as never).selectAll().execute();
    dumps.push(`${table.name}: ${JSON.stringify(rows)}`);
  }
  return dumps.join('\n');
}

/** The SQLite database's files as they are on disk (main file and write-ahead log); none on PostgreSQL. */
function sqliteFiles(ctx: TestContext): Buffer[] {
  const target = ctx.config.database;
  if (target.dialect !== 'sqlite') return [];
  return [target.filename, `${target.filename}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file));
}

/** The usernames' rows and the addresses' counters (keyed counters under 'login:'), by key. */
async function throttleRows(ctx: TestContext) {
  const users = await ctx.database.db.selectFrom('login_throttle').select(['key', 'failures']).execute();
  const addresses = await ctx.database.db.selectFrom('keyed_counters').select(['key', 'count as failures']).where('key', 'like', 'login:%').execute();
  return [...users, ...addresses].map((row) => ({ key: row.key, failures: Number(row.failures) })).sort((a, b) => (a.key < b.key ? -1 : 1));
}

describe('a username is counted by a keyed hash', () => {
  const ctx = useFreshContext();

  it('a password typed as the username is locked like any username and stored nowhere', async () => {
    for (let i = 0; i < USER_FREE_FAILURES; i++) expect((await attemptLogin(ctx(), TYPED_PASSWORD, '198.51.100.30')).status).toBe(401);
    // The username is locked, from a new address too and whatever the case.
    expect((await attemptLogin(ctx(), TYPED_PASSWORD, '198.51.100.30')).status).toBe(429);
    expect((await attemptLogin(ctx(), TYPED_PASSWORD.toUpperCase(), '198.51.100.31')).status).toBe(429);
    // Another username from the same address is not.
    expect((await attemptLogin(ctx(), 'someone-else', '198.51.100.30')).status).toBe(401);

    const key = await throttleUserKey(ctx().database.db, TYPED_PASSWORD);
    expect(key).toMatch(/^user:[A-Za-z0-9_-]{43}$/);
    expect(await throttleRows(ctx())).toEqual([
      { key: 'login:ip:198.51.100.30', failures: USER_FREE_FAILURES + 1 },
      // The refused attempt from .31 gave its address reservation back.
      { key: 'login:ip:198.51.100.31', failures: 0 },
      { key: await throttleUserKey(ctx().database.db, 'someone-else'), failures: 1 },
      { key, failures: USER_FREE_FAILURES },
    ].sort((a, b) => (a.key < b.key ? -1 : 1)));

    // No column of any table holds what was typed, in any case; nor do the SQLite files.
    const stored = (await everythingStored(ctx())).toLowerCase();
    expect(stored).toContain('login_throttle');
    for (const fragment of [TYPED_PASSWORD, 'someone-else']) expect(stored).not.toContain(fragment.toLowerCase());
    for (const file of sqliteFiles(ctx())) {
      for (const typed of [TYPED_PASSWORD, TYPED_PASSWORD.toLowerCase(), TYPED_PASSWORD.toUpperCase()]) expect(file.includes(Buffer.from(typed))).toBe(false);
    }
  });

  it('the key is the HMAC under the database secret, drawn once: changing the secret changes every key', async () => {
    expect((await attemptLogin(ctx(), 'Mario', '198.51.100.32')).status).toBe(401);
    const secrets = await ctx().database.db.selectFrom('server_secrets').selectAll().execute();
    expect(secrets.map((row) => row.name)).toEqual([USERNAME_KEY_SECRET]);
    expect(Buffer.from(secrets[0]!.secret, 'base64url')).toHaveLength(32);
    expect(usernameKey(secrets[0]!.secret, 'MARIO')).toBe(usernameKey(secrets[0]!.secret, 'mario'));
    expect(usernameKey('another secret', 'mario')).not.toBe(usernameKey(secrets[0]!.secret, 'mario'));
    expect((await throttleRows(ctx())).map((row) => row.key)).toContain(usernameKey(secrets[0]!.secret, 'mario'));
  });

  it('two instances draw one secret, even racing for it, and count one username together', async () => {
    const second = openSecondInstance(ctx());
    try {
      // Both start with no secret: their first sign-ins race to draw it.
      const first = await Promise.all([
        attemptLogin(ctx(), TYPED_PASSWORD, '203.0.113.1'),
        attemptLogin(second, TYPED_PASSWORD, '203.0.113.2'),
      ]);
      expect(first.map((response) => response.status).sort()).toEqual([401, 401]);
      expect(await ctx().database.db.selectFrom('server_secrets').selectAll().execute()).toHaveLength(1);

      for (let i = 2; i < USER_FREE_FAILURES; i++) {
        expect((await attemptLogin(i % 2 === 0 ? ctx() : second, TYPED_PASSWORD, `203.0.113.${i + 1}`)).status).toBe(401);
      }
      expect((await attemptLogin(second, TYPED_PASSWORD, '203.0.113.20')).status).toBe(429);
      expect((await attemptLogin(ctx(), TYPED_PASSWORD, '203.0.113.21')).status).toBe(429);
      const userRows = (await throttleRows(ctx())).filter((row) => row.key.startsWith('user:'));
      expect(userRows).toEqual([{ key: await throttleUserKey(ctx().database.db, TYPED_PASSWORD), failures: USER_FREE_FAILURES }]);
    } finally {
      await second.close();
    }
  });
});

describe('a username the database could not store', () => {
  const ctx = useFreshContext();

  it('one holding U+0000 is refused before any query: 400 in Italian, never a 500, nothing kept (PostgreSQL text refuses it)', async () => {
    const username = `admin\u0000${TYPED_PASSWORD}`;
    for (let i = 0; i < USER_FREE_FAILURES + 1; i++) {
      const response = await attemptLogin(ctx(), username, '198.51.100.40');
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('Il testo contiene un carattere non ammesso (U+0000)');
    }
    expect(await throttleRows(ctx())).toEqual([]);
  });
});

describe('per-address limit: IPv4 per address, IPv6 per /64', () => {
  const ctx = useFreshContext();

  it(`${IP_MAX_FAILURES} failures from addresses of one /64 use up that /64; another /64 is not affected`, async () => {
    // A new username each time, so that only the address limit can refuse.
    for (let i = 1; i <= IP_MAX_FAILURES; i++) {
      expect((await attemptLogin(ctx(), `guess-${i}`, `2001:db8:aa:bb::${i.toString(16)}`)).status).toBe(401);
    }
    const sameNetwork = await attemptLogin(ctx(), 'guess-next', '2001:db8:aa:bb:ffff:ffff:ffff:ffff');
    expect(sameNetwork.status).toBe(429);
    expect(sameNetwork.body.error.message).toMatch(/^Troppi tentativi di accesso\. Riprova tra \d+ minut/);
    expect((await attemptLogin(ctx(), 'guess-next', '2001:db8:aa:bc::1')).status).toBe(401);

    const addressRows = (await throttleRows(ctx())).filter((row) => row.key.startsWith('login:ip:'));
    expect(addressRows).toEqual([
      { key: 'login:ip:2001:db8:aa:bb::/64', failures: IP_MAX_FAILURES },
      { key: 'login:ip:2001:db8:aa:bc::/64', failures: 1 },
    ]);
  });

  it('IPv4 addresses count one by one, and an IPv4-mapped IPv6 address is its IPv4 address', async () => {
    expect((await attemptLogin(ctx(), 'a', '203.0.113.5')).status).toBe(401);
    expect((await attemptLogin(ctx(), 'b', '::ffff:203.0.113.5')).status).toBe(401);
    expect((await attemptLogin(ctx(), 'c', '203.0.113.6')).status).toBe(401);
    const addressRows = (await throttleRows(ctx())).filter((row) => row.key.startsWith('login:ip:'));
    expect(addressRows).toEqual([
      { key: 'login:ip:203.0.113.5', failures: 2 },
      { key: 'login:ip:203.0.113.6', failures: 1 },
    ]);
  });
});

describe('the known-device exemption compares addresses the same way', () => {
  const ctx = useFreshContext();

  it("an author who signed in from an IPv6 /64 gets through the username block from another address of it; another /64 waits", async () => {
    const signIn = (ip: string) => ctx().request('POST', '/api/auth/login', { body: ADMIN, headers: { 'X-Forwarded-For': ip } });
    expect((await signIn('2001:db8:5:6::10')).status).toBe(200);
    // Somebody elsewhere locks the admin's username.
    for (let i = 0; i < USER_FREE_FAILURES; i++) expect((await attemptLogin(ctx(), ADMIN.username, `203.0.113.${i + 1}`)).status).toBe(401);
    expect((await signIn('2001:db8:5:7::10')).status).toBe(429);
    // The author's device took a new privacy address in the same /64: still a known device.
    expect((await signIn('2001:db8:5:6:a1b2:c3d4:e5f6:789')).status).toBe(200);
  });
});

describe('the migration to keyed usernames', () => {
  const ctx = useFreshContext();

  it('drops the clear-text username rows an older version stored and keeps the address rows', async () => {
    const { db } = ctx().database;
    // Back to the schema before the migration, with rows as the older version wrote them.
    await db.deleteFrom('schema_migrations' as never).where(sql.ref('name'), '=', '0016-login-throttle-keyed-usernames').execute();
    await db.schema.dropTable('server_secrets').execute();
    const now = new Date().toISOString();
    const row = { failures: 3, window_started_at: now, blocked_until: null, in_flight: 0, in_flight_until: null, updated_at: now };
    await db.insertInto('login_throttle').values([{ key: `user:${TYPED_PASSWORD.toLowerCase()}`, ...row }, { key: 'ip:198.51.100.9', ...row }]).execute();

    expect((await migrateToLatest(db, ctx().database.dialect)).applied).toEqual(['0016-login-throttle-keyed-usernames']);
    expect(await throttleRows(ctx())).toEqual([{ key: 'ip:198.51.100.9', failures: 3 }]);
    expect(await db.selectFrom('server_secrets').selectAll().execute()).toEqual([]);
    // Sign-ins work on the migrated database, drawing the secret then.
    expect((await attemptLogin(ctx(), TYPED_PASSWORD, '198.51.100.9')).status).toBe(401);
    expect(await db.selectFrom('server_secrets').selectAll().execute()).toHaveLength(1);
  });
});
