/**
 * A ZIP holding the report (Associates Central often downloads the CSV zipped), read with node:zlib only
 * (decision 045: a bounded reader of our own instead of a dependency). The archive is untrusted: every
 * offset is checked against the buffer, the entry count and the inflated size are bounded before anything
 * is inflated, the output stops at the limit (a "zip bomb" costs at most that), ZIP64 and encrypted entries
 * are refused, and the CRC-32 must match.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { AppError } from '../../common/errors';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const MAX_ENTRIES = 1000;
const REPORT_NAME = /\.(csv|tsv|txt)$/i;

const unreadable = (why: string) => new AppError('BAD_REQUEST', `Archivio ZIP non leggibile: ${why}`);

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  throw unreadable('manca la directory centrale');
}

function readEntries(bytes: Uint8Array): Entry[] {
  if (bytes.length < 22) throw unreadable('file troppo corto');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfCentralDirectory(view);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw unreadable('il formato ZIP64 non è supportato');
  if (count > MAX_ENTRIES) throw unreadable(`più di ${MAX_ENTRIES} file`);
  if (directoryOffset + directorySize > end) throw unreadable('directory centrale fuori dal file');
  const decoder = new TextDecoder();
  const entries: Entry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL_HEADER) throw unreadable('directory centrale danneggiata');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > end) throw unreadable('directory centrale danneggiata');
    entries.push({
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The bytes of the archive's report: its only entry, or its first .csv/.tsv/.txt one. `maxBytes` bounds
 * the inflated size (413 above it, as for a plain file).
 */
export function extractReport(bytes: Uint8Array, maxBytes: number, tooLarge: () => AppError): { name: string; bytes: Uint8Array } {
  const files = readEntries(bytes).filter((entry) => !entry.name.endsWith('/'));
  const entry = files.find((candidate) => REPORT_NAME.test(candidate.name)) ?? (files.length === 1 ? files[0] : undefined);
  if (!entry) throw unreadable("nessun file CSV nell'archivio");
  if (entry.flags & 0x1) throw unreadable('il file è cifrato');
  if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw unreadable('il formato ZIP64 non è supportato');
  if (entry.size > maxBytes) throw tooLarge();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_HEADER) throw unreadable('intestazione del file danneggiata');
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + entry.compressedSize > bytes.length) throw unreadable('file troncato');
  const packed = bytes.subarray(start, start + entry.compressedSize);
  let data: Uint8Array;
  if (entry.method === 0) data = packed;
  else if (entry.method === 8) {
    try {
      // One byte over the declared size is enough to know the entry lied about it.
      data = inflateRawSync(packed, { maxOutputLength: Math.min(maxBytes, entry.size) + 1 });
    } catch (error) {
      // The declared size is within the limit (checked above): more output means the entry lied about it.
      throw unreadable(error instanceof RangeError ? 'dimensione del file diversa da quella dichiarata' : 'dati compressi danneggiati');
    }
  } else throw unreadable(`metodo di compressione ${entry.method} non supportato`);
  if (data.length !== entry.size) throw data.length > maxBytes ? tooLarge() : unreadable('dimensione del file diversa da quella dichiarata');
  if (crc32(data) >>> 0 !== entry.crc) throw unreadable('controllo CRC non superato');
  return { name: entry.name.split('/').pop() ?? entry.name, bytes: data };
}
