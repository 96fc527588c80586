/**
 * An Associates Earnings report read into rows (decision 045). Pure: text in, rows or an Italian AppError out.
 *
 * The report may start with a title line ("Fee-Earnings reports from … to …") before its header; it may be
 * comma-, semicolon- or tab-separated; its headers may carry a currency ("Ad Fees(€)") and be English or
 * the amazon.it console's Italian; a header it does not know can be mapped once by the author (remembered).
 * Lines are summed per day × tracking ID × ASIN × device × direct, the unit re-imports replace.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../../common/errors';
import { REPORT_FIELD_LABELS, REPORT_FIELDS, REQUIRED_REPORT_FIELDS, type ReportField } from './revenue.schema';
import { firstLines, readRecords, separatorOf, type Separator } from './report-text';
import { dayOrderOf, type DayOrder, parseReportDate, parseReportNumber, periodOfTitle } from './report-values';
import type { RevenueRowsTable } from '../../db/tables';

/** Lines looked at for the header (a title line, blank lines and notes may come first). */
const HEADER_SEARCH_LINES = 20;
const MAX_TRACKING_ID = 100;

/** A header folded for comparison: lower case, no accents, no currency in brackets, single spaces. */
export function foldHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\((?:€|\$|£|eur|usd|gbp)\)|[€$£]/g, ' ')
    .replace(/[_\-.:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The headers the report is known to use. English: Amazon's documentation of the Earnings report. Italian:
 * the amazon.it console's translations as far as they could be established; any other spelling is mapped
 * once by the author and remembered.
 */
const KNOWN_HEADERS: Readonly<Record<ReportField, readonly string[]>> = {
  category: ['category', 'categoria', 'categoria prodotto'],
  name: ['name', 'product name', 'title', 'nome', 'nome prodotto', 'nome del prodotto', 'titolo', 'prodotto'],
  asin: ['asin', 'codice asin'],
  seller: ['seller', 'venditore', 'venduto da'],
  tracking_id: ['tracking id', 'trackingid', 'tag', 'id di monitoraggio', 'id monitoraggio', 'id di tracciamento', 'id tracciamento', 'tracking id tag'],
  date_shipped: ['date shipped', 'shipped date', 'ship date', 'data di spedizione', 'data spedizione', 'data spedito', 'spedito il'],
  price: ['price', 'prezzo', 'prezzo articolo', 'prezzo unitario'],
  items_shipped: ['items shipped', 'articoli spediti', 'prodotti spediti', 'unita spedite', 'quantita spedita', 'spediti'],
  returns: ['returns', 'items returned', 'resi', 'articoli resi', 'prodotti resi'],
  revenue: ['revenue', 'entrate', 'ricavi', 'fatturato', 'vendite'],
  ad_fees: ['ad fees', 'advertising fees', 'commissioni', 'commissioni pubblicitarie', 'tariffe pubblicitarie', 'compensi pubblicitari', 'commissioni per la pubblicita', 'guadagni'],
  device_type_group: ['device type group', 'device type', 'tipo di dispositivo', 'gruppo tipo di dispositivo', 'gruppo di tipi di dispositivo', 'dispositivo'],
  direct: ['direct', 'diretto', 'diretta', 'vendita diretta', 'acquisto diretto'],
};

const KNOWN: ReadonlyMap<string, ReportField> = new Map(REPORT_FIELDS.flatMap((field) => KNOWN_HEADERS[field].map((header) => [header, field] as const)));

/** A line's text columns, as a stored row keeps them (db/tables.ts). */
type ReportText = Pick<RevenueRowsTable, 'asin' | 'device' | 'direct' | 'name' | 'category' | 'seller'>;

export interface ReportLine extends ReportText {
  line: number;
  day: string;
  trackingId: string;
  itemsShipped: number;
  returns: number;
  revenueCents: number;
  feesCents: number;
}

/** A stored row: the lines of one day × tracking ID × ASIN × device × direct, summed. */
export type ReportRow = Omit<ReportLine, 'line'>;

export interface EarningsReport {
  rows: ReportRow[];
  /** Lines read (not counting the title, header and blank lines). */
  lines: number;
  /** The title line's period, else the first and last day of the rows. */
  period: { from: string; to: string };
  feesCents: number;
  /** sha256 of the rows and period: the same report, however packed or separated, hashes the same. */
  contentHash: string;
  /** Headers matched through the author's mapping (to remember after a successful import). */
  mappedHeaders: Record<string, ReportField>;
}

export interface HeaderOptions {
  /** Folded header → field, remembered from earlier mappings. */
  remembered: ReadonlyMap<string, ReportField>;
  /** The author's mapping of this upload: field → header as in the file. */
  mapping: Partial<Record<ReportField, string>>;
}

/** A 400 the screen turns into the mapping form: the missing fields and the file's headers. */
export function missingColumnsError(missing: readonly ReportField[], headers: readonly string[]): AppError {
  const names = missing.map((field) => `«${REPORT_FIELD_LABELS[field]}»`).join(', ');
  const message = missing.length === 1 ? `Nel file manca la colonna obbligatoria ${names}` : `Nel file mancano le colonne obbligatorie ${names}`;
  return new AppError('VALIDATION_ERROR', message, {
    fields: Object.fromEntries(missing.map((field) => [`column.${field}`, `Colonna non trovata: ${REPORT_FIELD_LABELS[field]}`])),
    details: headers.filter((header) => header.trim() !== '').slice(0, 60),
  });
}

function fieldsOf(headers: readonly string[], options: HeaderOptions): { columns: Map<ReportField, number>; mapped: Record<string, ReportField> } {
  const columns = new Map<ReportField, number>();
  const mapped: Record<string, ReportField> = {};
  const folded = headers.map(foldHeader);
  for (const [field, header] of Object.entries(options.mapping) as [ReportField, string][]) {
    const index = folded.indexOf(foldHeader(header));
    if (index !== -1) {
      columns.set(field, index);
      mapped[folded[index]!] = field;
    }
  }
  folded.forEach((header, index) => {
    const field = KNOWN.get(header) ?? options.remembered.get(header);
    if (field && !columns.has(field)) columns.set(field, index);
  });
  return { columns, mapped };
}

interface HeaderFound {
  index: number;
  separator: Separator;
  headers: string[];
}

/** The header line: among the first lines, the one that names the most known columns. */
function findHeader(text: string, options: HeaderOptions): HeaderFound & { columns: Map<ReportField, number>; mapped: Record<string, ReportField> } {
  const lines = firstLines(text, HEADER_SEARCH_LINES);
  let best: (HeaderFound & ReturnType<typeof fieldsOf>) | null = null;
  let widest: HeaderFound | null = null;
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const separator = separatorOf(line);
    let headers: string[];
    try {
      const first = readRecords(line, separator, 0, index + 1).next();
      headers = first.done ? [] : first.value.cells;
    } catch {
      return;
    }
    const found = { index, separator, headers, ...fieldsOf(headers, options) };
    if (found.columns.size > (best?.columns.size ?? 0)) best = found;
    if (headers.length >= 3 && (widest === null || headers.length > widest.headers.length)) widest = { index, separator, headers };
  });
  const chosen = best as (HeaderFound & ReturnType<typeof fieldsOf>) | null;
  if (chosen && chosen.columns.size >= 2) return chosen;
  const fallback = widest as HeaderFound | null;
  throw missingColumnsError(REQUIRED_REPORT_FIELDS, fallback?.headers ?? chosen?.headers ?? []);
}

