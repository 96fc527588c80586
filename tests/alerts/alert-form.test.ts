/**
 * The "Avvisami" forms of the build page, rendered by the real page build: shown only with mail
 * configured, the target prefilled under today's total, the honeypot hidden from people, the stock form
 * only on unavailable parts; a form post's refusal is an HTML page (the JSON API's answers unchanged);
 * the admin's counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../src/common/format';
import { alertStatsResponseSchema } from '../../src/modules/alerts/alerts.schema';
import { mailStatsResponseSchema } from '../../src/modules/mail/mail.schema';
import { loadPageBuild, type PageBuild } from '../helpers/page-build';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';

let pages: PageBuild;
let withMail: TestContext;
let withoutMail: TestContext;

interface Created {
  slug: string;
  id: number;
  componentIds: number[];
}

async function createBuild(ctx: TestContext, title: string, outOfStockIndex: number | null): Promise<Created> {
  const token = await ctx.login();
  const created = await ctx.request<{ build: { slug: string; id: number; components: { id: number }[] } }>('POST', '/api/admin/builds', {
    token,
    body: sampleBuild({ title }),
  });
  expect(created.status).toBe(201);
  const componentIds = created.body.build.components.map((c) => c.id);
  // Set before any page is rendered: the page cache keeps a rendered page a minute.
  if (outOfStockIndex !== null) {
    await ctx.database.db.updateTable('components').set({ availability: 'OUT_OF_STOCK' }).where('id', '=', componentIds[outOfStockIndex]!).execute();
  }
  return { slug: created.body.build.slug, id: created.body.build.id, componentIds };
}

async function html(ctx: TestContext, path: string) {
  const response = await ctx.app.request(path, { headers: { Accept: 'text/html' } });
  expect(response.status, path).toBe(200);
  return response.text();
}

async function postForm(ctx: TestContext, fields: Record<string, string>) {
  const response = await ctx.app.request('/api/alerts', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, type: response.headers.get('Content-Type') ?? '', location: response.headers.get('Location'), text: await response.text() };
}

/** The attributes of the first tag (`<name …>`) that carries the given attribute, whatever their order; null if none. */
function tagWith(markup: string, tag: string, attribute: string): Record<string, string> | null {
  for (const match of markup.matchAll(new RegExp(`<${tag}\\s([^>]*)>`, 'g'))) {
    const attributes = Object.fromEntries([...match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (match[0].includes(attribute)) return attributes;
  }
  return null;
}

/** The opening tag of the first <form> whose test id is given, and the form's markup. */
function formMarkup(page: string, testId: string): string | null {
  const start = page.indexOf(`data-testid="${testId}"`);
  if (start < 0) return null;
  const from = page.lastIndexOf('<form', start);
  return page.slice(from, page.indexOf('</form>', start) + '</form>'.length);
}

beforeAll(async () => {
  pages = await loadPageBuild();
  withMail = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'avvisi@example.test' }, { pages: pages.build });
  withoutMail = await createTestContext({}, { pages: pages.build });
}, 120_000);
afterAll(async () => {
  await withMail?.close();
  await withoutMail?.close();
  await pages?.close();
});

