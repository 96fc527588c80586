/**
 * A corpus of malformed and hostile files through the real endpoint: every one is a clear Italian 4xx,
 * never a 5xx, and none stores anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { HEADERS_EN, reportText, zipOf } from './report-fixtures';
import { DEFAULT_TAG, OCTOBER, OCTOBER_PERIOD } from './revenue-fixture';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext({ DEFAULT_AFFILIATE_TAG: DEFAULT_TAG });
  token = await ctx.login();
});

afterAll(async () => {
  await ctx?.close();
});

async function upload(data: Uint8Array | string, fileName = 'report.csv') {
  const form = new FormData();
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), fileName);
  const response = await ctx.app.request('/api/admin/revenue/import', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '198.51.100.7' }, body: form });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as { error: { message: string } } };
}

const header = HEADERS_EN.join(',');
const good = reportText(OCTOBER.slice(0, 1), { title: OCTOBER_PERIOD });
const bigDeflated = (() => {
  // 30 MB of one repeated line, inflating past the limit from a small archive.
  const line = new TextEncoder().encode(`${'x'.repeat(1023)}\n`);
  const data = new Uint8Array(30 * 1024 * 1024);
  for (let at = 0; at < data.length; at += line.length) data.set(line, at);
  return zipOf([{ name: 'bomba.csv', data }]);
})();

const corpus: [string, () => Uint8Array | string, number, RegExp][] = [
  ['empty', () => '', 400, /Nessun file caricato|vuoto/],
  ['only spaces', () => '   \n  \n', 400, /vuoto/],
  ['binary', () => new Uint8Array(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), 400, /binario|colonna|leggibile/],
  ['50 MB', () => new Uint8Array(50 * 1024 * 1024).fill(0x41), 413, /20 MB/],
  ['broken quotes', () => `${header}\nInformatica,"Nome senza fine,B0OWNCPU01,Amazon,buildpc-21,2026-10-03,1,1,0,1,1,DESKTOP,Y\n`, 400, /Riga 2: virgolette/],
  ['text after a closing quote', () => `${header}\nInformatica,"Nome"x,B0OWNCPU01,Amazon,buildpc-21,2026-10-03,1,1,0,1,1,DESKTOP,Y\n`, 400, /Riga 2/],
  ['100,000 columns', () => `${header}\n${Array.from({ length: 100_000 }, (_, i) => String(i)).join(',')}\n`, 400, /più di 200 colonne/],
  ['100,000 columns in the header', () => `${Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',')}\n1,2,3\n`, 400, /colonn/],
  ['header only', () => `${header}\n`, 400, /nessuna vendita/],
  ['no header at all', () => 'just some text\nand more text\n', 400, /manca|mancano/],
  ['not an ASIN', () => good.replace('B0OWNCPU01', '=1+1'), 400, /Riga 3: «=1\+1» non è un ASIN/],
  ['a formula as a number', () => good.replace(',4.50,', ',=SUM(A1:A9),'), 400, /Riga 3: «=SUM\(A1:A9\)».*non è un numero/],
  ['items not whole', () => good.replace(',1,0,', ',1.5,0,'), 400, /numero intero/],
  ['a date that does not exist', () => good.replace('2026-10-03', '2026-02-30'), 400, /non è una data/],
  ['a period of 20 years', () => reportText(OCTOBER.slice(0, 1), { title: { from: '2006-01-01', to: '2026-10-31' } }), 400, /più di 1100 giorni/],
  ['a ZIP without a CSV', () => zipOf([{ name: 'a.png', data: new Uint8Array([1, 2]) }, { name: 'b.png', data: new Uint8Array([3]) }]), 400, /nessun file CSV/],
  ['a truncated ZIP', () => zipOf([{ name: 'r.csv', data: new TextEncoder().encode(good) }]).slice(0, 40), 400, /ZIP non leggibile/],
  ['a ZIP inflating past the limit', () => bigDeflated, 413, /20 MB/],
  ['a ZIP with a wrong CRC', () => {
    const zip = zipOf([{ name: 'r.csv', data: new TextEncoder().encode(good) }], true);
    zip[40] = zip[40]! ^ 0xff; // a byte of the stored data
    return zip;
  }, 400, /CRC/],
];

describe('malformed reports', () => {
  it.each(corpus)('%s: refused, nothing stored', async (_name, make, status, message) => {
    const response = await upload(make());
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(status);
    expect(response.body.error.message).toMatch(message);
    expect(await ctx.database.db.selectFrom('revenue_imports').select('id').execute()).toEqual([]);
    expect(await ctx.database.db.selectFrom('revenue_rows').select('id').execute()).toEqual([]);
  });

  it('a raw body over the limit is a 413 before it is read whole', async () => {
    const response = await ctx.request('POST', '/api/admin/revenue/import', { token, rawBody: 'a'.repeat(21 * 1024 * 1024), headers: { 'Content-Type': 'text/csv' } });
    expect(response.status).toBe(413);
    expect(response.body.error.message).toContain('20 MB');
  });

  it('another content type is a 415', async () => {
    const response = await ctx.request('POST', '/api/admin/revenue/import', { token, rawBody: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(415);
  });
});
