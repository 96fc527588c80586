/**
 * Cross-site posts refused (decision 036) on every state-changing public form and endpoint, rendered by the
 * real page build: the alert subscribe (JSON and the no-JavaScript form), the API's one-click unsubscribe,
 * the confirmation and unsubscribe pages under /avvisi/*. A 403 with an Italian page (forms, pages) or
 * the JSON error (JSON), and nothing behind it runs: no mail, no change. Our own pages' posts and posts
 * without Origin and Sec-Fetch-Site (mail providers' RFC 8058 one-click, curl) still work.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const OUR_ORIGIN = 'http://localhost:3000'; // PUBLIC_BASE_URL of the test context
const CROSS_SITE: Array<[string, Record<string, string>]> = [
  ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }],
  ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://blog.localhost:3000' }],
  ['another Origin, no Sec-Fetch-Site', { Origin: 'https://evil.example' }],
  ['Origin: null', { Origin: 'null' }],
];
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin', Origin: OUR_ORIGIN };
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

let pages: PageBuild;
let ctx: TestContext;
let slug: string;
let ipCounter = 0;

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'avvisi@example.test', ALERT_ANSWER_MIN_MS: '0' }, { pages: pages.build });
  const token = await ctx.login();
  const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'PC conteso' }) });
  expect(created.status).toBe(201);
  slug = created.body.build.slug;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pages?.close();
});
beforeEach(async () => {
  await ctx.database.db.deleteFrom('mail_outbox').execute();
  await ctx.database.db.deleteFrom('price_alerts').execute();
  await ctx.database.db.deleteFrom('keyed_counters').where('key', 'like', 'alerts:%').execute();
});

async function post(path: string, headers: Record<string, string>, body: string) {
  const response = await ctx.app.request(path, { method: 'POST', headers: { 'X-Forwarded-For': `192.0.2.${++ipCounter % 250}`, ...headers }, body });
  return { status: response.status, type: response.headers.get('Content-Type') ?? '', location: response.headers.get('Location'), text: await response.text() };
}

const mails = async () => (await ctx.database.db.selectFrom('mail_outbox').select(['recipient', 'text_body']).execute()).length;
const statuses = async () => (await ctx.database.db.selectFrom('price_alerts').select('status').execute()).map((r) => r.status);

/** A pending alert and its two tokens, subscribed as our own page would. */
async function pendingAlert() {
  const answer = await post('/api/alerts', { 'Content-Type': 'application/json', ...SAME_ORIGIN }, JSON.stringify({ build: slug, email: `p${ipCounter}@example.com` }));
  expect(answer.status).toBe(202);
  const text = (await ctx.database.db.selectFrom('mail_outbox').select('text_body').orderBy('id', 'desc').executeTakeFirstOrThrow()).text_body ?? '';
  const token = (kind: string) => new RegExp(`/avvisi/${kind}/([A-Za-z0-9_-]{43})`).exec(text)![1]!;
  return { confirm: token('conferma'), unsubscribe: token('annulla') };
}

function expectRefusalPage(answer: { status: number; type: string; text: string }, label: string) {
  expect(answer.status, label).toBe(403);
  expect(answer.type, label).toMatch(/^text\/html/);
  expect(answer.text, label).toContain('Richiesta rifiutata: il modulo è stato inviato da un altro sito');
  expect(answer.text, label).not.toMatch(/at .*\.(ts|js):\d+/); // no stack trace
}

describe('POST /api/alerts', () => {
  it('refuses a cross-site JSON post with the JSON 403 and a form post with the Italian page; no mail, no alert', async () => {
    for (const [label, headers] of CROSS_SITE) {
      const json = await post('/api/alerts', { 'Content-Type': 'application/json', ...headers }, JSON.stringify({ build: slug, email: 'vittima@example.com' }));
      expect(json.status, label).toBe(403);
      expect(JSON.parse(json.text), label).toEqual({ error: { code: 'FORBIDDEN', message: expect.stringContaining('inviato da un altro sito') } });
      const form = await post('/api/alerts', { ...FORM, ...headers }, new URLSearchParams({ build: slug, email: 'vittima@example.com' }).toString());
      expectRefusalPage(form, label);
    }
    expect(await mails()).toBe(0);
    expect(await statuses()).toEqual([]);
  });

  it('takes our own page’s form (same-origin), a form without those headers, and a page reached by another name', async () => {
    const fields = (email: string) => new URLSearchParams({ build: slug, email, website: '' }).toString();
    const own = await post('/api/alerts', { ...FORM, ...SAME_ORIGIN }, fields('propria@example.com'));
    const bare = await post('/api/alerts', FORM, fields('nuda@example.com'));
    const otherName = await post('http://127.0.0.1:3000/api/alerts', { ...FORM, 'Sec-Fetch-Site': 'same-origin', Origin: 'http://127.0.0.1:3000' }, fields('altronome@example.com'));
    for (const answer of [own, bare, otherName]) expect({ status: answer.status, location: answer.location }).toEqual({ status: 303, location: '/avvisi/inviato' });
    expect(await mails()).toBe(3);
  });
});

