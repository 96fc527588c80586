/**
 * The pages of an alert's links, rendered by the real page build: the confirmation page's GET
 * changes nothing (mail scanners prefetch) and its POST confirms; a stale link is a 404 page, never a 500;
 * the unsubscribe page's one-click POST (RFC 8058) ends the alert at once without login.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

const HOUR = 3_600_000;

let pages: PageBuild;
let ctx: TestContext;
let slug: string;

beforeAll(async () => {
  pages = await loadPageBuild();
  ctx = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'avvisi@example.test' }, { pages: pages.build });
  const token = await ctx.login();
  const created = await ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'PC da avvisare' }) });
  expect(created.status).toBe(201);
  slug = created.body.build.slug;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pages?.close();
});

beforeEach(async () => {
  ctx.clock.offsetMs = 0;
  await ctx.database.db.deleteFrom('mail_outbox').execute();
  await ctx.database.db.deleteFrom('price_alerts').execute();
  await ctx.database.db.deleteFrom('keyed_counters').where('key', 'like', 'alerts:%').execute();
});

/** The mails the subscriptions enqueued, oldest first, as the outbox holds them (no sender runs in these tests). */
async function outbox() {
  const rows = await ctx.database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ kind: row.kind, to: row.recipient, subject: row.subject, text: row.text_body ?? '', html: row.html_body, headers: row.headers === null ? undefined : JSON.parse(row.headers) }));
}

async function subscribeAndGetTokens(email: string) {
  const response = await ctx.request('POST', '/api/alerts', { body: { build: slug, email, max_total: 650 } });
  expect(response.status).toBe(202);
  const text = (await outbox()).at(-1)!.text;
  const token = (kind: string) => new RegExp(`/avvisi/${kind}/([A-Za-z0-9_-]{43})`).exec(text)![1]!;
  return { confirm: token('conferma'), unsubscribe: token('annulla') };
}

async function page(method: 'GET' | 'POST', path: string, body?: string) {
  const headers: Record<string, string> = { Accept: 'text/html' };
  if (body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const response = await ctx.app.request(path, { method, headers, body });
  const html = await response.text();
  // A page whose address carries a token, or the landing of the form's post, is never kept by a browser or a proxy.
  if (/^\/avvisi\/(conferma\/|annulla\/|inviato$)/.test(path)) expect(response.headers.get('Cache-Control'), path).toBe('no-store');
  return { status: response.status, html, heading: headingAndTitle(html) };
}

/**
 * The page's H1 and its one <title> (without the site's name): they must agree in every state, or a screen
 * reader announces a failure under a heading that says the action worked.
 */
function headingAndTitle(html: string) {
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]!);
  expect(titles, 'one <title>').toHaveLength(1);
  const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
  const title = titles[0]!.replace(/ \| [^|]*$/, '');
  expect(title, 'title agrees with the H1').toBe(heading);
  return title.replace(/&#x27;/g, "'");
}

async function statuses() {
  return (await ctx.database.db.selectFrom('price_alerts').select('status').execute()).map((r) => r.status);
}