describe('the build page', () => {
  it('with mail configured: the price form, prefilled 5 % under today, honeypot hidden, privacy note, no script added', async () => {
    const build = await createBuild(withMail, 'PC con avviso', null);
    const api = await withMail.request<{ build: { total_price: number } }>('GET', `/api/builds/${build.slug}`);
    const total = api.body.build.total_price;
    expect(total).toBeGreaterThan(100);
    const page = await html(withMail, `/build/${build.slug}`);

    expect(page).toContain('Avvisami quando scende');
    const form = formMarkup(page, 'price-alert-form')!;
    expect(tagWith(form, 'form', 'data-testid')).toMatchObject({ method: 'post', action: '/api/alerts' });
    expect(tagWith(form, 'input', 'name="build"')).toMatchObject({ type: 'hidden', value: build.slug });
    expect(tagWith(form, 'input', 'name="email"')).toMatchObject({ type: 'email', required: '', id: 'price-alert-email' });
    expect(tagWith(form, 'input', 'name="max_total"')).toMatchObject({ value: String(Math.floor(total * 0.95)), id: 'price-alert-target' });
    // Every visible input has a visible label around it.
    expect(form).toMatch(/<label for="price-alert-email"[^>]*>La tua email<input/);
    expect(form).toMatch(/<label for="price-alert-target"[^>]*>Avvisami sotto \(€\)<input/);
    // The honeypot: off-screen, out of the accessibility tree and the tab order, no autofill.
    expect(form).toMatch(/<div aria-hidden="true" class="[^"]*-left-\[10000px\][^"]*" data-testid="alert-honeypot"><label>[^<]*<input /);
    expect(tagWith(form, 'input', 'name="website"')).toEqual({ type: 'text', tabindex: '-1', autoComplete: 'off', name: 'website', value: '' });
    expect(page).toContain('Conserviamo solo il tuo indirizzo email, la build e il prezzo scelto');
    expect(page).toContain('48 ore');
    expect(page).toContain('180 giorni');
    // No part is unavailable: no stock form.
    expect(page).not.toContain('Avvisami quando torna disponibile');
  });

  it('offers the stock form only on the part shown as unavailable, with its component id', async () => {
    const build = await createBuild(withMail, 'PC con GPU esaurita', 1);
    const page = await html(withMail, `/build/${build.slug}`);
    expect(page.match(/Avvisami quando torna disponibile/g)).toHaveLength(1);
    const form = formMarkup(page, 'stock-alert-form')!;
    expect(tagWith(form, 'input', 'name="component_id"')).toMatchObject({ type: 'hidden', value: String(build.componentIds[1]) });
    expect(tagWith(form, 'input', 'name="build"')).toMatchObject({ type: 'hidden', value: build.slug });
    expect(tagWith(form, 'input', 'name="website"')).toMatchObject({ tabindex: '-1', autoComplete: 'off' });
    expect(tagWith(form, 'input', 'name="max_total"')).toBeNull();
    // It sits in the unavailable part's row.
    const rows = page.split('<li class="py-4" data-testid="component">').slice(1);
    expect(rows.filter((row) => row.includes('data-testid="stock-alert"')).map((row) => /NVIDIA RTX 5060 Ti/.test(row.split('</li>')[0]!))).toEqual([true]);
  });

  it('without mail configured, neither form is rendered at all', async () => {
    const build = await createBuild(withoutMail, 'PC senza posta', 1);
    const page = await html(withoutMail, `/build/${build.slug}`);
    expect(page).toContain('Attualmente non disponibile');
    expect(page).not.toContain('Avvisami');
    expect(page).not.toContain('action="/api/alerts"');
    expect(page).not.toContain('name="website"');
  });

  it('a personalised variant offers no alert (alerts watch the author’s build)', async () => {
    const build = await createBuild(withMail, 'PC personalizzato', 1);
    const page = await html(withMail, `/build/${build.slug}?budget=500`);
    expect(page).not.toContain('action="/api/alerts"');
  });
});

