/**
 * Earnings reports as Associates Central writes them, generated: the same sales as a comma CSV with its
 * title line, as a ZIP of it, as a semicolon CSV with decimal commas (amazon.it), with a BOM; and a ZIP
 * writer (stored or deflated) for the archive tests.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface Sale {
  category?: string;
  name: string;
  asin: string;
  seller?: string;
  tracking: string;
  /** 'YYYY-MM-DD' */
  day: string;
  price: number;
  items: number;
  returns: number;
  revenue: number;
  fees: number;
  device?: string;
  direct?: string;
}

export const HEADERS_EN = ['Category', 'Name', 'ASIN', 'Seller', 'Tracking ID', 'Date Shipped', 'Price(€)', 'Items Shipped', 'Returns', 'Revenue(€)', 'Ad Fees(€)', 'Device Type Group', 'Direct'];

function quote(cell: string, separator: string): string {
  return /["\n\r]/.test(cell) || cell.includes(separator) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export interface ReportOptions {
  separator?: ',' | ';' | '\t';
  decimalComma?: boolean;
  /** The title line's period, or null for none. */
  title?: { from: string; to: string } | null;
  bom?: boolean;
  headers?: readonly string[];
  /** How dates are written: ISO with a time (default) or day/month/year. */
  dates?: 'iso' | 'dmy';
}

export function reportText(sales: readonly Sale[], options: ReportOptions = {}): string {
  const { separator = ',', decimalComma = false, title = null, headers = HEADERS_EN, dates = 'iso' } = options;
  const amount = (value: number) => (decimalComma ? value.toFixed(2).replace('.', ',') : value.toFixed(2));
  const date = (day: string) => (dates === 'iso' ? `${day} 00:00:00` : `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`);
  const lines: string[] = [];
  if (title) lines.push(`Fee-Earnings reports from ${title.from} to ${title.to}`);
  lines.push(headers.map((header) => quote(header, separator)).join(separator));
  for (const sale of sales) {
    lines.push(
      [
        sale.category ?? 'Informatica',
        sale.name,
        sale.asin,
        sale.seller ?? 'Amazon',
        sale.tracking,
        date(sale.day),
        amount(sale.price),
        String(sale.items),
        String(sale.returns),
        amount(sale.revenue),
        amount(sale.fees),
        sale.device ?? 'DESKTOP',
        sale.direct ?? 'Y',
      ]
        .map((cell) => quote(cell, separator))
        .join(separator),
    );
  }
  return `${options.bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}

/** A ZIP of `files` (deflated unless `stored`), as a spreadsheet program or Associates Central writes one. */
export function zipOf(files: readonly { name: string; data: Uint8Array }[], stored = false): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const packed = stored ? Buffer.from(file.data) : deflateRawSync(file.data);
    const crc = crc32(file.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(stored ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