describe('POST /api/alerts/unsubscribe/{token}', () => {
  it('refuses a cross-site post and leaves the alert; a mail provider’s one-click (no Origin) ends it', async () => {
    const tokens = await pendingAlert();
    for (const [label, headers] of CROSS_SITE) {
      expectRefusalPage(await post(`/api/alerts/unsubscribe/${tokens.unsubscribe}`, { ...FORM, ...headers }, 'List-Unsubscribe=One-Click'), label);
    }
    expect(await statuses()).toEqual(['pending']);
    const oneClick = await post(`/api/alerts/unsubscribe/${tokens.unsubscribe}`, FORM, 'List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect(await statuses()).toEqual([]);
  });
});

describe('the pages under /avvisi/*', () => {
  it('the confirmation page refuses a cross-site POST (nothing confirmed) and confirms our own page’s', async () => {
    const tokens = await pendingAlert();
    for (const [label, headers] of CROSS_SITE) {
      expectRefusalPage(await post(`/avvisi/conferma/${tokens.confirm}`, { ...FORM, Accept: 'text/html', ...headers }, ''), label);
    }
    expect(await statuses()).toEqual(['pending']);
    // Origin is PUBLIC_BASE_URL while Node saw another host (a proxy in front): still ours.
    const own = await post(`/avvisi/conferma/${tokens.confirm}`, { ...FORM, Accept: 'text/html', ...SAME_ORIGIN }, '');
    expect(own.status).toBe(200);
    expect(own.text).toContain('Avviso confermato');
    expect(await statuses()).toEqual(['active']);
  });

  it('the unsubscribe page refuses a cross-site POST; the header-less RFC 8058 one-click and our button end the alert', async () => {
    const first = await pendingAlert();
    for (const [label, headers] of CROSS_SITE) {
      expectRefusalPage(await post(`/avvisi/annulla/${first.unsubscribe}`, { ...FORM, Accept: 'text/html', ...headers }, 'List-Unsubscribe=One-Click'), label);
    }
    expect(await statuses()).toEqual(['pending']);
    const oneClick = await post(`/avvisi/annulla/${first.unsubscribe}`, FORM, 'List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain('Avviso annullato');
    expect(await statuses()).toEqual([]);

    const second = await pendingAlert();
    const button = await post(`/avvisi/annulla/${second.unsubscribe}`, { ...FORM, Accept: 'text/html', ...SAME_ORIGIN }, '');
    expect(button.status).toBe(200);
    expect(await statuses()).toEqual([]);
  });

  it('GET stays open to links from anywhere (a mail client, another site)', async () => {
    const tokens = await pendingAlert();
    const response = await ctx.app.request(`/avvisi/conferma/${tokens.confirm}`, { headers: { Accept: 'text/html', 'Sec-Fetch-Site': 'cross-site' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Conferma');
  });
});

describe('POST /api/auth/login', () => {
  it('refuses a cross-site login attempt before it reaches the throttle; our admin page still logs in', async () => {
    const throttleRows = async () => (await ctx.database.db.selectFrom('login_throttle').selectAll().execute()).length + (await ctx.database.db.selectFrom('keyed_counters').selectAll().where('key', 'like', 'login:%').execute()).length;
    const before = await throttleRows();
    for (const [label, headers] of CROSS_SITE) {
      const answer = await post('/api/auth/login', { 'Content-Type': 'application/json', ...headers }, JSON.stringify({ username: 'admin', password: 'sbagliata' }));
      expect(answer.status, label).toBe(403);
      expect(JSON.parse(answer.text).error.code, label).toBe('FORBIDDEN');
    }
    expect(await throttleRows()).toBe(before);
    const own = await post('/api/auth/login', { 'Content-Type': 'application/json', ...SAME_ORIGIN }, JSON.stringify({ username: 'admin', password: 'Adm1n!Secure#2026' }));
    expect(own.status).toBe(200);
  });
});

describe('POST /api/events/click', () => {
  it('is not refused (a beacon’s answer is never read) but a cross-site beacon is not counted', async () => {
    const build = await ctx.database.db.selectFrom('builds').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const component = await ctx.database.db.selectFrom('components').select('id').where('build_id', '=', build.id).orderBy('id').executeTakeFirstOrThrow();
    const beacon = JSON.stringify({ build: slug, component_id: component.id });
    const clicks = async () => Number((await ctx.database.db.selectFrom('component_daily_clicks').select((eb) => eb.fn.sum<number>('clicks').as('n')).executeTakeFirst())?.n ?? 0);
    const before = await clicks();
    for (const [label, headers] of CROSS_SITE) {
      const answer = await post('/api/events/click', { 'Content-Type': 'text/plain', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0', ...headers }, beacon);
      expect(answer.status, label).toBe(204);
    }
    expect(await clicks()).toBe(before);
    // The same beacon from our own page counts.
    expect((await post('/api/events/click', { 'Content-Type': 'text/plain', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0', ...SAME_ORIGIN }, beacon)).status).toBe(204);
    expect(await clicks()).toBe(before + 1);
  });
});
