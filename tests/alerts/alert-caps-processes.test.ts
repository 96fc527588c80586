/**
 * The caps on confirmation mails (decision 036) hold across two processes on one SQLite file and two
 * instances on one PostgreSQL: parallel requests, each sent to one of the two, for one recipient domain,
 * then for many domains, then for one build and mailbox. The mails the children enqueued are then sent by
 * this process's outbox sender over real SMTP to the fake server (tests/fakes/smtp-server.ts), which
 * counts what really went out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtpServer, startFakeSmtpServer } from '../fakes/smtp-server';
import { type AppServers, startAppServers } from '../helpers/app-servers';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';
import { testDialect } from '../helpers/test-database';

const CAPS = {
  ALERT_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '5',
  ALERT_CONFIRMATIONS_PER_DOMAIN_PER_DAY: '50',
  ALERT_CONFIRMATIONS_PER_HOUR: '12',
  ALERT_CONFIRMATIONS_PER_DAY: '100',
};
const CHILD_ENV = { ...CAPS, ALERT_ANSWER_MIN_MS: '20', TRUST_PROXY: 'true', MAIL_FROM: 'avvisi@example.test' };

let smtp: FakeSmtpServer;
let ctx: TestContext;
let servers: AppServers | null = null;
const slugs: string[] = [];

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: 'avvisi@example.test', ...CAPS });
  const token = await ctx.login();
  for (let i = 0; i < 3; i++) {
    const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: `Build contesa ${i}` }) });
    expect(created.status).toBe(201);
    slugs.push(created.body.build.slug);
  }
  const saved = { ...process.env };
  Object.assign(process.env, CHILD_ENV, { SMTP_URL: smtp.url });
  try {
    servers = await startAppServers(ctx.databaseUrl, 2);
  } finally {
    for (const name of [...Object.keys(CHILD_ENV), 'SMTP_URL']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
}, 120_000);
afterAll(async () => {
  await servers?.stop();
  ctx?.services.mail.close(); // the pooled SMTP connection, else the server waits for it to time out
  await ctx?.close();
  await smtp?.close();
});

let ipCounter = 0;
/** Every request from its own network (the children trust one proxy), sent to one of the two instances. */
function post(n: number, body: Record<string, unknown>) {
  return fetch(`${servers!.urls[n % 2]}/api/alerts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));
}

/** Sends what the children enqueued, through this process's sender, to the fake SMTP server. */
async function deliverAll(): Promise<string[]> {
  const before = smtp.received.length;
  for (let round = 0; round < 10; round++) {
    const result = await ctx.services.mail.sendDue();
    if (result.sent === 0) break;
  }
  return smtp.received.slice(before).flatMap((mail) => mail.to);
}

async function pendingRows(where: (email: string) => boolean) {
  const rows = await ctx.database.db.selectFrom('price_alerts').select(['email', 'build_id', 'mailbox']).execute();
  return rows.filter((row) => where(row.email));
}

describe(`confirmation-mail caps with two instances on one database (${testDialect})`, () => {
  it('one domain gets no more than its hourly cap from 20 parallel requests through both instances', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => post(n, { build: slugs[0], email: `persona${n}@uno.example` })));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await pendingRows((email) => email.endsWith('@uno.example'))).toHaveLength(5);
    const delivered = await deliverAll();
    expect(delivered.filter((to) => to.endsWith('@uno.example'))).toHaveLength(5);
  }, 60_000);

  it('the site gets no more than its hourly cap, counting the mails already sent this hour', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => post(n, { build: slugs[1], email: `nome@dominio${n}.example` })));
    expect(answers.every((a) => a.status === 202)).toBe(true);
    // 5 went to uno.example in the test above: 7 more fill the site's 12.
    expect(await pendingRows((email) => email.startsWith('nome@dominio'))).toHaveLength(7);
    expect(await deliverAll()).toHaveLength(7);
    const token = await ctx.login();
    const stats = await ctx.request('GET', '/api/admin/alerts/stats', { token });
    expect(stats.body.limits_reached.map((l: { scope: string; window: string; count: number }) => `${l.scope}/${l.window}/${l.count}`).sort()).toEqual(['domain/hour/1', 'site/hour/1']);
  }, 60_000);

  it('parallel repeats of one subscription through both instances store one pending alert', async () => {
    // The site's hour is full: a new one starts, as an hour later.
    await ctx.database.db.deleteFrom('keyed_counters').where('key', 'like', 'alerts:%').execute();
    const answers = await Promise.all(Array.from({ length: 16 }, (_, n) => post(n, { build: slugs[2], email: n % 2 ? 'stessa@tre.example' : 'Stessa+x@tre.example' })));
    expect(answers.every((a) => a.status === 202)).toBe(true);
    const rows = await pendingRows((email) => email.includes('@tre.example'));
    expect(rows.map((row) => row.mailbox)).toEqual(['stessa@tre.example']);
    expect(await deliverAll()).toHaveLength(1);
  }, 60_000);
});
