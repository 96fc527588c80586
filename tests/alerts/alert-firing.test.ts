/**
 * Alerts fire from the price engine: subscribe → confirm → the fake retailer's prices
 * drop → a tier or a build refresh evaluates the alerts in its job → one mail per fired alert in the
 * outbox, the alert deleted; not fired above the target; a stock alert fires when its part is back in
 * stock; the sender delivers the mail over real SMTP to the fake server with the RFC 8058 headers; two
 * instances evaluating at once enqueue one mail per alert. Real app, real database, fake Creators API and
 * fake SMTP server over real network.
 */
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFFILIATE_DISCLOSURE, PRICE_DISCLAIMER } from '../../src/common/price-freshness';
import { startFakeCreatorsApi, type FakeCreatorsApi, type FakeItem } from '../fakes/creators-api';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/smtp-server';
import { expectConsole } from '../helpers/console-guard';
import { retailerEnv } from '../helpers/retailer-env';
import { databaseUrl } from '../helpers/app-servers';
import { nodeArgsFor, PROJECT_ROOT } from '../helpers/child-entries';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const DAY = 86_400_000;
const CPU = 'B0BMQJWBDM';
const GPU = 'B0F1XYZ123';
const RAM = 'B0C1234567';
/** sampleBuild's parts at the prices the author typed: 758,40 € in all. */
const BASE: Record<string, number> = { [CPU]: 199.9, [GPU]: 449, [RAM]: 109.5 };

let fake: FakeCreatorsApi;
let smtp: FakeSmtpServer;
let ctx: TestContext;
let token: string;
let ipCounter = 0;

function setPrices(prices: Record<string, number>, availability: Partial<Record<string, FakeItem['availability']>> = {}) {
  for (const [asin, price] of Object.entries(prices)) {
    fake.setItem({ asin, title: `Prodotto ${asin}`, brand: 'Marca', price, availability: availability[asin] ?? 'IN_STOCK' });
  }
}

beforeAll(async () => {
  fake = await startFakeCreatorsApi();
  smtp = await startFakeSmtpServer();
  ctx = await createTestContext({ ...retailerEnv(fake), SMTP_URL: smtp.url, MAIL_FROM: 'avvisi@example.test', PAGE_CACHE_MB: '0' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await fake?.close();
});

beforeEach(async () => {
  ctx.clock.offsetMs = 0;
  const db = ctx.database.db;
  for (const table of ['mail_outbox', 'price_alerts', 'keyed_counters', 'price_observations', 'price_days', 'job_runs', 'job_leases', 'components', 'builds'] as const) {
    await db.deleteFrom(table).execute();
  }
  setPrices(BASE);
  smtp.received.length = 0;
  token = await ctx.login();
});

async function createBuild(title = 'PC da avvisare') {
  const response = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title }) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.build as { id: number; slug: string; title: string; components: { id: number; name: string; asin: string }[] };
}

async function outbox(kind?: string) {
  let query = ctx.database.db.selectFrom('mail_outbox').selectAll().orderBy('id');
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.execute();
  // it-IT puts a no-break space before the € sign: plain spaces read better in the expectations.
  const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  return rows.map((row) => ({ kind: row.kind, to: row.recipient, subject: spaces(row.subject), text: spaces(row.text_body ?? ''), html: spaces(row.html_body ?? ''), headers: row.headers === null ? {} : (JSON.parse(row.headers) as Record<string, string>) }));
}

/** Subscribes through the API and confirms through the service, as the confirmation page's POST does. */
async function activeAlert(body: Record<string, unknown>): Promise<void> {
  const response = await ctx.request('POST', '/api/alerts', { body, headers: { 'X-Forwarded-For': `198.51.100.${++ipCounter % 250}` } });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  const text = (await outbox('alert-confirmation')).at(-1)!.text;
  const confirm = /\/avvisi\/conferma\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
  expect((await ctx.services.alerts.confirm(confirm))?.status).toBe('active');
}

