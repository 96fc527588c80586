/**
 * Reads an archive line by line and checks everything a restore relies on before it writes anything:
 * the manifest (format, version, schema), every row against its table's schema and the API's rules
 * (row-rules.ts), ids in order, links to rows earlier in the archive, every image against the upload
 * path's name and type and its size and sha256, and the closing counts. Any
 * problem throws an AppError with an Italian message naming the line and what is wrong, so a damaged
 * or truncated file is refused as a whole.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../common/errors';
import { formatCount, formatQuantity } from '../../common/format';
import { isUploadKey, isWebpImage, UPLOAD_CONTENT_TYPE } from '../media';
import { readArchiveLines } from './archive-file';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  BACKUP_TABLES,
  type BackupRow,
  type BackupTable,
  type BackupTableName,
  endLine,
  imageLine,
  type Manifest,
  manifestLine,
} from './backup.schema';
import { checkRowRules } from './row-rules';

export type ArchiveRecord =
  | { kind: 'manifest'; manifest: Manifest }
  | { kind: 'image'; key: string; contentType: string; bytes: Buffer }
  | { kind: 'row'; table: BackupTable; row: BackupRow }
  | { kind: 'end'; rows: Map<BackupTableName, number>; images: number };

const italian = z.locales.it();

const invalid = (message: string) => new AppError('VALIDATION_ERROR', `Archivio non valido ${message}`);

function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') return `campo sconosciuto ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
  const field = issue.path.map(String).join('.');
  return field ? `campo "${field}": ${issue.message}` : issue.message;
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value, { error: italian.localeError });
  if (!result.success) throw invalid(`${where}: ${describeIssues(result.error)}`);
  return result.data;
}

function checkManifest(value: unknown, knownMigrations: readonly string[]): Manifest {
  const where = 'alla riga 1';
  const header = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (header.kind !== 'manifest') throw invalid(`${where}: manca l'intestazione del backup (il file non è un backup di Build PC)`);
  if (header.format !== ARCHIVE_FORMAT) throw invalid(`${where}: il file non è un backup di Build PC (formato ${JSON.stringify(header.format)})`);
  if (typeof header.version === 'number' && header.version > ARCHIVE_VERSION) {
    throw new AppError(
      'VALIDATION_ERROR',
      `Archivio in un formato più recente (versione ${header.version}) di quello che questa versione di Build PC sa leggere (${ARCHIVE_VERSION}): aggiorna l'applicazione`,
    );
  }
  const manifest = parseWith(manifestLine, value, where);
  const unknown = manifest.migrations.filter((name) => !knownMigrations.includes(name));
  if (unknown.length > 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      `L'archivio viene da una versione più recente di Build PC (migrazioni sconosciute: ${unknown.join(', ')}): aggiorna l'applicazione prima di ripristinarlo`,
    );
  }
  const order = BACKUP_TABLES.map((table) => table.name);
  const positions = manifest.tables.map((name) => order.indexOf(name));
  if (positions.some((position, i) => i > 0 && position <= positions[i - 1]!)) {
    throw invalid(`${where}: le tabelle non sono nell'ordine previsto (${order.join(', ')})`);
  }
  const accounts = BACKUP_TABLES.filter((table) => table.accounts && manifest.tables.includes(table.name));
  if (accounts.length > 0 && !manifest.options.with_users) throw invalid(`${where}: contiene gli utenti ma options.with_users è false`);
  return manifest;
}

/**
 * An image is stored only if it is what the upload path stores (stored-upload.ts): a content-addressed
 * WebP name, type image/webp, and bytes that are a WebP image and match the declared size and sha256.
 * Anything else in a storage served from the site's own origin could be a page planted by whoever
 * edited the archive.
 */
async function checkImage(value: unknown, where: string): Promise<ArchiveRecord & { kind: 'image' }> {
  const image = parseWith(imageLine, value, where);
  if (!isUploadKey(image.key)) {
    throw invalid(`${where}: nome d'immagine non valido ${JSON.stringify(image.key)} (le immagini caricate si chiamano <sha256>-<larghezza>.webp)`);
  }
  const named = `${where} (immagine ${image.key})`;
  if (image.content_type !== UPLOAD_CONTENT_TYPE) {
    throw invalid(`${named}: tipo ${JSON.stringify(image.content_type)} non ammesso (le immagini caricate sono solo ${UPLOAD_CONTENT_TYPE})`);
  }
  const bytes = Buffer.from(image.data, 'base64');
  if (bytes.length !== image.size || createHash('sha256').update(bytes).digest('hex') !== image.sha256) {
    throw invalid(`${named}: il contenuto non corrisponde alla sua dimensione e al suo sha256`);
  }
  if (!(await isWebpImage(bytes))) throw invalid(`${named}: il contenuto non è un'immagine WebP`);
  return { kind: 'image', key: image.key, contentType: UPLOAD_CONTENT_TYPE, bytes };
}

/**
 * The `{kind, table, row}` wrapper of a row line, checked by hand: it is the hot path of a restore (one
 * per row), and a zod record schema would copy every row once more before its table's schema does.
 */
