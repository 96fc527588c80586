/**
 * A sender killed mid-batch (SIGKILL, in another process) loses no mail, and repeats at most the one it
 * was sending when it died (decision 031): the fake SMTP server delays each 250, the test kills the child
 * while a message has arrived and its 250 is still pending, then a fresh sender finishes the outbox once
 * the dead process's leases have expired.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailService, enqueueMail, MAIL_LEASE_MS, type MailService } from '../../src/modules/mail/mail.service';
import { type FakeSmtpServer, startFakeSmtpServer } from '../fakes/smtp-server';
import { nodeArgsFor, PROJECT_ROOT } from '../helpers/child-entries';
import { useFreshContext } from '../helpers/test-app';

const MAILS = 50;
const KILL_AFTER = 17;
const REPLY_DELAY_MS = 60;

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describe('a sender killed mid-batch', () => {
  const ctx = useFreshContext();
  let fake: FakeSmtpServer;
  let child: ChildProcess | undefined;
  let fresh: MailService | undefined;

  beforeEach(async () => {
    fake = await startFakeSmtpServer({ replyDelayMs: REPLY_DELAY_MS });
  });
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fresh?.close();
    await fake.close();
  });

  it('loses nothing, and repeats at most the one mail in flight', async () => {
    const now = ctx().clock.now().toISOString();
    await ctx().database.db.transaction().execute(async (trx) => {
      for (let index = 1; index <= MAILS; index++) {
        await enqueueMail(trx, { kind: 'alert', to: `lettore${index}@example.test`, subject: `Avviso ${index}`, text: `Mail ${index}`, html: null }, now, { messageIdDomain: 'buildpc.test' });
      }
    });
    const messageIds = (await ctx().database.db.selectFrom('mail_outbox').select('message_id').execute()).map((row) => row.message_id);

    child = spawn(process.execPath, [...nodeArgsFor('tests/mail/sender-child.ts'), ctx().databaseUrl, fake.url], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exit = exited(child);
    // The KILL_AFTER-th message has arrived; its 250 waits REPLY_DELAY_MS: the child dies inside the window.
    const deadline = Date.now() + 60_000;
    while (fake.received.length < KILL_AFTER && Date.now() < deadline && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 2));
    child.kill('SIGKILL');
    expect(await exit, `the child's stderr: ${stderr}`).toEqual({ code: null, signal: 'SIGKILL' });
    const beforeKill = fake.received.length;
    expect(beforeKill).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(beforeKill).toBeLessThan(MAILS);

    // A fresh sender at once sends what the dead process had not claimed, and leaves what it holds under lease.
    fresh = createMailService({ db: ctx().database.db, clock: ctx().clock, config: { database: ctx().config.database, mail: { kind: 'smtp', url: fake.url, from: 'Build PC <avvisi@buildpc.test>' } } });
    const first = await fresh.sendDue();
    const leased = await ctx().database.db.selectFrom('mail_outbox').select('id').where('status', '=', 'pending').execute();
    expect(leased.length).toBeGreaterThan(0);
    expect(first.sent + leased.length + (beforeKill - 1)).toBeGreaterThanOrEqual(MAILS - 1);

    // Once the dead process's leases have expired, the rest.
    ctx().clock.advance(MAIL_LEASE_MS + 1_000);
    const second = await fresh.sendDue();
    expect(second.sent).toBe(leased.length);
    expect(second.retried + second.failed + first.retried + first.failed).toBe(0);

    const counts = new Map<string, number>();
    for (const message of fake.received) counts.set(message.messageId, (counts.get(message.messageId) ?? 0) + 1);
    // Every mail at least once...
    expect(messageIds.filter((id) => !counts.has(id))).toEqual([]);
    expect([...counts.keys()].filter((id) => !messageIds.includes(id))).toEqual([]);
    // ...and all but at most one exactly once: the one whose 250 the child never heard (same Message-ID).
    const repeated = [...counts.entries()].filter(([, count]) => count > 1);
    expect(repeated.length).toBeLessThanOrEqual(1);
    expect(repeated.every(([, count]) => count === 2)).toBe(true);
    expect(fake.received).toHaveLength(MAILS + repeated.length);
    const rows = await ctx().database.db.selectFrom('mail_outbox').select(['status', 'recipient']).execute();
    expect(rows.every((row) => row.status === 'sent' && row.recipient === null)).toBe(true);
    console.log(`[crash posta] ${beforeKill} ricevute prima del SIGKILL, ${repeated.length} ripetuta, ${MAILS} consegnate`);
  }, 90_000);
});
