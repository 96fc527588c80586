/**
 * The report's bytes as text and its cells: BOM (UTF-8, UTF-16), UTF-8 or Windows-1252, the separator
 * (comma, semicolon or tab, found on the header line) and RFC 4180 quoting. Pure; bounded against hostile
 * files: columns per line and characters per cell are limited, broken quotes are refused with their line.
 */
import { AppError } from '../../common/errors';

export const MAX_COLUMNS = 200;
const MAX_CELL_CHARS = 4000;

const unreadable = (message: string) => new AppError('BAD_REQUEST', message);

/** Text of the file; refuses what is not text (NUL bytes, control characters: a binary file). */
export function decodeReport(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      // Not UTF-8: a spreadsheet's "CSV" saved on Windows.
      text = new TextDecoder('windows-1252').decode(body);
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 65_536))) throw unreadable('Il file non è un report CSV leggibile (sembra un file binario)');
  if (text.trim() === '') throw unreadable('Il file è vuoto');
  return text;
}

export type Separator = ',' | ';' | '\t';

/** The separator of a line: the one that occurs most outside quotes (a tab over a semicolon over a comma on a tie). */
export function separatorOf(line: string): Separator {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as Separator]++;
  }
  if (counts['\t'] >= counts[';'] && counts['\t'] >= counts[','] && counts['\t'] > 0) return '\t';
  return counts[';'] >= counts[','] && counts[';'] > 0 ? ';' : ',';
}

/** The file's physical lines (for finding the header before the separator is known). */
export function firstLines(text: string, count: number): string[] {
  const lines: string[] = [];
  let start = 0;
  while (lines.length < count && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lines.push(text.slice(start, end).replace(/\r$/, ''));
    start = end + 1;
  }
  return lines;
}

export interface ReportRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  cells: string[];
}

/**
 * The records of `text` from character `from` on (`firstLine` is that position's line number). A quoted
 * cell may hold separators, doubled quotes and line breaks.
 */
export function* readRecords(text: string, separator: Separator, from: number, firstLine: number): Generator<ReportRecord> {
  let at = from;
  let line = firstLine;
  const length = text.length;
  while (at < length) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell = '';
      if (text[at] === '"') {
        at++;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote === -1) throw unreadable(`Riga ${start}: virgolette aperte e mai chiuse`);
          const chunk = text.slice(at, quote);
          for (let index = chunk.indexOf('\n'); index !== -1; index = chunk.indexOf('\n', index + 1)) line++;
          cell += chunk;
          at = quote + 1;
          if (text[at] === '"') {
            cell += '"';
            at++;
            continue;
          }
          break;
        }
        const next = text[at];
        if (next !== undefined && next !== separator && next !== '\n' && next !== '\r') {
          throw unreadable(`Riga ${line}: testo dopo le virgolette di chiusura di un campo`);
        }
      } else {
        let end = at;
        while (end < length && text[end] !== separator && text[end] !== '\n' && text[end] !== '\r') end++;
        cell = text.slice(at, end);
        at = end;
      }
      if (cell.length > MAX_CELL_CHARS) throw unreadable(`Riga ${start}: un campo supera ${MAX_CELL_CHARS} caratteri`);
      cells.push(cell);
      if (cells.length > MAX_COLUMNS) throw unreadable(`Riga ${start}: più di ${MAX_COLUMNS} colonne`);
      if (text[at] === separator) {
        at++;
        continue;
      }
      if (text[at] === '\r') at++;
      if (text[at] === '\n') at++;
      line++;
      break;
    }
    yield { line: start, cells };
  }
}