function checkRowEnvelope(value: unknown, at: string): { table: BackupTableName; row: Record<string, unknown> } {
  const { table, row, ...rest } = value as { table?: unknown; row?: unknown };
  const extra = Object.keys(rest).filter((key) => key !== 'kind');
  if (extra.length > 0) throw invalid(`${at}: campo sconosciuto ${extra.map((key) => `"${key}"`).join(', ')}`);
  if (typeof table !== 'string' || !TABLE_NAMES.has(table)) throw invalid(`${at}: tabella sconosciuta ${JSON.stringify(table)}`);
  if (typeof row !== 'object' || row === null || Array.isArray(row)) throw invalid(`${at}: campo "row" mancante o non valido`);
  return { table: table as BackupTableName, row: row as Record<string, unknown> };
}

const TABLE_NAMES: ReadonlySet<string> = new Set(BACKUP_TABLES.map((table) => table.name));

/** Reads and checks the whole archive as it goes; the caller may write what it gets, but must not commit before `end`. */
export async function* readArchive(path: string, knownMigrations: readonly string[]): AsyncGenerator<ArchiveRecord> {
  let manifest: Manifest | null = null;
  let tableIndex = -1;
  let lastId = 0;
  let images = 0;
  let ended = false;
  const rows = new Map<BackupTableName, number>();
  // Ids of the tables other rows point at, to check every link before anything is written.
  const parentIds = new Map<BackupTableName, Set<number>>();
  for (const table of BACKUP_TABLES) for (const parent of Object.values(table.references)) parentIds.set(parent, new Set());

  for await (const line of readArchiveLines(path)) {
    const at = `alla riga ${line.number}`;
    if (ended) throw invalid(`${at}: dati dopo il record finale`);
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch {
      throw invalid(`${at}: non è JSON valido`);
    }

    if (!manifest) {
      manifest = checkManifest(value, knownMigrations);
      yield { kind: 'manifest', manifest };
      continue;
    }

    const kind = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined;
    if (kind === 'image') {
      if (tableIndex >= 0) throw invalid(`${at}: le immagini devono precedere le righe delle tabelle`);
      images++;
      yield await checkImage(value, at);
    } else if (kind === 'row') {
      const envelope = checkRowEnvelope(value, at);
      const index = manifest.tables.indexOf(envelope.table);
      if (index === -1) throw invalid(`${at}: la tabella ${envelope.table} non è tra quelle dichiarate nell'intestazione`);
      if (index < tableIndex) throw invalid(`${at}: la tabella ${envelope.table} compare fuori ordine`);
      if (index > tableIndex) {
        tableIndex = index;
        lastId = 0;
      }
      const table = BACKUP_TABLES.find((candidate) => candidate.name === envelope.table)!;
      const rawId = envelope.row.id;
      const where = `${at} (tabella ${table.name}${typeof rawId === 'number' ? `, id ${rawId}` : ''})`;
      const row = parseWith(table.row, envelope.row, where) as BackupRow;
      const broken = checkRowRules(table.name, row);
      if (broken) throw invalid(`${where}: ${broken.column ? `campo "${broken.column}": ` : ''}${broken.message}`);
      const id = row.id as number;
      // The backup writes each table in id order: a repeated or out-of-order id means a damaged file.
      if (id <= lastId) throw invalid(`${where}: id ripetuto o fuori ordine`);
      lastId = id;
      for (const [column, parent] of Object.entries(table.references)) {
        const target = row[column];
        if (target !== null && !parentIds.get(parent)!.has(target as number)) {
          throw invalid(`${where}: ${column} = ${target} non corrisponde a nessuna riga di ${parent} nell'archivio`);
        }
      }
      parentIds.get(table.name)?.add(id);
      rows.set(table.name, (rows.get(table.name) ?? 0) + 1);
      yield { kind: 'row', table, row };
    } else if (kind === 'end') {
      const end = parseWith(endLine, value, at);
      for (const name of new Set([...manifest.tables, ...(Object.keys(end.rows) as BackupTableName[])])) {
        const declared = end.rows[name] ?? 0;
        const found = rows.get(name) ?? 0;
        if (declared !== found) throw invalid(`${at}: il record finale dichiara ${formatQuantity(declared, 'riga', 'righe')} di ${name}, l'archivio ne contiene ${formatCount(found)}`);
      }
      if (end.images !== images) throw invalid(`${at}: il record finale dichiara ${formatQuantity(end.images, 'immagine', 'immagini')}, l'archivio ne contiene ${formatCount(images)}`);
      ended = true;
      yield { kind: 'end', rows, images };
    } else {
      throw invalid(`${at}: tipo di riga sconosciuto ${JSON.stringify(kind)}`);
    }
  }
  if (!manifest) throw new AppError('VALIDATION_ERROR', 'Archivio vuoto: il file non contiene un backup');
  if (!ended) throw new AppError('VALIDATION_ERROR', 'Archivio incompleto: manca il record finale (il file è troncato)');
}