function offsetOfLine(text: string, index: number): number {
  let at = 0;
  for (let line = 0; line < index; line++) at = text.indexOf('\n', at) + 1;
  return at;
}

const lineError = (line: number, message: string) => new AppError('VALIDATION_ERROR', `Riga ${line}: ${message}`);

function toCents(value: number): number {
  return Math.round(value * 100);
}

/** Reads the report's text; throws a 400 naming the missing column or the first bad line. */
export function readEarningsReport(text: string, options: HeaderOptions): EarningsReport {
  const header = findHeader(text, options);
  const missing = REQUIRED_REPORT_FIELDS.filter((field) => !header.columns.has(field));
  if (missing.length > 0) throw missingColumnsError(missing, header.headers);
  const column = (field: ReportField) => header.columns.get(field);
  const cellOf = (cells: string[], field: ReportField) => {
    const index = column(field);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };

  const records = [...readRecords(text, header.separator, offsetOfLine(text, header.index + 1), header.index + 2)];
  const englishHeaders = header.headers.some((name) => foldHeader(name) === 'ad fees');
  const order: DayOrder = dayOrderOf(
    records.map((record) => cellOf(record.cells, 'date_shipped')),
    englishHeaders && header.separator === ',' ? 'mdy' : 'dmy',
  );
  const titleLines = firstLines(text, header.index).filter((line) => line.trim() !== '');
  const titlePeriod = titleLines.length > 0 ? periodOfTitle(titleLines.join(' '), order) : null;

  const rows = new Map<string, ReportRow>();
  // A report has a few hundred distinct dates over its many lines.
  const dayOf = new Map<string, string | null>();
  let lines = 0;
  for (const record of records) {
    if (record.cells.every((cell) => cell.trim() === '')) continue;
    // A summary line ("Total", …) names no product and no tracking ID: not a sale.
    if (cellOf(record.cells, 'asin') === '' && cellOf(record.cells, 'tracking_id') === '') continue;
    const empty = REQUIRED_REPORT_FIELDS.find((field) => cellOf(record.cells, field) === '');
    if (empty) throw lineError(record.line, `la colonna «${REPORT_FIELD_LABELS[empty]}» è vuota`);
    const asin = cellOf(record.cells, 'asin').toUpperCase();
    if (!/^[A-Z0-9]{10}$/.test(asin)) throw lineError(record.line, `«${asin.slice(0, 40)}» non è un ASIN`);
    const trackingId = cellOf(record.cells, 'tracking_id');
    if (trackingId.length > MAX_TRACKING_ID) throw lineError(record.line, `il Tracking ID supera ${MAX_TRACKING_ID} caratteri`);
    const dateCell = cellOf(record.cells, 'date_shipped');
    let day = dayOf.get(dateCell);
    if (day === undefined) {
      day = parseReportDate(dateCell, order);
      dayOf.set(dateCell, day);
    }
    if (!day) throw lineError(record.line, `«${cellOf(record.cells, 'date_shipped').slice(0, 40)}» non è una data`);
    const number = (field: ReportField) => {
      const value = parseReportNumber(cellOf(record.cells, field));
      if (value === null || !Number.isFinite(value) || Math.abs(value) > 1e9) {
        throw lineError(record.line, `«${cellOf(record.cells, field).slice(0, 40)}» nella colonna «${REPORT_FIELD_LABELS[field]}» non è un numero`);
      }
      return value;
    };
    const count = (field: ReportField) => {
      const value = number(field);
      if (!Number.isInteger(value)) throw lineError(record.line, `la colonna «${REPORT_FIELD_LABELS[field]}» deve contenere un numero intero`);
      return value;
    };
    lines++;
    const line: ReportRow = {
      day,
      trackingId,
      asin,
      device: cellOf(record.cells, 'device_type_group').slice(0, 50),
      direct: cellOf(record.cells, 'direct').slice(0, 20),
      name: cellOf(record.cells, 'name').slice(0, 500),
      category: cellOf(record.cells, 'category').slice(0, 200),
      seller: cellOf(record.cells, 'seller').slice(0, 200),
      itemsShipped: count('items_shipped'),
      returns: column('returns') === undefined ? 0 : count('returns'),
      revenueCents: column('revenue') === undefined ? 0 : toCents(number('revenue')),
      feesCents: toCents(number('ad_fees')),
    };
    const key = [line.day, line.trackingId, line.asin, line.device, line.direct].join('\u0000');
    const row = rows.get(key);
    if (!row) rows.set(key, line);
    else {
      row.itemsShipped += line.itemsShipped;
      row.returns += line.returns;
      row.revenueCents += line.revenueCents;
      row.feesCents += line.feesCents;
      if (row.name === '') row.name = line.name;
    }
  }
  if (rows.size === 0) throw new AppError('VALIDATION_ERROR', 'Il report non contiene nessuna vendita');

  // The map's keys are the rows' keys: sorted once, not rebuilt for every comparison.
  const sorted = [...rows.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, row]) => row);
  const days = sorted.map((row) => row.day);
  const first = days[0]!;
  const last = days.reduce((max, day) => (day > max ? day : max), first);
  // A title's period that does not hold every row is not trusted beyond the rows.
  const period = titlePeriod ? { from: titlePeriod.from < first ? titlePeriod.from : first, to: titlePeriod.to > last ? titlePeriod.to : last } : { from: first, to: last };
  const hash = createHash('sha256').update(JSON.stringify([period, sorted.map((row) => [row.day, row.trackingId, row.asin, row.device, row.direct, row.itemsShipped, row.returns, row.revenueCents, row.feesCents])])).digest('hex');
  return {
    rows: sorted,
    lines,
    period,
    feesCents: sorted.reduce((sum, row) => sum + row.feesCents, 0),
    contentHash: hash,
    mappedHeaders: header.mapped,
  };
}

