import { describe, expect, it } from 'vitest';
import { isAppError } from '../../common/errors';
import { attributeRow, type Catalogue, splitInteger } from './attribution';
import { foldHeader, readEarningsReport } from './earnings-report';
import { extractReport } from './report-archive';
import { textCell } from './revenue-export';
import { decodeReport, readRecords, separatorOf } from './report-text';
import { dayOrderOf, parseReportDate, parseReportNumber, periodOfTitle } from './report-values';

const none = { remembered: new Map(), mapping: {} };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('report values', () => {
  it.each([
    ['12.50', 12.5],
    ['12,50', 12.5],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1,234,567', 1234567],
    ['€ 3,10', 3.1],
    ['-0,50', -0.5],
    ['(0.50)', -0.5],
    ['', 0],
    ['7', 7],
  ])('%s is %d', (text, value) => expect(parseReportNumber(text)).toBe(value));

  it.each(['=SUM(A1)', 'abc', '1-2', '--1'])('%s is not a number', (text) => expect(parseReportNumber(text)).toBeNull());

  it('reads the dates the reports write', () => {
    expect(parseReportDate('2026-10-03 00:00:00', 'dmy')).toBe('2026-10-03');
    expect(parseReportDate('03/10/2026', 'dmy')).toBe('2026-10-03');
    expect(parseReportDate('10/03/2026', 'mdy')).toBe('2026-10-03');
    expect(parseReportDate('3 ott 2026', 'dmy')).toBe('2026-10-03');
    expect(parseReportDate('October 3, 2026', 'dmy')).toBe('2026-10-03');
    expect(parseReportDate('30/02/2026', 'dmy')).toBeNull();
    expect(parseReportDate('ieri', 'dmy')).toBeNull();
    expect(dayOrderOf(['01/02/2026', '13/02/2026'], 'mdy')).toBe('dmy');
    expect(dayOrderOf(['02/13/2026'], 'dmy')).toBe('mdy');
    expect(periodOfTitle('Fee-Earnings reports from 2026-10-01 to 2026-10-31', 'dmy')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodOfTitle('Report guadagni dal 01/10/2026 al 31/10/2026', 'dmy')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });
});

describe('report text', () => {
  it('decodes UTF-8 with or without a BOM, UTF-16 and Windows-1252; refuses binary', () => {
    expect(decodeReport(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xc3, 0xa8]))).toBe('aè');
    expect(decodeReport(new Uint8Array([0xff, 0xfe, 0x61, 0x00]))).toBe('a');
    expect(decodeReport(new Uint8Array([0x61, 0xe8]))).toBe('aè');
    expect(refusal(() => decodeReport(new Uint8Array([0x00, 0x01, 0x02])))).toMatch(/binario/);
  });

  it('finds the separator and reads quoted cells with separators, quotes and line breaks', () => {
    expect(separatorOf('a;b;"c,d"')).toBe(';');
    expect(separatorOf('a\tb\tc')).toBe('\t');
    expect(separatorOf('a,b,c')).toBe(',');
    const records = [...readRecords('a,"b,""x""\ny",c\r\nd,e,f\n', ',', 0, 1)];
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b,"x"\ny', 'c'] },
      { line: 3, cells: ['d', 'e', 'f'] },
    ]);
    expect(refusal(() => [...readRecords('a\n"b,c\n', ',', 0, 1)])).toBe('Riga 2: virgolette aperte e mai chiuse');
  });
});

