/**
 * The deals' Telegram channel (decision 046) on SQLite and PostgreSQL, against a fake Bot API over real HTTP:
 * one post per deal with its fields, none again at the same price, one again after a new low; two processes
 * (two instances on PostgreSQL) sending at once post each once; two instances deciding at once enqueue one
 * post; a 429's retry_after is honoured by every sender; the hourly cap holds; a sender killed mid-send loses
 * no post and repeats at most the one in flight; 401 and 400 show on the dashboard without the token.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AFFILIATE_DISCLOSURE } from '../../src/common/price-freshness';
import { createDealsService, type DealsService } from '../../src/modules/deals';
import { dealStatsResponseSchema } from '../../src/modules/deals/deals.schema';
import { POST_LEASE_MS } from '../../src/modules/deals/send-deal-posts';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { FAKE_TELEGRAM_CHAT, FAKE_TELEGRAM_TOKEN, startFakeTelegram, type FakeTelegram } from '../fakes/telegram-bot-api';
import { expectConsole } from '../helpers/console-guard';
import { nodeArgsFor, PROJECT_ROOT } from '../helpers/child-entries';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, openSecondInstance, type TestContext } from '../helpers/test-app';
import { clearDealTables, CPU, createBuild, GPU, RAM, refreshBuild, seedHistory, setPrices } from './deals-fixtures';

let fake: FakeCreatorsApi;
let telegram: FakeTelegram;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startFakeCreatorsApi();
  telegram = await startFakeTelegram();
  ctx = await createTestContext({
    ...retailerEnv(fake),
    SITE_NAME: 'Build PC',
    TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM_TOKEN,
    TELEGRAM_CHAT_ID: FAKE_TELEGRAM_CHAT,
    TELEGRAM_API_BASE_URL: telegram.url,
    TELEGRAM_MAX_POSTS_PER_HOUR: '1000',
  });
  token = await ctx.login();
});
afterAll(async () => {
  await ctx?.close();
  await telegram?.close();
  await fake?.close();
});
beforeEach(async () => {
  ctx.clock.offsetMs = 0;
  await clearDealTables(ctx);
  telegram.reset();
  setPrices(fake, { [CPU]: 200, [GPU]: 449, [RAM]: 109.5 });
});

/** A deals service of the test's database with its own settings (a cap, a token, a chat). */
function dealsWith(settings: { cap?: number; token?: string; chat?: string } = {}): DealsService {
  const base = ctx.config.deals.telegram!;
  const config = { ...ctx.config, deals: { ...ctx.config.deals, telegram: { ...base, maxPostsPerHour: settings.cap ?? base.maxPostsPerHour, botToken: settings.token ?? base.botToken, chatId: settings.chat ?? base.chatId } } };
  return createDealsService({ db: ctx.database.db, clock: ctx.clock, config, jobs: ctx.services.jobs, events: ctx.services.events });
}

async function enqueuePosts(count: number): Promise<string[]> {
  const now = ctx.clock.now().toISOString();
  const texts = Array.from({ length: count }, (_, index) => `Offerta di prova ${index + 1}`);
  await ctx.database.db.insertInto('telegram_outbox').values(texts.map((text, index) => ({ asin: `B0TEST${String(index).padStart(4, '0')}`, text_body: text, photo_url: null, next_attempt_at: now, created_at: now }))).execute();
  return texts;
}

const outboxRows = () => ctx.database.db.selectFrom('telegram_outbox').selectAll().orderBy('id').execute();
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

function startSender(cap: number) {
  const child: ChildProcess = spawn(process.execPath, [...nodeArgsFor('tests/deals/post-sender-child.ts'), ctx.databaseUrl, telegram.url, FAKE_TELEGRAM_TOKEN, FAKE_TELEGRAM_CHAT, String(cap)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (/^READY$/m.test(stdout)) resolve();
    });
    void exit.then(() => reject(new Error(`child exited before READY: ${stdout} ${stderr}`)));
  });
  const sent = exit.then(({ code }) => {
    const line = /^SENT (\d+)$/m.exec(stdout);
    if (code !== 0 || !line) throw new Error(`child exited with ${code}; stdout: ${stdout}; stderr: ${stderr}`);
    return Number(line[1]);
  });
  // The crash test kills the child: its count is then never read.
  sent.catch(() => undefined);
  return { child, ready, exit, sent, go: () => child.stdin!.end('GO\n') };
}