describe('the form post', () => {
  it('lands on "Controlla la tua email" with a 303', async () => {
    const build = await createBuild(withMail, 'PC del modulo', 1);
    const posted = await postForm(withMail, { build: build.slug, email: 'modulo@example.com', max_total: '700,50', website: '' });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe('/avvisi/inviato');
    const stock = await postForm(withMail, { build: build.slug, email: 'stock@example.com', component_id: String(build.componentIds[1]), website: '' });
    expect(stock.status).toBe(303);
    const alerts = await withMail.database.db.selectFrom('price_alerts').select(['max_total_cents', 'component_id']).where('build_id', '=', build.id).orderBy('id').execute();
    expect(alerts.map((a) => [a.max_total_cents === null ? null : Number(a.max_total_cents), a.component_id === null ? null : Number(a.component_id)])).toEqual([
      [70_050, null],
      [null, build.componentIds[1]],
    ]);
  });

  it('reads the target the Italian way ("1.150", "1 150", "1.150 €"...), as the mail then states it', async () => {
    const token = await withMail.login();
    const components = [...(sampleBuild().components as object[]), { type: 'PSU', name: 'Alimentatore 850W', price: 600, amazon_link: 'https://www.amazon.it/dp/B0PSU12345' }];
    const created = await withMail.request<{ build: { slug: string; id: number } }>('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'PC sopra mille', components }) });
    expect(created.status).toBe(201);
    const { slug, id } = created.body.build;
    const typed: [string, number][] = [
      ['1.150', 115_000],
      ['1 150', 115_000],
      ['1.150 €', 115_000],
      ['€\u00a01.150,50', 115_050],
      ['1150.50', 115_050],
    ];
    for (const [index, [target]] of typed.entries()) {
      const posted = await postForm(withMail, { build: slug, email: `italiano${index}@example.com`, max_total: target, website: '' });
      expect(posted.status, target).toBe(303);
    }
    const alerts = await withMail.database.db.selectFrom('price_alerts').select(['email', 'max_total_cents']).where('build_id', '=', id).orderBy('id').execute();
    expect(alerts.map((a) => [a.email, Number(a.max_total_cents)])).toEqual(typed.map(([, cents], index) => [`italiano${index}@example.com`, cents]));
    const mail = await withMail.database.db.selectFrom('mail_outbox').select('text_body').where('recipient', '=', 'italiano0@example.com').executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`scende a ${formatPrice(1150)} o meno`);
  });

  it('refuses a target at or above today’s total, naming the total, and amounts that are not Italian euro', async () => {
    const build = await createBuild(withMail, 'PC del totale', null);
    const total = (await withMail.request<{ build: { total_price: number } }>('GET', `/api/builds/${build.slug}`)).body.build.total_price;
    const page = await html(withMail, `/build/${build.slug}`);
    expect(formMarkup(page, 'price-alert-form')).toContain(`Totale di oggi: ${formatPrice(total)}`);
    const atTotal = formatPrice(total).replace(/[^\d,.]/g, '');
    const tooHigh = `Il prezzo massimo deve essere inferiore al totale di oggi (${formatPrice(total)})`;
    for (const target of [atTotal, '5.000', '5000 €']) {
      const answer = await postForm(withMail, { build: build.slug, email: 'alto@example.com', max_total: target, website: '' });
      expect(answer.status, target).toBe(400);
      expect(answer.text).toContain(tooHigh);
    }
    for (const target of ['12,345', '1.15.0', '1,150,00']) {
      const answer = await postForm(withMail, { build: build.slug, email: 'strano@example.com', max_total: target, website: '' });
      expect(answer.status, target).toBe(400);
      expect(answer.text).toContain('Il prezzo massimo deve essere un numero in euro');
    }
    const json = await withMail.request<{ error: { message: string } }>('POST', '/api/alerts', { body: { build: build.slug, email: 'json@example.com', max_total: 5000 } });
    expect(json.status).toBe(400);
    expect(json.body.error.message).toBe(tooHigh);
    const justUnder = await withMail.request('POST', '/api/alerts', { body: { build: build.slug, email: 'json@example.com', max_total: Math.round(total * 100 - 1) / 100 } });
    expect(justUnder.status).toBe(202);
    expect(await withMail.database.db.selectFrom('price_alerts').select('email').where('build_id', '=', build.id).execute()).toEqual([{ email: 'json@example.com' }]);
  });

  it('answers a refusal with an HTML page: the Italian message, the way back, the right status', async () => {
    const build = await createBuild(withMail, 'PC dei rifiuti', null);
    const cases: { fields: Record<string, string>; status: number; message: string; back: string }[] = [
      { fields: { build: build.slug, email: 'non-un-indirizzo' }, status: 400, message: 'Indirizzo email non valido', back: `/build/${build.slug}` },
      { fields: { build: build.slug, email: 'zero@example.com', max_total: '0' }, status: 400, message: 'maggiore di 0', back: `/build/${build.slug}` },
      { fields: { build: build.slug, email: 'a@example.com', max_total: 'mille' }, status: 400, message: 'Il prezzo massimo deve essere un numero in euro', back: `/build/${build.slug}` },
      { fields: { build: build.slug, email: 'c@example.com', component_id: '999999' }, status: 400, message: 'Il componente non fa parte di questa build', back: `/build/${build.slug}` },
      { fields: { build: 'build-che-non-esiste', email: 'b@example.com' }, status: 404, message: '', back: '/' },
    ];
    for (const { fields, status, message, back } of cases) {
      const answer = await postForm(withMail, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.type).toMatch(/^text\/html/);
      expect(answer.text).toMatch(/^<!doctype html>/);
      expect(answer.text).toContain('Avviso non attivato');
      expect(answer.text).toContain(message);
      expect(answer.text).toContain(`<a href="${back}">`);
      expect(answer.text).not.toContain(fields.email!);
    }
    expect(await withMail.database.db.selectFrom('price_alerts').select('id').where('build_id', '=', build.id).execute()).toEqual([]);
  });

  it('the JSON API keeps answering JSON', async () => {
    const build = await createBuild(withMail, 'PC JSON', null);
    const bad = await withMail.request<{ error: { code: string; message: string } }>('POST', '/api/alerts', { body: { build: build.slug, email: 'no' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Indirizzo email non valido');
    const missing = await withMail.request<{ error: { code: string } }>('POST', '/api/alerts', { body: { build: 'manca', email: 'x@example.com' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });
});

describe('the admin counts', () => {
  it('active alerts per build and pending requests, counts only, in the strict response shape', async () => {
    const build = await createBuild(withMail, 'PC contato', null);
    for (const email of ['uno@example.com', 'due@example.com']) {
      expect((await postForm(withMail, { build: build.slug, email, max_total: '500' })).status).toBe(303);
    }
    // Confirm the first one through its page, as a visitor would.
    const mail = await withMail.database.db.selectFrom('mail_outbox').select(['recipient', 'text_body']).where('recipient', '=', 'uno@example.com').executeTakeFirstOrThrow();
    const confirmPath = /\/avvisi\/conferma\/[A-Za-z0-9_-]{43}/.exec(mail.text_body ?? '')![0];
    const confirmed = await withMail.app.request(confirmPath, { method: 'POST', headers: { Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(confirmed.status).toBe(200);

    const token = await withMail.login();
    const stats = await withMail.request('GET', '/api/admin/alerts/stats', { token });
    expect(stats.status).toBe(200);
    const parsed = alertStatsResponseSchema.parse(stats.body);
    expect(parsed.builds.find((b) => b.build_id === build.id)).toEqual({ build_id: build.id, slug: build.slug, title: 'PC contato', active: 1 });
    expect(parsed.pending).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(stats.body)).not.toContain('@');
    expect((await withMail.request('GET', '/api/admin/alerts/stats')).status).toBe(401);
  });

  it('mails sent per Rome day over 7 or 30 days, today last; other windows refused', async () => {
    const token = await withMail.login();
    const before = await withMail.request('GET', '/api/admin/mail/stats', { token });
    expect(before.status).toBe(200);
    const week = mailStatsResponseSchema.parse(before.body).days;
    expect(week).toHaveLength(7);
    // One mail marked sent now counts on today's line.
    const outboxRow = await withMail.database.db.selectFrom('mail_outbox').select('id').orderBy('id').executeTakeFirstOrThrow();
    const today = week.at(-1)!;
    await withMail.database.db.updateTable('mail_outbox').set({ status: 'sent', sent_day: today.day }).where('id', '=', outboxRow.id).execute();
    const month = await withMail.request('GET', '/api/admin/mail/stats?days=30', { token });
    expect(month.status).toBe(200);
    const days = mailStatsResponseSchema.parse(month.body).days;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: today.day, sent: today.sent + 1 });
    expect(days.slice(-7).map((d) => d.day)).toEqual(week.map((d) => d.day));
    expect((await withMail.request('GET', '/api/admin/mail/stats?days=9', { token })).status).toBe(400);
    expect((await withMail.request('GET', '/api/admin/mail/stats')).status).toBe(401);
  });
});
