/**
 * The confirmation and alert mails as a mail client reads them: each message the fake SMTP server
 * received is parsed by mailparser (a full MIME parser, not our own header split), and its structure and
 * headers are checked the way a receiving provider would: one multipart/alternative with a UTF-8 text
 * and HTML part, an RFC 2047 subject that decodes to the Italian text, RFC 8058 one-click headers that
 * point to the same link as the body, RFC 3834 Auto-Submitted, and the addresses and ids a thread needs.
 * Real app, real database (both), fake Creators API and fake SMTP server over real network.
 */
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCreatorsApi, type FakeCreatorsApi } from '../fakes/creators-api';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/smtp-server';
import { retailerEnv } from '../helpers/retailer-env';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const CPU = 'B0BMQJWBDM';
const GPU = 'B0F1XYZ123';
const RAM = 'B0C1234567';
/** A title with accents and an apostrophe, so the subject must be RFC 2047 encoded. */
const TITLE = "PC perché sì: l'ufficio silenzioso";
const VISITOR = 'lettrice@example.com';

let fake: FakeCreatorsApi;
let smtp: FakeSmtpServer;
let ctx: TestContext;
let token: string;

function setPrices(prices: Record<string, number>) {
  for (const [asin, price] of Object.entries(prices)) fake.setItem({ asin, title: `Prodotto ${asin}`, brand: 'Marca', price, availability: 'IN_STOCK' });
}

beforeAll(async () => {
  fake = await startFakeCreatorsApi();
  smtp = await startFakeSmtpServer();
  ctx = await createTestContext({ ...retailerEnv(fake), SMTP_URL: smtp.url, MAIL_FROM: 'Build PC <avvisi@example.test>', PAGE_CACHE_MB: '0', ALERT_ANSWER_MIN_MS: '0' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await fake?.close();
});

beforeEach(async () => {
  ctx.clock.offsetMs = 0;
  for (const table of ['mail_outbox', 'price_alerts', 'keyed_counters', 'price_observations', 'price_days', 'job_runs', 'job_leases', 'components', 'builds'] as const) {
    await ctx.database.db.deleteFrom(table).execute();
  }
  setPrices({ [CPU]: 199.9, [GPU]: 449, [RAM]: 109.5 });
  smtp.received.length = 0;
  token = await ctx.login();
});

/** Sends what the outbox holds and parses every message the SMTP server received, in order. */
async function deliverAndParse(): Promise<ParsedMail[]> {
  expect((await ctx.services.mail.sendDue()).failed).toBe(0);
  return Promise.all(smtp.received.map((mail) => simpleParser(mail.raw)));
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value.map((entry) => entry.address ?? ''));
}

/** What every mail we send must carry, parsed as a client parses it. */
function expectWellFormed(mail: ParsedMail, subject: RegExp) {
  expect(mail.subject).toMatch(subject);
  expect(addresses(mail.from)).toEqual(['avvisi@example.test']);
  expect(addresses(mail.to)).toEqual([VISITOR]);
  expect(mail.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
  expect(mail.date).toBeInstanceOf(Date);
  expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
  expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
  // Both alternatives decoded as UTF-8: the accents survive the transfer encoding.
  expect(mail.text).toContain('€');
  expect(typeof mail.html).toBe('string');
  expect(mail.html as string).toContain('€');
}

/** RFC 8058: the one-click header pair, and a link in the body that is the same URL. */
function expectOneClick(mail: ParsedMail): string {
  const list = mail.headers.get('list') as { unsubscribe?: { url?: string } } | undefined;
  const url = list?.unsubscribe?.url;
  expect(url).toMatch(/^http:\/\/localhost:3000\/avvisi\/annulla\/[A-Za-z0-9_-]{43}$/);
  // mailparser folds List-* headers into one object: the raw line is the one a provider reads.
  expect(mail.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(mail.text).toContain(url);
  return url!;
}

describe('the mails, parsed by a MIME parser', () => {
  it('the confirmation mail: multipart/alternative in UTF-8, Auto-Submitted and the one-click pair', async () => {
    const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: TITLE }) });
    expect(created.status).toBe(201);
    const slug = created.body.build.slug as string;
    const subscribed = await ctx.request('POST', '/api/alerts', { body: { build: slug, email: VISITOR, max_total: 700 }, headers: { 'X-Forwarded-For': '198.51.100.7' } });
    expect(subscribed.status).toBe(202);

    const [mail, ...others] = await deliverAndParse();
    expect(others).toEqual([]);
    expectWellFormed(mail!, /^.+$/);
    expect(mail!.subject).toBe('Conferma il tuo avviso su Build PC');
    expect(mail!.text).toContain(TITLE);
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/avvisi\/conferma\/[A-Za-z0-9_-]{43}/);
    expectOneClick(mail!);
  });

  it('the alert mail: an RFC 2047 subject with the title and the new total, the same headers, and an unsubscribe link that works', async () => {
    const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: TITLE }) });
    const slug = created.body.build.slug as string;
    await ctx.request('POST', '/api/alerts', { body: { build: slug, email: VISITOR, max_total: 700 }, headers: { 'X-Forwarded-For': '198.51.100.8' } });
    const [confirmation] = await deliverAndParse();
    const confirm = /\/avvisi\/conferma\/([A-Za-z0-9_-]{43})/.exec(confirmation!.text ?? '')![1]!;
    expect((await ctx.services.alerts.confirm(confirm))?.status).toBe('active');
    smtp.received.length = 0;

    setPrices({ [CPU]: 150, [GPU]: 400, [RAM]: 100 }); // 650,00 €
    await ctx.services.pricing.refreshTier('C');
    const [alert, ...others] = await deliverAndParse();
    expect(others).toEqual([]);
    expectWellFormed(alert!, /650,00/);
    // The title's accents cannot travel bare: the raw subject is RFC 2047 encoded, the parsed one is the Italian text.
    expect(alert!.subject).toContain(TITLE);
    expect(smtp.received[0]!.raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    const url = expectOneClick(alert!);
    expect(alert!.html as string).toContain(`href="${url}"`);
  });
});
