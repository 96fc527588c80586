/**
 * Housekeeping (modules/housekeeping, jobs/housekeeping-scheduler): deletes ended sessions once the
 * trusted-IP check no longer reads them and login throttle rows that hold nothing, under its own
 * lease (never waiting for price work), once per interval across instances.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startHousekeepingScheduler } from '../../src/schedulers/housekeeping-scheduler';
import { HOUSEKEEPING_JOB, HOUSEKEEPING_LEASE } from '../../src/modules/housekeeping/housekeeping.service';
import { PRICE_WORK_LEASE } from '../../src/modules/jobs/jobs.service';
import { ADMIN, type AppInstance, openSecondInstance, type TestContext, useFreshContext } from '../helpers/test-app';
import { throttleUserKey } from '../helpers/throttle-keys';

const DAY = 86_400_000;
const WRONG_PASSWORD = 'Wr0ng!Password#1';

function attemptLogin(ctx: TestContext, username: string, password: string, ip: string) {
  return ctx.request('POST', '/api/auth/login', { body: { username, password }, headers: { 'X-Forwarded-For': ip } });
}

async function sessionIps(ctx: TestContext): Promise<string[]> {
  const rows = await ctx.database.db.selectFrom('sessions').select('ip').orderBy('id').execute();
  return rows.map((row) => row.ip ?? '');
}

async function throttleKeys(ctx: TestContext): Promise<string[]> {
  const users = await ctx.database.db.selectFrom('login_throttle').select('key').execute();
  const addresses = await ctx.database.db.selectFrom('keyed_counters').select('key').where('key', 'like', 'login:%').execute();
  return [...users, ...addresses].map((row) => row.key).sort();
}

async function housekeepingRuns(ctx: TestContext) {
  return ctx.database.db.selectFrom('job_runs').selectAll().where('job', '=', HOUSEKEEPING_JOB).orderBy('id').execute();
}

/** A job that holds `lease` until the test releases it. */
function holdLease(instance: Pick<AppInstance, 'services'>, lease: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const done = instance.services.jobs.runExclusive('held-by-test', 'scheduled', async () => {
    started();
    await released;
    return { value: true, counts: {} };
  }, { lease });
  return { running, release, done };
}

describe('what the housekeeping deletes', () => {
  // Sessions last 40 days here, so one can still be active when it is older than the 30-day trusted window.
  const ctx = useFreshContext({ SESSION_TTL_HOURS: String(40 * 24) });

  it('ended sessions only once older than 30 days, and throttle rows untouched for a day; nothing else', async () => {
    const login = (ip: string) => ctx().login(ADMIN, ip);
    const logout = (token: string) => ctx().request('POST', '/api/auth/logout', { token });

    // Day 0
    await logout(await login('198.51.100.1')); // revoked
    const longLived = await login('198.51.100.2'); // active until day 40
    expect((await attemptLogin(ctx(), 'ghost', WRONG_PASSWORD, '203.0.113.9')).status).toBe(401);
    // Day 31
    ctx().clock.advance(31 * DAY);
    await logout(await login('198.51.100.4')); // revoked, but a sign-in of the last 30 days

    expect(await ctx().services.housekeeping.run()).toEqual({ sessions: 1, throttleRows: 4, clickRows: 0, alertRows: 0 });
    expect(await sessionIps(ctx())).toEqual(['198.51.100.2', '198.51.100.4']);
    expect(await throttleKeys(ctx())).toEqual(['login:ip:198.51.100.4', await throttleUserKey(ctx().database.db, ADMIN.username)]);
    expect((await ctx().request('GET', '/api/auth/verify', { token: longLived })).status).toBe(200);

    // Day 41: the 40-day session has expired; the day-31 one is still within the trusted window.
    ctx().clock.advance(10 * DAY);
    const current = await login('198.51.100.5');
    expect(await ctx().services.housekeeping.run()).toEqual({ sessions: 1, throttleRows: 1, clickRows: 0, alertRows: 0 });
    expect(await sessionIps(ctx())).toEqual(['198.51.100.4', '198.51.100.5']);
    expect(await throttleKeys(ctx())).toEqual(['login:ip:198.51.100.5', await throttleUserKey(ctx().database.db, ADMIN.username)]);
    expect((await ctx().request('GET', '/api/auth/verify', { token: current })).status).toBe(200);

    const runs = await housekeepingRuns(ctx());
    expect(runs.map((run) => [run.status, Number(run.total)])).toEqual([
      ['succeeded', 5],
      ['succeeded', 2],
    ]);
  });

  it('keeps what the trusted-IP exemption reads: a known address still signs in during an attack', async () => {
    const trusted = '198.51.100.10';
    await ctx().request('POST', '/api/auth/logout', { token: await ctx().login(ADMIN, trusted) });
    ctx().clock.advance(29 * DAY);
    await ctx().services.housekeeping.run();
    expect(await sessionIps(ctx())).toEqual([trusted]);

    let status = 401;
    for (let i = 0; status === 401 && i < 10; i++) status = (await attemptLogin(ctx(), ADMIN.username, WRONG_PASSWORD, `203.0.113.${i + 1}`)).status;
    expect(status).toBe(429);
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password, '203.0.113.50')).status).toBe(429);
    expect((await attemptLogin(ctx(), ADMIN.username, ADMIN.password, trusted)).status).toBe(200);
  });
});