/** tests/alerts/evaluate-child.ts: evaluates the alerts of `asins` once released by go(). */
function startEvaluateChild(url: string, asins: string[]) {
  const child = spawn(process.execPath, [...nodeArgsFor('tests/alerts/evaluate-child.ts'), url, asins.join(',')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<{ evaluated: number; fired: number }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const line = /^DONE (.+)$/m.exec(stdout);
      if (code !== 0 || !line) reject(new Error(`child exited with ${code ?? signal}; stdout: ${stdout}; stderr: ${stderr}`));
      else resolve(JSON.parse(line[1]!) as { evaluated: number; fired: number });
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (/^READY$/m.test(stdout)) resolve();
    });
    done.then(() => reject(new Error(`child finished before READY: ${stdout}`)), reject);
  });
  return { ready, done, go: () => child.stdin.end('GO\n'), kill: () => child.exitCode === null && child.kill('SIGKILL') };
}

/** The CPU's stored price falls by 100 € (the total from 758,40 € to 658,40 €), as a refresh would write it: alerts at 700 € then fire. */
async function dropStoredCpuPrice(buildId: number): Promise<void> {
  await ctx.database.db.updateTable('components').set({ price_cents: 9990 }).where('build_id', '=', buildId).where('asin', '=', CPU).execute();
}

async function alertRows() {
  return ctx.database.db.selectFrom('price_alerts').select(['email', 'status', 'component_id', 'max_total_cents']).orderBy('id').execute();
}

