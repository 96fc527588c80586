/**
 * /admin/revenue/upload, the earnings report's import as a plain server-rendered form (decision 047), through
 * the real app on both databases: the sign-in into a cookie session scoped to the Guadagni pages (and counted by
 * the login throttle), the upload posted as a browser without JavaScript posts it, the column mapping, and the
 * refusals (no session, a session signed out, another site's post, a file over the limit), after which nothing
 * is stored.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { ADMIN, createTestContext, type TestContext } from '../helpers/test-app';
import { HEADERS_EN, reportText } from './report-fixtures';
import { DEFAULT_TAG, OCTOBER, OCTOBER_PERIOD, seedCatalogue } from './revenue-fixture';

const PAGE = '/admin/revenue/upload';
const SAME_ORIGIN = { Origin: 'http://localhost:3000', 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-For': '198.51.100.21' };

let pages: PageBuild;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({ DEFAULT_AFFILIATE_TAG: DEFAULT_TAG }, { pages: pages.build });
  token = await ctx.login();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pages?.close();
});
beforeEach(async () => {
  await seedCatalogue(ctx.database.db);
});
afterEach(async () => {
  const db = ctx.database.db;
  for (const table of ['revenue_shares', 'revenue_day_owners', 'revenue_rows', 'revenue_imports', 'revenue_header_mappings', 'components', 'builds'] as const) {
    await db.deleteFrom(table).execute();
  }
});

interface PageAnswer {
  status: number;
  html: string;
  headers: Headers;
}

async function answer(response: Response): Promise<PageAnswer> {
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const get = async (cookie?: string) => answer(await ctx.app.request(PAGE, { headers: cookie ? { Cookie: cookie } : {} }));

async function post(fields: Record<string, string | Blob>, options: { cookie?: string; headers?: Record<string, string> } = {}): Promise<PageAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const headers: Record<string, string> = { ...SAME_ORIGIN, ...options.headers };
  if (options.cookie) headers.Cookie = options.cookie;
  return answer(await ctx.app.request(PAGE, { method: 'POST', headers, body: form }));
}

/** Signs in through the page's own form; returns the cookie as the browser would send it back. */
async function signIn(): Promise<string> {
  const signedIn = await post({ intent: 'login', username: ADMIN.username, password: ADMIN.password });
  expect(signedIn.status).toBe(303);
  expect(signedIn.headers.get('Location')).toBe(PAGE);
  const setCookie = signedIn.headers.get('Set-Cookie') ?? '';
  return setCookie.split(';')[0]!;
}

const reportFile = (text = reportText(OCTOBER, { title: OCTOBER_PERIOD }), name = 'Fee-Earnings.csv') => new File([text], name, { type: 'text/csv' });

async function storedImports(): Promise<number> {
  const list = await ctx.request('GET', '/api/admin/revenue/imports', { token });
  return list.body.imports.length;
}

async function octoberCommissions(): Promise<number> {
  const figures = await ctx.request('GET', `/api/admin/revenue?from=${OCTOBER_PERIOD.from}&to=${OCTOBER_PERIOD.to}`, { token });
  return figures.body.total.commissions;
}