describe('when the housekeeping runs', () => {
  const ctx = useFreshContext();
  let second: AppInstance | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });

  it('never waits for price work: it runs while the price lease is held', async () => {
    const prices = holdLease(ctx(), PRICE_WORK_LEASE);
    await prices.running;
    expect(await ctx().services.housekeeping.run()).toEqual({ sessions: 0, throttleRows: 0, clickRows: 0, alertRows: 0 });
    prices.release();
    expect(await prices.done).toBe(true);
  });

  it('one instance at a time: another instance holding the housekeeping lease makes this one skip', async () => {
    second = openSecondInstance(ctx());
    const other = holdLease(second, HOUSEKEEPING_LEASE);
    await other.running;
    expect(await ctx().services.housekeeping.run()).toBeNull();
    other.release();
    await other.done;
    expect(await ctx().services.housekeeping.run()).not.toBeNull();
  });

  it('two instances starting a round at the same moment: exactly one runs, one run is recorded', async () => {
    second = openSecondInstance(ctx());
    const results = await Promise.all([
      ctx().services.housekeeping.run({ minGapMs: 30 * 60_000 }),
      second.services.housekeeping.run({ minGapMs: 30 * 60_000 }),
    ]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect((await housekeepingRuns(ctx())).length).toBe(1);
  });

  it('once per gap across instances: a recent round on another instance makes this one skip', async () => {
    second = openSecondInstance(ctx());
    expect(await second.services.housekeeping.run({ minGapMs: 30 * 60_000 })).not.toBeNull();
    expect(await ctx().services.housekeeping.run({ minGapMs: 30 * 60_000 })).toBeNull();
    ctx().clock.advance(30 * 60_000);
    expect(await ctx().services.housekeeping.run({ minGapMs: 30 * 60_000 })).not.toBeNull();
    expect((await housekeepingRuns(ctx())).length).toBe(2);
  });

  it('the scheduler runs a first round soon after start, then every interval, and nothing after stop()', async () => {
    const scheduler = startHousekeepingScheduler(ctx().services.housekeeping, { firstRunMs: 20, intervalMs: 100 });
    try {
      await expect.poll(async () => (await housekeepingRuns(ctx())).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      await scheduler.stop();
    }
    const runs = await housekeepingRuns(ctx());
    expect(runs.every((run) => run.status === 'succeeded')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await housekeepingRuns(ctx())).length).toBe(runs.length);
  });
});
