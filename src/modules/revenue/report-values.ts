/**
 * The report's cells as values: amounts with a decimal comma or point (and thousands separators, a
 * currency sign), counts, and dates as the report writes them. Pure.
 */

const PLAIN_NUMBER = /^-?\d{1,12}(\.\d{1,6})?$/;

/** An amount or count as written ("1.234,56", "1,234.56", "12,5", "€ 3,10", "(0,50)"); null when it is not one. */
export function parseReportNumber(raw: string): number | null {
  // Most cells are plain: read them without the clean-up below (a 100,000-line report has 500,000 of them).
  if (PLAIN_NUMBER.test(raw)) return Number(raw);
  let text = raw.replace(/[\s\u00a0\u202f']/g, '').replace(/EUR|USD|GBP|€|\$|£/gi, '');
  if (text === '') return 0;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  const comma = text.lastIndexOf(',');
  const dot = text.lastIndexOf('.');
  if (comma !== -1 && dot !== -1) {
    text = comma > dot ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  } else if (comma !== -1) {
    // Several commas are thousands ("1,234,567"); one is the decimal comma ("12,50").
    text = text.indexOf(',') !== comma ? text.replace(/,/g, '') : text.replace(',', '.');
  } else if (dot !== -1 && text.indexOf('.') !== dot) {
    text = text.replace(/\./g, '');
  }
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return negative ? -value : value;
}

export type DayOrder = 'dmy' | 'mdy';

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, gen: 1, gennaio: 1,
  feb: 2, february: 2, febbraio: 2,
  mar: 3, march: 3, marzo: 3,
  apr: 4, april: 4, aprile: 4,
  may: 5, mag: 5, maggio: 5,
  jun: 6, june: 6, giu: 6, giugno: 6,
  jul: 7, july: 7, lug: 7, luglio: 7,
  aug: 8, august: 8, ago: 8, agosto: 8,
  sep: 9, sept: 9, september: 9, set: 9, settembre: 9,
  oct: 10, october: 10, ott: 10, ottobre: 10,
  nov: 11, november: 11, novembre: 11,
  dec: 12, december: 12, dic: 12, dicembre: 12,
};

function toDay(year: number, month: number, date: number): string | null {
  if (year < 100) year += 2000;
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || date < 1 || date > 31) return null;
  const day = `${String(year)}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  // 31 February is not a day.
  return new Date(`${day}T00:00:00Z`).toISOString().startsWith(day) ? day : null;
}

const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$| 00:00:00$)/;
const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T\s])/;
const NUMERIC = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?:$|\s)/;
const DAY_MONTH_NAME = /^(\d{1,2})[\s-]+([a-z]+)\.?,?[\s-]+(\d{4})/;
const MONTH_NAME_DAY = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})/;

/** 'YYYY-MM-DD' of a date as the report writes it; `order` settles "03/04/2026". Null when it is not a date. */
export function parseReportDate(raw: string, order: DayOrder): string | null {
  const plain = PLAIN_DAY.exec(raw);
  if (plain) return toDay(Number(plain[1]), Number(plain[2]), Number(plain[3]));
  const text = raw.trim().toLowerCase();
  let match = ISO.exec(text);
  if (match) return toDay(Number(match[1]), Number(match[2]), Number(match[3]));
  match = NUMERIC.exec(text);
  if (match) {
    const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return order === 'dmy' ? toDay(year, second, first) : toDay(year, first, second);
  }
  match = DAY_MONTH_NAME.exec(text);
  if (match && MONTHS[match[2]!]) return toDay(Number(match[3]), MONTHS[match[2]!]!, Number(match[1]));
  match = MONTH_NAME_DAY.exec(text);
  if (match && MONTHS[match[1]!]) return toDay(Number(match[3]), MONTHS[match[1]!]!, Number(match[2]));
  return null;
}

/**
 * The order of numeric dates in a file: fixed by any date whose first part is over 12 (day first) or whose
 * second is (month first); else `fallback`.
 */
export function dayOrderOf(samples: Iterable<string>, fallback: DayOrder): DayOrder {
  for (const sample of samples) {
    const match = NUMERIC.exec(sample.trim());
    if (!match) continue;
    if (Number(match[1]) > 12) return 'dmy';
    if (Number(match[2]) > 12) return 'mdy';
  }
  return fallback;
}

/** The two dates of a title line ("Fee-Earnings reports from 2026-10-01 to 2026-10-31"), in order, or null. */
export function periodOfTitle(title: string, order: DayOrder): { from: string; to: string } | null {
  const tokens = title.toLowerCase().match(/\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|[a-z]+\.? \d{1,2},? \d{4}|\d{1,2} [a-z]+\.? \d{4}/g) ?? [];
  const days = tokens.map((token) => parseReportDate(token, order)).filter((day): day is string => day !== null);
  if (days.length < 2) return null;
  const [from, to] = [days[0]!, days[1]!];
  return from <= to ? { from, to } : null;
}
