/**
 * The archive on disk: gzip-compressed lines of JSON (NDJSON), written and read as streams so memory
 * stays bounded whatever the size of the site.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import { AppError } from '../../common/errors';
import { formatCount } from '../../common/format';

/** Longest line read back: an image of the largest upload size, in base64, with room to spare. */
const MAX_LINE_CHARS = 128 * 1024 * 1024;

/**
 * Writes the chunks (each one or more whole lines) to `path`, gzip-compressed. The file appears only
 * once complete: it is written beside the target and renamed, so an interrupted backup never leaves
 * a file that looks like an archive.
 */
export async function writeArchiveFile(path: string, chunks: AsyncIterable<string>): Promise<void> {
  const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await pipeline(Readable.from(chunks), createGzip(), createWriteStream(partial, { flags: 'wx' }));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw (error as NodeJS.ErrnoException | null)?.path === partial ? unwritable(path, error as NodeJS.ErrnoException) : error;
  }
}

/** A file-system error on the archive itself, said in one line that names the path as the operator typed it. */
function unwritable(path: string, error: NodeJS.ErrnoException): AppError {
  const reasons: Record<string, string> = {
    ENOENT: `la cartella ${dirname(path)} non esiste`,
    ENOTDIR: `${dirname(path)} non è una cartella`,
    EACCES: 'permesso negato',
    EPERM: 'permesso negato',
    ENOSPC: 'spazio su disco esaurito',
    EROFS: 'file system in sola lettura',
  };
  return new AppError('BAD_REQUEST', `Impossibile scrivere il backup in ${path}: ${reasons[error.code ?? ''] ?? error.message}`);
}

export interface ArchiveLine {
  /** 1-based, for error messages. */
  number: number;
  text: string;
}

function unreadable(path: string, error: unknown): AppError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return new AppError('NOT_FOUND', `File di backup non trovato: ${path}`);
  if (code === 'EISDIR') return new AppError('BAD_REQUEST', `${path} è una cartella, non un file di backup`);
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError('VALIDATION_ERROR', `Archivio illeggibile: il file è troncato o non è un backup compresso con gzip (${reason})`);
}

/** The lines of an archive. A damaged or truncated gzip stream throws an AppError naming the problem. */
export async function* readArchiveLines(path: string): AsyncGenerator<ArchiveLine> {
  const file = createReadStream(path);
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  // A read error (missing file, a directory) must reach the loop below, which only reads the gunzip side.
  file.on('error', (error) => gunzip.destroy(error));
  file.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let pending: string[] = [];
  let pendingChars = 0;
  let number = 0;
  const iterator = gunzip[Symbol.asyncIterator]();
  try {
    for (;;) {
      let step: IteratorResult<Buffer>;
      try {
        step = await iterator.next();
      } catch (error) {
        throw unreadable(path, error);
      }
      const chunk = step.done ? decoder.end() : decoder.write(step.value);
      let start = 0;
      let newline = chunk.indexOf('\n');
      while (newline !== -1) {
        pending.push(chunk.slice(start, newline));
        yield { number: ++number, text: pending.join('') };
        pending = [];
        pendingChars = 0;
        start = newline + 1;
        newline = chunk.indexOf('\n', start);
      }
      if (start < chunk.length) {
        pending.push(chunk.slice(start));
        pendingChars += chunk.length - start;
        if (pendingChars > MAX_LINE_CHARS) {
          throw new AppError('VALIDATION_ERROR', `Archivio non valido alla riga ${number + 1}: riga troppo lunga (oltre ${formatCount(MAX_LINE_CHARS)} caratteri)`);
        }
      }
      if (step.done) break;
    }
    if (pendingChars > 0) yield { number: ++number, text: pending.join('') };
  } finally {
    file.destroy();
    gunzip.destroy();
  }
}