describe('the plain upload page', () => {
  it('asks to sign in first, never stored, and signs in into a cookie only this page receives', async () => {
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('Cache-Control')).toBe('no-store');
    expect(first.html).toContain('data-testid="upload-login-form"');
    expect(first.html).not.toContain('data-testid="revenue-upload"');

    const wrong = await post({ intent: 'login', username: ADMIN.username, password: 'non-è-lei' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('Set-Cookie')).toBeNull();
    expect(wrong.html).toContain('data-testid="upload-login-error"');

    const signedIn = await post({ intent: 'login', username: ADMIN.username, password: ADMIN.password });
    const setCookie = signedIn.headers.get('Set-Cookie') ?? '';
    expect(setCookie).toMatch(/^buildpc_form_session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('Path=/admin/revenue;');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');

    const signedInPage = await get(setCookie.split(';')[0]);
    expect(signedInPage.html).toContain('data-testid="revenue-upload"');
    expect(signedInPage.html).toMatch(/Accesso come <strong>admin<\/strong>/);
    // A plain form: multipart, a file field, a submit button; no script needed to send it.
    const uploadForm = /<form[^>]*enctype="multipart\/form-data"[^>]*>/i.exec(signedInPage.html)?.[0] ?? '';
    expect(uploadForm).toContain('method="post"');
    expect(signedInPage.html).toMatch(/<input[^>]*type="file"[^>]*name="file"/);
  });

  it('imports the report a browser posts, to the figures the API import gives', async () => {
    const cookie = await signIn();
    const imported = await post({ intent: 'import', file: reportFile() }, { cookie });
    expect(imported.status, imported.html.slice(0, 400)).toBe(201);
    expect(imported.html).toContain('Report importato: 6 righe dal');
    expect(await octoberCommissions()).toBe(19.2);

    const list = await ctx.request('GET', '/api/admin/revenue/imports', { token });
    expect(list.body.imports).toEqual([expect.objectContaining({ file_name: 'Fee-Earnings.csv', imported_by: 'admin', rows: 6 })]);

    const again = await post({ intent: 'import', file: reportFile() }, { cookie });
    expect(again.status).toBe(200);
    expect(again.html).toContain('era già stato importato');
    expect(await storedImports()).toBe(1);
  });

  it('asks which column is which when a required header is unknown, then imports with the answer', async () => {
    const cookie = await signIn();
    const headers = HEADERS_EN.map((header) => (header === 'Ad Fees(€)' ? 'Compenso' : header));
    const text = reportText(OCTOBER, { title: OCTOBER_PERIOD, headers });
    const refused = await post({ intent: 'import', file: reportFile(text) }, { cookie });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('data-testid="revenue-mapping"');
    expect(refused.html).toMatch(/<select[^>]*name="map\.ad_fees"/);
    expect(refused.html).toContain('<option value="Compenso">Compenso</option>');
    expect(await storedImports()).toBe(0);

    const mapped = await post({ intent: 'import', file: reportFile(text), 'map.ad_fees': 'Compenso' }, { cookie });
    expect(mapped.status, mapped.html.slice(0, 400)).toBe(201);
    expect(await octoberCommissions()).toBe(19.2);
  });

  it('refuses an upload without a session, another site\'s post and a signed-out session: nothing is stored', async () => {
    const anonymous = await post({ intent: 'import', file: reportFile() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.html).toContain('data-testid="upload-login-form"');

    const forged = await post({ intent: 'import', file: reportFile() }, { cookie: 'buildpc_form_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('Set-Cookie')).toContain('Max-Age=0');

    const cookie = await signIn();
    const crossSite = await post({ intent: 'import', file: reportFile() }, { cookie, headers: { Origin: 'https://altro-sito.example', 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);

    const signedOut = await post({ intent: 'logout' }, { cookie });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('Set-Cookie')).toMatch(/^buildpc_form_session=; Max-Age=0; Path=\/admin\/revenue;/);
    const replayed = await post({ intent: 'import', file: reportFile() }, { cookie });
    expect(replayed.status).toBe(401);
    expect((await get(cookie)).html).toContain('data-testid="upload-login-form"');

    expect(await storedImports()).toBe(0);
  });

  it('refuses a file over the limit with a page, and without a file asks for one', async () => {
    const cookie = await signIn();
    const tooLarge = await post({ intent: 'import', file: new File([new Uint8Array(21 * 1024 * 1024)], 'enorme.csv') }, { cookie });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('Content-Type')).toContain('text/html');
    expect(tooLarge.html).toContain('data-testid="report-too-large"');

    const noFile = await post({ intent: 'import' }, { cookie });
    expect(noFile.status).toBe(400);
    expect(noFile.html).toContain('Scegli il file del report');
    expect(await storedImports()).toBe(0);
  });

  it('counts the page\'s sign-ins in the login throttle: too many failures from one address get 429 with Retry-After', async () => {
    const attempt = () => post({ intent: 'login', username: 'nessuno', password: 'sbagliata' }, { headers: { 'X-Forwarded-For': '203.0.113.77' } });
    const answers: PageAnswer[] = [];
    for (let i = 0; i < 12; i++) answers.push(await attempt());
    expect(answers[0]!.status).toBe(401);
    const limited = answers.at(-1)!;
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(limited.html).toContain('data-testid="upload-login-error"');
    expect(limited.headers.get('Set-Cookie')).toBeNull();
  });
});
