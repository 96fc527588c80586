/**
 * The earnings report through the real endpoint, on both databases: the four shapes of one report give the
 * same figures, the attribution rules, re-imports and overlapping periods, undo, the refusals.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { HEADERS_EN, reportText, zipOf } from './report-fixtures';
import { ASIN, type Catalogue, DEFAULT_TAG, FORMULA_NAME, OCTOBER, OCTOBER_PERIOD, seedCatalogue } from './revenue-fixture';

let ctx: TestContext;
let token: string;
let catalogue: Catalogue;

beforeAll(async () => {
  ctx = await createTestContext({ DEFAULT_AFFILIATE_TAG: DEFAULT_TAG });
  token = await ctx.login();
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  catalogue = await seedCatalogue(ctx.database.db);
});

afterEach(async () => {
  const db = ctx.database.db;
  for (const table of ['revenue_shares', 'revenue_day_owners', 'revenue_rows', 'revenue_imports', 'revenue_header_mappings', 'component_daily_clicks', 'build_daily_stats', 'components', 'deleted_builds', 'builds'] as const) {
    await db.deleteFrom(table).execute();
  }
});

async function upload(data: Uint8Array | string, fileName = 'report.csv', extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), fileName);
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  const response = await ctx.app.request('/api/admin/revenue/import', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '198.51.100.7' }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function overview(period = OCTOBER_PERIOD) {
  const response = await ctx.request('GET', `/api/admin/revenue?from=${period.from}&to=${period.to}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const withTitle = () => reportText(OCTOBER, { title: OCTOBER_PERIOD });
const feesSum = (sales: typeof OCTOBER) => Math.round(sales.reduce((sum, sale) => sum + sale.fees * 100, 0)) / 100;

describe('importing the Earnings report', () => {
  it('the report with its title line, its ZIP, the semicolon/decimal-comma variant and one with a BOM give the same figures', async () => {
    const variants: [string, Uint8Array | string][] = [
      ['Fee-Earnings.csv', withTitle()],
      ['Fee-Earnings.zip', zipOf([{ name: 'Fee-Earnings-20261001-20261031.csv', data: new TextEncoder().encode(withTitle()) }])],
      ['guadagni.csv', reportText(OCTOBER, { title: OCTOBER_PERIOD, separator: ';', decimalComma: true, dates: 'dmy' })],
      ['bom.csv', reportText(OCTOBER, { title: OCTOBER_PERIOD, bom: true, separator: '\t' })],
    ];
    const seen: unknown[] = [];
    for (const [name, data] of variants) {
      const imported = await upload(data, name);
      expect(imported.status, `${name}: ${JSON.stringify(imported.body)}`).toBe(201);
      expect(imported.body.import).toMatchObject({ period_from: '2026-10-01', period_to: '2026-10-31', rows: 6, lines: 6, commissions: 19.2 });
      const figures = await overview();
      seen.push({ total: figures.total, builds: figures.builds, unattributed: figures.unattributed });
      expect((await ctx.request('DELETE', `/api/admin/revenue/imports/${imported.body.import.id}`, { token })).status).toBe(200);
    }
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
    expect(seen[3]).toEqual(seen[0]);
  });

  it('attributes exactly, by clicks, equally and not at all; the totals are the sum of the Ad Fees', async () => {
    expect((await upload(withTitle())).status).toBe(201);
    const figures = await overview();
    expect(figures.total).toEqual({ commissions: feesSum(OCTOBER), items_shipped: 6, returns: 1, revenue: 639.99 });
    expect(figures.total.commissions).toBe(19.2);
    const byId = new Map<number, any>(figures.builds.map((build: any) => [build.build_id, build]));
    expect(byId.get(catalogue.own)).toMatchObject({ title: 'PC gaming con tag proprio', commissions: 5.7, items_shipped: 3, method: 'esatto', estimated_share: 0, deleted: false });
    expect(byId.get(catalogue.sharedA)).toMatchObject({ commissions: 8.63, method: 'stimato', clicks: 3, views: 75, estimated_share: 1 });
    expect(byId.get(catalogue.sharedA).items_shipped).toBeCloseTo(0.75 + 0.5, 5);
    expect(byId.get(catalogue.sharedA).epc).toBeCloseTo(8.63 / 3, 3);
    expect(byId.get(catalogue.sharedA).rpm).toBeCloseTo((8.63 / 75) * 1000, 1);
    expect(byId.get(catalogue.sharedB)).toMatchObject({ commissions: 3.88, method: 'stimato', clicks: 1 });
    expect(byId.has(catalogue.draft)).toBe(false);
    expect(figures.unattributed.commissions).toBe(0.99);
    // The product's name is kept as the report wrote it: text, never a formula evaluated.
    expect(figures.unattributed.products).toEqual([expect.objectContaining({ asin: ASIN.nobody, name: FORMULA_NAME, tracking_id: DEFAULT_TAG, commissions: 0.99 })]);
    const attributed = figures.builds.reduce((sum: number, build: any) => sum + Math.round(build.commissions * 100), 0);
    expect(attributed + Math.round(figures.unattributed.commissions * 100)).toBe(1920);
    expect(figures.products[0]).toMatchObject({ asin: ASIN.shared, commissions: 9.5 });
    expect(figures.days.find((day: any) => day.day === '2026-10-05').commissions).toBe(10);
    expect(figures.days).toHaveLength(31);

    const build = await ctx.request('GET', `/api/admin/builds/${catalogue.sharedA}/revenue?from=2026-10-01&to=2026-10-31`, { token });
    expect(build.status).toBe(200);
    expect(build.body.build).toMatchObject({ commissions: 8.63, method: 'stimato' });
    expect(build.body.suggest_own_tag).toBe(true);
    const own = await ctx.request('GET', `/api/admin/builds/${catalogue.own}/revenue?from=2026-10-01&to=2026-10-31`, { token });
    expect(own.body.suggest_own_tag).toBe(false);
    expect(own.body.products.map((product: any) => product.asin).sort()).toEqual([ASIN.other, ASIN.ownCpu].sort());
  });

  it('importing the same report again stores nothing new; an overlapping period replaces exactly its days; undo restores', async () => {
    const first = await upload(withTitle());
    expect(first.status).toBe(201);
    const again = await upload(zipOf([{ name: 'again.csv', data: new TextEncoder().encode(withTitle()) }]), 'again.zip');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ already_imported: true, import: { id: first.body.import.id } });
    expect((await overview()).total.commissions).toBe(19.2);

    // The second half of October again, with one sale only: days 6–31 are now that report's.
    const later = [{ ...OCTOBER[3]!, fees: 5 }];
    const second = await upload(reportText(later, { title: { from: '2026-10-06', to: '2026-10-31' } }), 'seconda-meta.csv');
    expect(second.status).toBe(201);
    expect(second.body.replaced_days).toBe(26);
    expect((await overview()).total.commissions).toBe(4.5 + 1.2 + 10 + 5);
    const list = await ctx.request('GET', '/api/admin/revenue/imports', { token });
    expect(list.body.imports.map((row: any) => [row.file_name, row.days_in_use, row.imported_by])).toEqual([
      ['seconda-meta.csv', 26, 'admin'],
      ['report.csv', 5, 'admin'],
    ]);

    expect((await ctx.request('DELETE', `/api/admin/revenue/imports/${second.body.import.id}`, { token })).status).toBe(200);
    expect((await overview()).total.commissions).toBe(19.2);
    expect((await ctx.request('DELETE', `/api/admin/revenue/imports/${second.body.import.id}`, { token })).status).toBe(404);

    // The first report uploaded after the second took its days comes back as the newest.
    await upload(reportText(later, { title: { from: '2026-10-06', to: '2026-10-31' } }), 'seconda-meta.csv');
    const back = await upload(withTitle());
    expect(back.status).toBe(201);
    expect((await overview()).total.commissions).toBe(19.2);
  });

  it('the raw text/csv body imports as the form does', async () => {
    const response = await ctx.request('POST', '/api/admin/revenue/import?filename=grezzo.csv', { token, rawBody: withTitle(), headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.import.file_name).toBe('grezzo.csv');
    expect((await overview()).total.commissions).toBe(19.2);
  });

  it('a report without a required column is refused naming it, and nothing is stored', async () => {
    const headers = HEADERS_EN.map((header) => (header === 'Ad Fees(€)' ? 'Compenso(€)' : header));
    const refused = await upload(reportText(OCTOBER, { headers }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('Ad Fees');
    expect(refused.body.error.details).toContain('Compenso(€)');
    expect((await ctx.request('GET', '/api/admin/revenue/imports', { token })).body.imports).toEqual([]);
    expect(await ctx.database.db.selectFrom('revenue_rows').select('id').execute()).toEqual([]);

    // Mapped once, remembered after.
    const mapped = await upload(reportText(OCTOBER, { headers }), 'mappato.csv', { 'map.ad_fees': 'Compenso(€)' });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(201);
    await ctx.request('DELETE', `/api/admin/revenue/imports/${mapped.body.import.id}`, { token });
    const remembered = await upload(reportText(OCTOBER, { headers }), 'di-nuovo.csv');
    expect(remembered.status, JSON.stringify(remembered.body)).toBe(201);
    expect((await overview()).total.commissions).toBe(19.2);
  });

  it('a bad line is refused naming it', async () => {
    const text = reportText([...OCTOBER.slice(0, 2), { ...OCTOBER[2]!, day: 'ieri' }], { title: OCTOBER_PERIOD });
    const refused = await upload(text);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^Riga 5: «ieri 00:00:00» non è una data/);
  });

  it('exports the figures as a CSV whose formulas stay text', async () => {
    await upload(withTitle());
    const response = await ctx.app.request('/api/admin/revenue/export?from=2026-10-01&to=2026-10-31', { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '198.51.100.7' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="guadagni-2026-10-01-2026-10-31.csv"');
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Tipo";"Nome";"ASIN";"Tracking ID";"Metodo";"Commissioni (€)";"Articoli spediti";"Resi"');
    expect(lines).toContain(`"non attribuito";"'=HYPERLINK(""http://example.invalid/x"",""clic"")";"${ASIN.nobody}";"${DEFAULT_TAG}";"non attribuito";0,99;1;0`);
    expect(lines.some((line) => line.startsWith('"build";"PC ufficio";"";"";"stimato";8,63;'))).toBe(true);
    // No line begins a cell with a bare formula character.
    for (const line of lines) for (const cell of line.split(';')) expect(cell).not.toMatch(/^"?[=+@]/);
  });

  it('a deleted build keeps its earnings, marked as deleted', async () => {
    await upload(withTitle());
    expect((await ctx.request('DELETE', `/api/admin/builds/${catalogue.own}`, { token })).status).toBe(200);
    const figures = await overview();
    expect(figures.builds.find((build: any) => build.build_id === catalogue.own)).toMatchObject({ title: 'PC gaming con tag proprio', deleted: true, commissions: 5.7 });
    expect(figures.total.commissions).toBe(19.2);
  });

  it('answers 401 without a session, before reading the body', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/revenue'],
      ['GET', '/api/admin/revenue/imports'],
      ['POST', '/api/admin/revenue/import'],
      ['DELETE', '/api/admin/revenue/imports/1'],
    ] as const) {
      expect((await ctx.request(method, path, { rawBody: method === 'POST' ? 'x' : undefined })).status).toBe(401);
    }
  });

  it('refuses a bad period with an Italian 400', async () => {
    const response = await ctx.request('GET', '/api/admin/revenue?from=2026-13-01', { token });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('AAAA-MM-GG');
    expect((await ctx.request('GET', '/api/admin/revenue?from=2020-01-01&to=2026-01-01', { token })).status).toBe(400);
  });
});