describe('the form\'s landing page', () => {
  it('says to check the mail, noindex, and is kept by no cache', async () => {
    const landing = await page('GET', '/avvisi/inviato');
    expect(landing.status).toBe(200);
    expect(landing.heading).toBe('Controlla la tua email');
    expect(landing.html).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('the confirmation page', () => {
  it('shows a button on GET without confirming; the POST confirms, and again answers the same', async () => {
    const tokens = await subscribeAndGetTokens('page@example.com');
    const shown = await page('GET', `/avvisi/conferma/${tokens.confirm}`);
    expect(shown.status).toBe(200);
    expect(shown.heading).toBe("Conferma l'avviso");
    expect(shown.html).toMatch(/<form method="post"><button type="submit"[^>]*>Conferma<\/button><\/form>/);
    expect(shown.html).toContain('PC da avvisare');
    expect(shown.html).toContain('48 ore');
    expect(shown.html).not.toContain('page@example.com');
    expect(await statuses()).toEqual(['pending']);

    const confirmed = await page('POST', `/avvisi/conferma/${tokens.confirm}`, '');
    expect(confirmed.status).toBe(200);
    expect(confirmed.heading).toBe('Avviso confermato');
    expect(await statuses()).toEqual(['active']);
    const again = await page('POST', `/avvisi/conferma/${tokens.confirm}`, '');
    expect(again.status).toBe(200);
    expect(again.heading).toBe('Avviso confermato');
    expect((await page('GET', `/avvisi/conferma/${tokens.confirm}`)).heading, 'GET once confirmed').toBe('Avviso confermato');
  });

  it('says a stale link is no longer valid, with a 404 page, on GET and POST', async () => {
    const tokens = await subscribeAndGetTokens('late@example.com');
    ctx.clock.advance(48 * HOUR + 1000);
    for (const method of ['GET', 'POST'] as const) {
      const answer = await page(method, `/avvisi/conferma/${tokens.confirm}`, method === 'POST' ? '' : undefined);
      expect(answer.status, method).toBe(404);
      expect(answer.heading).toBe('Link non più valido');
    }
    expect(await statuses()).toEqual(['pending']); // still there until housekeeping
    await ctx.services.alerts.purgeExpired();
    expect(await statuses()).toEqual([]);
    expect((await page('GET', '/avvisi/conferma/non-un-token')).status).toBe(404);
  });
});

describe('the unsubscribe page', () => {
  it('shows a button on GET; a one-click POST ends the alert at once, 200, no login', async () => {
    const tokens = await subscribeAndGetTokens('bye@example.com');
    const shown = await page('GET', `/avvisi/annulla/${tokens.unsubscribe}`);
    expect(shown.status, 'shown').toBe(200);
    expect(shown.html).toMatch(/<form method="post">/);
    expect(shown.heading).toBe("Annulla l'avviso");
    expect(await statuses()).toEqual(['pending']);

    const oneClick = await page('POST', `/avvisi/annulla/${tokens.unsubscribe}`, 'List-Unsubscribe=One-Click');
    expect(oneClick.status, 'one-click').toBe(200);
    expect(oneClick.heading).toBe('Avviso annullato');
    expect(await statuses()).toEqual([]);
    const again = await page('POST', `/avvisi/annulla/${tokens.unsubscribe}`, 'List-Unsubscribe=One-Click');
    expect(again.status, 'again').toBe(200);
    expect(again.heading, 'ending twice').toBe('Avviso annullato');
    const after = await page('GET', `/avvisi/annulla/${tokens.unsubscribe}`);
    expect(after.heading).toBe('Link non più valido');
    expect(after.html).not.toMatch(/<form method="post">/);
  });

  it('is sent compressed to a client that accepts it, and decodes to the page', async () => {
    const tokens = await subscribeAndGetTokens('zip@example.com');
    for (const [path, status] of [[`/avvisi/annulla/${tokens.unsubscribe}`, 200], ['/qualcosa/che/non/esiste', 404]] as const) {
      for (const encoding of ['br', 'gzip'] as const) {
        const response = await ctx.app.request(path, { headers: { Accept: 'text/html', 'Accept-Encoding': encoding } });
        expect(response.status, path).toBe(status);
        expect(response.headers.get('Content-Encoding'), `${path} ${encoding}`).toBe(encoding);
        const raw = Buffer.from(await response.arrayBuffer());
        const html = (encoding === 'br' ? brotliDecompressSync(raw) : gunzipSync(raw)).toString('utf8');
        expect(html).toMatch(/^<!DOCTYPE html>/i);
        expect(html).toContain('</html>');
      }
    }
  });

  it('the no-JavaScript form lands on "Controlla la tua email"', async () => {
    const form = new URLSearchParams({ build: slug, email: 'noscript@example.com', max_total: '' }).toString();
    const posted = await ctx.app.request('/api/alerts', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
    expect(posted.status).toBe(303);
    const landed = await page('GET', posted.headers.get('Location')!);
    expect(landed.status).toBe(200);
    expect(landed.heading).toBe('Controlla la tua email');
  });
});