describe('price alerts fire from the price engine', () => {
  it('a tier refresh under the target enqueues one dated mail and deletes the alert; the sender delivers it over SMTP', async () => {
    const build = await createBuild();
    // A first refresh at today's prices, a day earlier: the history then knows a 30-day low.
    ctx.clock.offsetMs = -DAY;
    await ctx.services.pricing.refreshTier('C');
    ctx.clock.offsetMs = 0;
    await activeAlert({ build: build.slug, email: 'sotto@example.com', max_total: 700 });
    await activeAlert({ build: build.slug, email: 'troppo@example.com', max_total: 600 });

    setPrices({ [CPU]: 150, [GPU]: 400, [RAM]: 100 }); // 650,00 €
    await ctx.services.pricing.refreshTier('C');

    const mails = await outbox('alert');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe('sotto@example.com');
    expect(mail.subject).toContain('650,00');
    expect(mail.text).toContain(`PC da avvisare: http://localhost:3000/build/${build.slug}`);
    expect(mail.text).toContain('Totale attuale: 650,00 €');
    expect(mail.text).toMatch(/NVIDIA RTX 5060 Ti: 400,00 € \(prezzo rilevato il \d{1,2} \w+ 20\d\d\)/);
    expect(mail.text).toMatch(/NVIDIA RTX 5060 Ti: 400,00 € \(prezzo rilevato il [^)]+\)\n {2}Prezzo più basso negli ultimi 30 giorni: \d+,\d\d €/);
    expect(mail.text).toMatch(/Compra Tutto su Amazon: https:\/\/www\.amazon\.it\//);
    expect(mail.text).toContain(AFFILIATE_DISCLOSURE);
    expect(mail.text).toContain(PRICE_DISCLAIMER);
    expect(mail.text).toContain('700,00 €');
    expect(mail.text).toMatch(/avviso ora è concluso/);
    expect(mail.html).toContain(`<a href="http://localhost:3000/build/${build.slug}">PC da avvisare</a>`);
    expect(mail.html).toContain('Compra Tutto su Amazon</a>');
    expect(mail.html).not.toMatch(/<img/i);
    const unsubscribe = /(http:\/\/localhost:3000\/avvisi\/annulla\/[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(await alertRows()).toEqual([{ email: 'troppo@example.com', status: 'active', component_id: null, max_total_cents: 60000 }]);

    // A second refresh at the same prices fires nothing more: the alert has ended.
    await ctx.services.pricing.refreshTier('C');
    expect(await outbox('alert')).toHaveLength(1);

    const sent = await ctx.services.mail.sendDue();
    expect(sent.failed).toBe(0);
    // The confirmation mails go out in the same round: the alert's is the one with the total.
    const delivered = smtp.received.filter((m) => m.to.includes('sotto@example.com') && m.text.includes('Totale attuale'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
    expect(delivered[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(delivered[0]!.text).toContain('Prezzo più basso negli ultimi 30 giorni');
    // The outbox keeps no address after delivery.
    expect((await outbox('alert'))[0]!.to).not.toBe('sotto@example.com');

    // The alert is gone, yet a one-click POST with the mail's token still answers 2xx (the API's route of it).
    const mailToken = unsubscribe.split('/').at(-1)!;
    const oneClick = await ctx.request('POST', `/api/alerts/unsubscribe/${mailToken}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBeGreaterThanOrEqual(200);
    expect(oneClick.status).toBeLessThan(300);
  });

  it('a build refresh fires too; above the target nothing fires and the alert stays', async () => {
    const build = await createBuild();
    await activeAlert({ build: build.slug, email: 'a@example.com', max_total: 700 });
    await ctx.services.pricing.refreshBuild(build.id); // 758,40 €: above 700
    expect(await outbox('alert')).toHaveLength(0);
    expect(await alertRows()).toHaveLength(1);

    setPrices({ [CPU]: 199.9, [GPU]: 389, [RAM]: 109.5 }); // 698,40 €
    await ctx.services.pricing.refreshBuild(build.id);
    const mails = await outbox('alert');
    expect(mails.map((m) => m.to)).toEqual(['a@example.com']);
    expect(mails[0]!.text).toContain('Totale attuale: 698,40 €');
    expect(await alertRows()).toEqual([]);
  });

  it('a stock alert fires when its part is back in stock, not while it is still out', async () => {
    const build = await createBuild();
    const gpu = build.components.find((c) => c.name.includes('RTX'))!;
    setPrices(BASE, { [GPU]: 'OUT_OF_STOCK' });
    await ctx.services.pricing.refreshBuild(build.id);
    await activeAlert({ build: build.slug, email: 'stock@example.com', component_id: gpu.id });

    await ctx.services.pricing.refreshTier('C');
    expect(await outbox('alert')).toHaveLength(0);

    setPrices(BASE);
    await ctx.services.pricing.refreshTier('C');
    const mails = await outbox('alert');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('stock@example.com');
    expect(mails[0]!.subject).toBe('Di nuovo disponibile: NVIDIA RTX 5060 Ti');
    expect(mails[0]!.text).toContain('"NVIDIA RTX 5060 Ti" è di nuovo disponibile su Amazon.');
    expect(mails[0]!.text).toMatch(/prezzo rilevato il/);
    expect(await alertRows()).toEqual([]);
  });

  it('does not evaluate the alerts of a build no longer public', async () => {
    const build = await createBuild();
    await activeAlert({ build: build.slug, email: 'nascosta@example.com', max_total: 700 });
    await dropStoredCpuPrice(build.id);
    const draft = await ctx.request('PUT', `/api/admin/builds/${build.id}`, { token, body: sampleBuild({ title: 'PC da avvisare', status: 'draft' }) });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(await ctx.services.alerts.evaluateForAsins([CPU, GPU, RAM])).toEqual({ evaluated: 0, fired: 0, failed: 0 });
    expect(await outbox('alert')).toHaveLength(0);
  });

  it('an alert whose mail cannot be written stays active and is logged by id; the other build sharing the part still gets its mail, and the refresh answers 200', async () => {
    const broken = await createBuild('PC con il titolo rotto');
    const other = await createBuild('PC che avvisa');
    await activeAlert({ build: broken.slug, email: 'rotto@example.com', max_total: 700 });
    await activeAlert({ build: other.slug, email: 'avvisato@example.com', max_total: 700 });
    setPrices({ [CPU]: 99.9 });
    // A title with a line break, written past the API (which now normalises it): the mail's Subject
    // cannot hold it, so the outbox refuses that one mail. Its alert is evaluated first (lower id).
    await ctx.database.db.updateTable('builds').set({ title: 'PC con il titolo\r\nrotto' }).where('id', '=', broken.id).execute();
    expectConsole('error', new RegExp(`^\\[avvisi\\] avviso \\d+ non inviato: .*line break`));

    // The broken build's refresh looks up the shared parts: both builds' alerts are evaluated.
    const refresh = await ctx.request('POST', `/api/admin/builds/${broken.id}/update-prices`, { token });
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);

    const mails = await outbox('alert');
    expect(mails.map((m) => m.to)).toEqual(['avvisato@example.com']);
    expect(mails[0]!.subject).toContain('PC che avvisa');
    // The broken one is still active (tried again at the next refresh), the other one ended.
    expect(await alertRows()).toEqual([{ email: 'rotto@example.com', status: 'active', component_id: null, max_total_cents: 70000 }]);
    const sent = await ctx.services.mail.sendDue();
    expect(sent.failed).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes('avvisato@example.com') && m.text.includes('Totale attuale'))).toHaveLength(1);

    // The scheduled refresh (a tier, in its job) meets the same alert again: it completes, the alert stays.
    const scheduled = await ctx.services.pricing.refreshTier('C', 'scheduled');
    expect(scheduled).not.toBeNull();
    expect(scheduled?.summary.failed).toBe(0);
    expect(await alertRows()).toHaveLength(1);
    expect(await outbox('alert')).toHaveLength(1);
  });

  it('an evaluation that fails as a whole is logged with its trace; the refresh keeps its prices and answers 200', async () => {
    const build = await createBuild();
    await activeAlert({ build: build.slug, email: 'tabella@example.com', max_total: 700 });
    setPrices({ [CPU]: 150, [GPU]: 400, [RAM]: 100 });
    expectConsole('error', /^\[avvisi\] valutazione degli avvisi non riuscita: .*price_alerts[\s\S]*\n\s+at /);
    const db = ctx.database.db;
    await sql`ALTER TABLE price_alerts RENAME TO price_alerts_gone`.execute(db);
    try {
      const refresh = await ctx.request('POST', `/api/admin/builds/${build.id}/update-prices`, { token });
      expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);
    } finally {
      await sql`ALTER TABLE price_alerts_gone RENAME TO price_alerts`.execute(db);
    }
    const cpu = await db.selectFrom('components').select('price_cents').where('build_id', '=', build.id).where('asin', '=', CPU).executeTakeFirstOrThrow();
    expect(cpu.price_cents).toBe(15000);
    expect(await outbox('alert')).toHaveLength(0);
    // The next refresh evaluates it again.
    await ctx.services.pricing.refreshBuild(build.id);
    expect((await outbox('alert')).map((m) => m.to)).toEqual(['tabella@example.com']);
  });

  it('the log line of an alert that cannot be sent names its id, never its address', async () => {
    const build = await createBuild('PC dal titolo rotto');
    await activeAlert({ build: build.slug, email: 'riservato@example.com', max_total: 700 });
    await dropStoredCpuPrice(build.id);
    await ctx.database.db.updateTable('builds').set({ title: 'PC dal titolo\u2028\nrotto' }).where('id', '=', build.id).execute();
    const [alert] = await ctx.database.db.selectFrom('price_alerts').select('id').execute();
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    try {
      expect(await ctx.services.alerts.evaluateForAsins([CPU])).toEqual({ evaluated: 1, fired: 0, failed: 1 });
    } finally {
      spy.mockRestore();
    }
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(new RegExp(`^\\[avvisi\\] avviso ${alert!.id} non inviato: `));
    expect(logged[0]).not.toContain('riservato');
    expect(logged[0]).not.toContain('\n');
    expect(await outbox('alert')).toHaveLength(0);
  });

  it('two instances evaluating at once (two processes on one database) enqueue one mail per alert', async () => {
    const build = await createBuild();
    const emails = Array.from({ length: 8 }, (_, i) => `doppio${i}@example.com`);
    for (const email of emails) await activeAlert({ build: build.slug, email, max_total: 700 });
    await dropStoredCpuPrice(build.id);
    const children = [0, 1].map(() => startEvaluateChild(databaseUrl(ctx.config.database), [CPU, GPU, RAM]));
    try {
      await Promise.all(children.map((child) => child.ready));
      for (const child of children) child.go();
      const outcomes = await Promise.all(children.map((child) => child.done));
      expect(outcomes[0]!.fired + outcomes[1]!.fired).toBe(emails.length);
    } finally {
      for (const child of children) child.kill();
    }
    const mails = await outbox('alert');
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
    expect(await alertRows()).toEqual([]);
  }, 60_000);
});