describe('earnings report', () => {
  const text = ['Fee-Earnings reports from 2026-10-01 to 2026-10-31', 'Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price(€),Items Shipped,Returns,Revenue(€),Ad Fees(€),Device Type Group,Direct', 'PC,"Mouse, nero",b0aaaaaaa1,Amazon,tag-21,2026-10-03,10.00,1,0,10.00,0.30,DESKTOP,Y', 'PC,"Mouse, nero",B0AAAAAAA1,Amazon,tag-21,2026-10-03,10.00,2,0,20.00,0.60,DESKTOP,Y', 'Total,,,,,,,,,,0.90,,'].join('\n');

  it('skips the title, folds headers with a currency, sums lines of one day × tag × ASIN × device × direct', () => {
    const report = readEarningsReport(text, none);
    expect(report.period).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(report.lines).toBe(2);
    expect(report.rows).toEqual([expect.objectContaining({ asin: 'B0AAAAAAA1', day: '2026-10-03', itemsShipped: 3, feesCents: 90, revenueCents: 3000, name: 'Mouse, nero' })]);
    expect(foldHeader('Ad Fees(€)')).toBe('ad fees');
    expect(foldHeader('  Data di spedizione ')).toBe('data di spedizione');
  });

  it('names the missing column, and reads it once mapped or remembered', () => {
    const renamed = text.replace('Ad Fees(€)', 'Compenso');
    expect(refusal(() => readEarningsReport(renamed, none))).toBe('Nel file manca la colonna obbligatoria «Ad Fees (commissioni)»');
    expect(readEarningsReport(renamed, { remembered: new Map(), mapping: { ad_fees: 'Compenso' } }).mappedHeaders).toEqual({ compenso: 'ad_fees' });
    expect(readEarningsReport(renamed, { remembered: new Map([['compenso', 'ad_fees']]), mapping: {} }).feesCents).toBe(90);
  });

  it('hashes the same sales the same, however separated', () => {
    const semicolon = text.replace(/,/g, ';').replace(/"Mouse; nero"/g, 'Mouse, nero').replace(/(\d)\.(\d\d)/g, '$1,$2');
    expect(readEarningsReport(semicolon, none).contentHash).toBe(readEarningsReport(text, none).contentHash);
  });
});

describe('attribution', () => {
  const catalogue = (clicks: Record<string, number>): Catalogue => ({
    buildsByTag: new Map([
      ['own-21', [1]],
      ['default-21', [2, 3, 4]],
    ]),
    holdersOf: new Map([['B0SHARED01', new Set([2, 3, 4])]]),
    live: new Set([1, 2, 3]),
    clicks: (buildId) => clicks[buildId] ?? 0,
  });
  const row = { day: '2026-10-05', trackingId: 'default-21', asin: 'B0SHARED01', itemsShipped: 1, returns: 0, revenueCents: 1000, feesCents: 101 };

  it('splits integers exactly', () => {
    expect(splitInteger(101, [1, 1])).toEqual([51, 50]);
    expect(splitInteger(-50, [3, 1])).toEqual([-38, -12]);
    expect(splitInteger(7, [1, 1, 1])).toEqual([3, 2, 2]);
  });

  it('exact, by clicks, equally among live builds, and not attributed', () => {
    expect(attributeRow({ ...row, trackingId: 'own-21', asin: 'B0ANYTHING' }, catalogue({}))).toEqual([expect.objectContaining({ buildId: 1, method: 'esatto', feesCents: 101 })]);
    expect(attributeRow(row, catalogue({ 2: 3, 3: 1 })).map((share) => [share.buildId, share.feesCents, share.method])).toEqual([
      [2, 76, 'stimato'],
      [3, 25, 'stimato'],
    ]);
    // Build 4 is a draft without clicks: no share.
    expect(attributeRow(row, catalogue({})).map((share) => [share.buildId, share.feesCents])).toEqual([
      [2, 51],
      [3, 50],
    ]);
    expect(attributeRow({ ...row, asin: 'B0NOBODY01' }, catalogue({}))).toEqual([expect.objectContaining({ buildId: null, method: 'non_attribuito', feesCents: 101 })]);
    expect(attributeRow({ ...row, trackingId: 'unknown-21' }, catalogue({}))).toEqual([expect.objectContaining({ buildId: null, method: 'non_attribuito' })]);
  });
});

describe('ZIP reader', () => {
  it('refuses what is not an archive, however it starts', () => {
    const fake = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Uint8Array(40)]);
    expect(refusal(() => extractReport(fake, 1000, () => new Error('big') as never))).toMatch(/^Archivio ZIP non leggibile/);
  });
});

describe('the CSV export', () => {
  it('defuses what a spreadsheet would evaluate and keeps it readable', () => {
    expect(textCell('=HYPERLINK("http://x","clic")')).toBe(`"'=HYPERLINK(""http://x"",""clic"")"`);
    expect(textCell('+39 123')).toBe(`"'+39 123"`);
    expect(textCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(textCell('Mouse, nero')).toBe('"Mouse, nero"');
  });
});