describe('posts of the deals', () => {
  it('posts a deal once with its fields, not again at the same price, again after a new low', async () => {
    const build = await createBuild(ctx, token, { title: 'PC del canale' });
    await seedHistory(ctx, CPU, 200);
    setPrices(fake, { [CPU]: 170 });
    await refreshBuild(ctx, token, build.id);
    expect(await outboxRows()).toHaveLength(1);
    expect(await ctx.services.deals.sendDue()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(telegram.received).toHaveLength(1);
    const text = spaces(telegram.received[0]!.text);
    expect(telegram.received[0]!.method).toBe('sendMessage');
    expect(text).toContain('AMD Ryzen 5 7600');
    expect(text).toMatch(/170,00 € su Amazon, prezzo rilevato il \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(text).toContain('−15 % rispetto al prezzo più basso degli ultimi 30 giorni (200,00 €)');
    expect(text).toContain(`PC del canale: http://localhost:3000/build/${build.slug}`);
    expect(text).toContain(AFFILIATE_DISCLOSURE);

    // The next refresh at the same price: still a deal, not posted again.
    await refreshBuild(ctx, token, build.id);
    expect(await outboxRows()).toHaveLength(1);
    // A new low: posted again.
    setPrices(fake, { [CPU]: 160 });
    await refreshBuild(ctx, token, build.id);
    expect(await outboxRows()).toHaveLength(2);
    expect(await ctx.services.deals.sendDue()).toMatchObject({ sent: 1 });
    expect(spaces(telegram.received[1]!.text)).toContain('160,00 €');
    expect(await ctx.services.deals.sendDue()).toMatchObject({ sent: 0 });
  });

  // On PostgreSQL the two decide at the same moment; on SQLite one file's write lock serialises them (BEGIN
  // IMMEDIATE), and two connections of one process cannot wait for each other (better-sqlite3 blocks the
  // event loop while it waits), so there they decide one after the other, as two processes would.
  it('two instances deciding the same deal enqueue one post', async () => {
    const build = await createBuild(ctx, token);
    await seedHistory(ctx, CPU, 200);
    setPrices(fake, { [CPU]: 170 });
    await refreshBuild(ctx, token, build.id);
    await ctx.database.db.deleteFrom('telegram_outbox').execute();
    await ctx.database.db.deleteFrom('deal_posts').execute();
    await ctx.database.db.deleteFrom('deals').execute();
    const second = openSecondInstance(ctx);
    try {
      const decide = [() => ctx.services.deals.recordForAsins([CPU]), () => second.services.deals.recordForAsins([CPU])];
      const results = ctx.dialect === 'postgres' ? await Promise.all(decide.map((run) => run())) : [await decide[0]!(), await decide[1]!()];
      expect(results.map((result) => result?.deals)).toEqual([1, 1]);
      expect(results.reduce((sum, result) => sum + (result?.posts ?? 0), 0)).toBe(1);
      expect(await outboxRows()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('two processes (two instances on PostgreSQL) sending at once post each deal exactly once', async () => {
    const texts = await enqueuePosts(12);
    const senders = [startSender(1000), startSender(1000)];
    await Promise.all(senders.map((sender) => sender.ready));
    for (const sender of senders) sender.go();
    const sent = await Promise.all(senders.map((sender) => sender.sent));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(12);
    expect(telegram.received.map((post) => post.text).sort()).toEqual([...texts].sort());
    expect((await outboxRows()).every((row) => row.status === 'sent')).toBe(true);
  }, 60_000);

  it('the hourly cap holds across senders; the rest wait for the hour', async () => {
    await enqueuePosts(5);
    const capped = [dealsWith({ cap: 2 }), dealsWith({ cap: 2 })];
    const rounds = await Promise.all(capped.map((deals) => deals.sendDue()));
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(2);
    expect(rounds.some((round) => round.stoppedBy === 'cap')).toBe(true);
    expect(telegram.received).toHaveLength(2);
    ctx.clock.advance(30 * 60_000);
    expect((await capped[0]!.sendDue()).sent).toBe(0);
    ctx.clock.advance(31 * 60_000);
    expect((await capped[1]!.sendDue()).sent).toBe(2);
    ctx.clock.advance(61 * 60_000);
    expect((await capped[0]!.sendDue()).sent).toBe(1);
    expect(telegram.received).toHaveLength(5);
  });

  it("honours a 429's retry_after in every sender", async () => {
    await enqueuePosts(2);
    telegram.rateLimitNext(1, 30);
    const first = await ctx.services.deals.sendDue();
    expect(first).toMatchObject({ sent: 0, retried: 1, stoppedBy: 'paused' });
    // Another sender (another process) waits too.
    expect(await dealsWith().sendDue()).toMatchObject({ sent: 0, stoppedBy: 'paused' });
    expect(telegram.attempts).toBe(1);
    ctx.clock.advance(29_000);
    expect((await dealsWith().sendDue()).sent).toBe(0);
    ctx.clock.advance(2_000);
    expect((await dealsWith().sendDue()).sent).toBe(2);
    expect(telegram.received.map((post) => post.text)).toEqual(['Offerta di prova 1', 'Offerta di prova 2']);
  });

  it('a sender killed mid-send loses no post and repeats at most the one in flight', async () => {
    const texts = await enqueuePosts(8);
    telegram.setReplyDelay(400);
    const sender = startSender(1000);
    await sender.ready;
    sender.go();
    const deadline = Date.now() + 30_000;
    while (telegram.received.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    sender.child.kill('SIGKILL');
    expect(await sender.exit).toEqual({ code: null, signal: 'SIGKILL' });
    telegram.setReplyDelay(0);
    // The post in flight stays leased to the dead process until its lease expires; the others go at once.
    const fresh = dealsWith();
    const first = await fresh.sendDue();
    ctx.clock.advance(POST_LEASE_MS + 1_000);
    const second = await fresh.sendDue();
    expect(second.sent).toBeLessThanOrEqual(1);
    expect(first.sent + second.sent).toBeGreaterThan(0);
    const counts = new Map<string, number>();
    for (const post of telegram.received) counts.set(post.text, (counts.get(post.text) ?? 0) + 1);
    expect(texts.filter((text) => !counts.has(text))).toEqual([]);
    expect([...counts.values()].filter((count) => count > 1).length).toBeLessThanOrEqual(1);
    expect((await outboxRows()).every((row) => row.status === 'sent')).toBe(true);
  }, 60_000);

  it('a bad token (401) or an unknown chat (400) shows on the dashboard and in the log, without the token', async () => {
    await enqueuePosts(2);
    expectConsole('error', /^\[telegram\] post dell'offerta B0TEST0000 non pubblicato: Telegram ha rifiutato il messaggio \(401\): Unauthorized$/);
    const badToken = '999999:WRONG-token';
    expect(await dealsWith({ token: badToken }).sendDue()).toMatchObject({ sent: 0, failed: 1 });
    expectConsole('error', /^\[telegram\] post dell'offerta B0TEST0001 non pubblicato: Telegram ha rifiutato il messaggio \(400\): Bad Request: chat not found$/);
    expect(await dealsWith({ chat: '@nessuno' }).sendDue()).toMatchObject({ sent: 0, failed: 1 });

    const admin = await ctx.request('GET', '/api/admin/deals/stats', { token });
    expect(admin.status).toBe(200);
    const stats = dealStatsResponseSchema.parse(admin.body);
    expect(stats.telegram).toMatchObject({ enabled: true, sent: 0, waiting: 0, failed: 2 });
    expect(stats.telegram.last_failure?.error).toContain('chat not found');
    const rows = await outboxRows();
    for (const row of rows) {
      expect(row.last_error).not.toContain(badToken);
      expect(row.last_error).not.toContain(FAKE_TELEGRAM_TOKEN);
    }
    expect(JSON.stringify(admin.body)).not.toContain('WRONG');
    expect((await ctx.request('GET', '/api/admin/deals/stats')).status).toBe(401);
  });
});
