/**
 * The mail outbox (modules/mail, decision 031) through real SMTP: nodemailer, the application's own
 * transport, talks to the fake SMTP server of tests/fakes. On both databases.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailConfig } from '../../src/config/env';
import { createMailService, enqueueMail, MAX_ATTEMPTS, type MailService, type OutgoingMail, RETRY_DELAYS_MS } from '../../src/modules/mail/mail.service';
import { startMailScheduler } from '../../src/schedulers/mail-scheduler';
import { type FakeSmtpServer, startFakeSmtpServer } from '../fakes/smtp-server';
import { openSecondInstance, type TestContext, useFreshContext } from '../helpers/test-app';

const FROM = 'Build PC <avvisi@buildpc.test>';

function sample(index = 1, overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    kind: 'alert',
    to: `lettore${index}@example.test`,
    subject: `Avviso numero ${index}`,
    text: `Il totale della build e sceso: mail ${index}.`,
    html: `<p>Il totale della build <b>e sceso</b>: mail ${index}.</p>`,
    headers: {
      'List-Unsubscribe': `<https://buildpc.test/avvisi/annulla/t${index}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...overrides,
  };
}

function smtpMail(url: string): MailConfig {
  return { kind: 'smtp', url, from: FROM };
}

async function outboxRows(ctx: TestContext) {
  return ctx.database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
}

describe('mail outbox over SMTP', () => {
  const ctx = useFreshContext();
  let fake: FakeSmtpServer;
  const services: MailService[] = [];

  function sender(db = ctx().database.db, url = fake.url): MailService {
    const mail = createMailService({ db, clock: ctx().clock, config: { database: ctx().config.database, mail: smtpMail(url) } });
    services.push(mail);
    return mail;
  }

  beforeEach(async () => {
    fake = await startFakeSmtpServer();
  });
  afterEach(async () => {
    // The pooled SMTP connections first: the fake waits for its clients to leave.
    for (const mail of services.splice(0)) mail.close();
    await fake.close();
  });

  it('sends nothing that was enqueued in a transaction that rolled back', async () => {
    const mail = sender();
    await expect(
      ctx().database.db.transaction().execute(async (trx) => {
        await mail.enqueue(trx, sample(), ctx().clock.now().toISOString());
        throw new Error('la decisione fallisce');
      }),
    ).rejects.toThrow('la decisione fallisce');
    expect(await mail.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(fake.received).toEqual([]);
    expect(await outboxRows(ctx())).toEqual([]);
  });

  it('delivers subject, text, HTML, headers, From and the stored Message-ID, then erases the address and bodies', async () => {
    const mail = sender();
    const now = ctx().clock.now().toISOString();
    const id = await ctx().database.db.transaction().execute((trx) => mail.enqueue(trx, sample(7), now));
    const [stored] = await outboxRows(ctx());
    expect(stored).toMatchObject({ id, status: 'pending', recipient: 'lettore7@example.test', attempts: 0 });
    expect(stored!.message_id).toMatch(/^<[0-9a-f-]{36}@buildpc\.test>$/);

    expect(await mail.sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(fake.received).toHaveLength(1);
    const [message] = fake.received;
    expect(message!.to).toEqual(['lettore7@example.test']);
    expect(message!.from).toBe('avvisi@buildpc.test');
    expect(message!.messageId).toBe(stored!.message_id);
    expect(message!.headers.from).toBe('Build PC <avvisi@buildpc.test>');
    expect(message!.headers.to).toBe('lettore7@example.test');
    expect(message!.headers.subject).toBe('Avviso numero 7');
    expect(message!.headers['list-unsubscribe']).toBe('<https://buildpc.test/avvisi/annulla/t7>');
    expect(message!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // RFC 3834: the mail says it was written by a program, so auto-responders do not answer it.
    expect(message!.headers['auto-submitted']).toBe('auto-generated');
    expect(message!.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(message!.text).toBe('Il totale della build e sceso: mail 7.');
    expect(message!.html).toBe('<p>Il totale della build <b>e sceso</b>: mail 7.</p>');
    // No tracking: nothing is fetched from anywhere when the mail is opened.
    expect(message!.raw).not.toMatch(/<img|https?:\/\/(?!buildpc\.test)/i);

    const [sent] = await outboxRows(ctx());
    expect(sent).toMatchObject({ status: 'sent', recipient: null, text_body: null, html_body: null, headers: null, lease_holder: null, attempts: 1, kind: 'alert' });
    expect(sent!.sent_at).toBe(sent!.sent_at && new Date(sent!.sent_at).toISOString());
    expect(JSON.stringify(sent)).not.toContain('lettore7');
    // The counts outlive the erasure.
    const stats = await mail.stats(7);
    expect(stats).toHaveLength(7);
    expect(stats.at(-1)!.sent).toBe(1);
    expect(stats.slice(0, -1).every((day) => day.sent === 0)).toBe(true);

    // Sent once: another round has nothing to do.
    expect(await mail.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(fake.received).toHaveLength(1);
  });

  it('signs in with the user and password of SMTP_URL', async () => {
    const secured = await startFakeSmtpServer({ auth: { user: 'avvisi', pass: 's3gr3t0!' } });
    try {
      const mail = sender(ctx().database.db, secured.url);
      await enqueueMail(ctx().database.db, sample(), ctx().clock.now().toISOString());
      expect(await mail.sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(secured.received).toHaveLength(1);

      const wrong = sender(ctx().database.db, secured.url.replace('s3gr3t0!', 'sbagliata'));
      await enqueueMail(ctx().database.db, sample(2), ctx().clock.now().toISOString());
      expect(await wrong.sendDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
      const rows = await outboxRows(ctx());
      expect(rows[1]).toMatchObject({ status: 'failed', recipient: null });
      expect(rows[1]!.last_error).toMatch(/^SMTP 535/);
      expect(rows[1]!.last_error).not.toContain('sbagliata');
    } finally {
      for (const mail of services.splice(0)) mail.close();
      await secured.close();
    }
  });

  it('tries a 4xx again after the back-off, and gives a 5xx up at once without keeping the address', async () => {
    const mail = sender();
    fake.refuse('lettore1@example.test', 451);
    fake.refuse('lettore2@example.test', 550);
    const start = ctx().clock.now();
    await enqueueMail(ctx().database.db, sample(1), start.toISOString());
    await enqueueMail(ctx().database.db, sample(2), start.toISOString());

    expect(await mail.sendDue()).toEqual({ sent: 0, retried: 1, failed: 1 });
    const [retried, failed] = await outboxRows(ctx());
    expect(retried).toMatchObject({ status: 'pending', attempts: 1, recipient: 'lettore1@example.test', lease_holder: null });
    expect(Date.parse(retried!.next_attempt_at) - start.getTime()).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0]);
    expect(Date.parse(retried!.next_attempt_at) - start.getTime()).toBeLessThan(RETRY_DELAYS_MS[0] + 10_000);
    expect(retried!.last_error).toMatch(/^SMTP 451/);
    expect(retried!.last_error).not.toContain('lettore1');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, recipient: null, text_body: null, html_body: null, headers: null });
    expect(failed!.last_error).toMatch(/^SMTP 550/);
    expect(failed!.last_error).not.toContain('lettore2');

    // Not due yet.
    fake.refuse('lettore1@example.test', null);
    expect(await mail.sendDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    ctx().clock.advance(RETRY_DELAYS_MS[0] + 10_000);
    expect(await mail.sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(fake.received.map((message) => message.to)).toEqual([['lettore1@example.test']]);
    expect((await outboxRows(ctx()))[0]).toMatchObject({ status: 'sent', attempts: 2, recipient: null });
  });

  it(`waits 1 min, 5 min, 30 min, 2 h, 12 h between attempts and gives up after ${MAX_ATTEMPTS}`, async () => {
    const mail = sender();
    fake.refuse('lettore1@example.test', 421);
    await enqueueMail(ctx().database.db, sample(1), ctx().clock.now().toISOString());
    const waits: number[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const before = ctx().clock.now().getTime();
      expect(await mail.sendDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [row] = await outboxRows(ctx());
      waits.push(Math.round((Date.parse(row!.next_attempt_at) - before) / 60_000));
      ctx().clock.advance(Date.parse(row!.next_attempt_at) - before + 1_000);
    }
    expect(waits).toEqual([1, 5, 30, 120, 720]);
    expect(await mail.sendDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await outboxRows(ctx()))[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, recipient: null });
    expect(fake.received).toEqual([]);
  });

  it('two senders on one database, running at once, deliver each mail exactly once', async () => {
    const second = openSecondInstance(ctx());
    try {
      const a = sender();
      const b = sender(second.database.db);
      const now = ctx().clock.now().toISOString();
      const count = 60;
      await ctx().database.db.transaction().execute(async (trx) => {
        for (let index = 1; index <= count; index++) await a.enqueue(trx, sample(index), now);
      });
      const results = await Promise.all([a.sendDue(), b.sendDue(), a.sendDue(), b.sendDue()]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(count);
      const ids = fake.received.map((message) => message.messageId);
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
      const rows = await outboxRows(ctx());
      expect(rows.every((row) => row.status === 'sent' && row.recipient === null)).toBe(true);
      expect(new Set(rows.map((row) => row.message_id))).toEqual(new Set(ids));
    } finally {
      for (const mail of services.splice(0)) mail.close();
      await second.close();
    }
  });

  it('the scheduler sends a kicked mail without waiting for its interval', async () => {
    const mail = sender();
    const scheduler = startMailScheduler(mail, { intervalMs: 3_600_000 });
    try {
      await enqueueMail(ctx().database.db, sample(), ctx().clock.now().toISOString());
      mail.kick();
      await scheduler.tick();
      expect(fake.received).toHaveLength(1);
    } finally {
      await scheduler.stop();
    }
  });
});

describe('MAIL_OUTBOX_DIR', () => {
  const ctx = useFreshContext();
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'buildpc-mail-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each mail as {Message-ID}.eml instead of sending it, and erases the address from the outbox', async () => {
    const mail = createMailService({ db: ctx().database.db, clock: ctx().clock, config: { database: ctx().config.database, mail: { kind: 'files', dir: join(dir, 'posta'), from: FROM } } });
    await mail.enqueue(ctx().database.db, sample(3), ctx().clock.now().toISOString());
    expect(await mail.sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [row] = await ctx().database.db.selectFrom('mail_outbox').selectAll().execute();
    const file = join(dir, 'posta', `${row!.message_id.slice(1, -1)}.eml`);
    expect(readdirSync(join(dir, 'posta'))).toEqual([`${row!.message_id.slice(1, -1)}.eml`]);
    expect(existsSync(file)).toBe(true);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toContain(`Message-ID: ${row!.message_id}`);
    expect(eml).toContain('Subject: Avviso numero 3');
    expect(eml).toContain('To: lettore3@example.test');
    expect(eml).toContain('From: Build PC <avvisi@buildpc.test>');
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(eml).toContain('Auto-Submitted: auto-generated');
    expect(row).toMatchObject({ status: 'sent', recipient: null, text_body: null });
  });
});
