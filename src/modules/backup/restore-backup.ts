/**
 * `npm run restore`: loads an archive into the configured database and image storage.
 *
 * Order of work, so that a bad archive or a refused target writes nothing:
 *   1. the whole archive is read and checked (archive-reader.ts) without writing anything;
 *   2. the database is migrated to the latest schema and must be empty (or `force`);
 *   3. the images are stored (content addressed: storing one again is harmless);
 *   4. every row is inserted in ONE transaction, ids kept, parents first; with `force` the old content
 *      is deleted in that same transaction. The archive is checked again as it is read, and the
 *      transaction commits only after its final record, so nothing is half-written.
 */
import type { Kysely } from 'kysely';
import { AppError } from '../../common/errors';
import { rebuildSearchIndex } from '../../db/build-search-index';
import type { Dialect } from '../../db/connection';
import { migrateToLatest } from '../../db/migrate';
import { migrations } from '../../db/migrations';
import type { Database } from '../../db/tables';
import type { ObjectStorage } from '../../integrations/storage';
import type { Clock } from '../clock';
import { fillRestoredAlternativePriceSources } from '../alternatives';
import { fillRestoredClickProducts } from '../analytics';
import { rebuildPriceHistoryDays } from '../pricing';
import { type ArchiveRecord, readArchive } from './archive-reader';
import { closeInterruptedRuns, countRows, deleteAllRows, insertRows, resetIdSequences } from './backup.repository';
import { BACKUP_TABLES, type BackupRow, type BackupTable, type BackupTableName, columnsOf, describeRowCounts, type Manifest } from './backup.schema';

/** Rows per INSERT: well under both databases' limits on bound parameters (21 columns at most here). */
const MAX_PARAMETERS_PER_INSERT = 10_000;

export const INTERRUPTED_RUN_ERROR = 'Interrotta: il backup è stato preso mentre era in corso';

export interface RestoreDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The uploaded images of the TARGET configuration (media/upload-storage.ts). */
  storage: ObjectStorage;
  clock: Clock;
}

export interface RestoreOptions {
  /** Replace the content of a database that is not empty. */
  force: boolean;
}

export interface RestoreSummary {
  manifest: Manifest;
  rows: Map<BackupTableName, number>;
  images: number;
  /** Whether the archive carried the accounts (else the target keeps its own, or has none). */
  usersRestored: boolean;
}

const knownMigrations = migrations.map((migration) => migration.name);

/** Reads the whole archive, checking every line, and returns its manifest and counts. Writes nothing. */
export async function verifyArchive(path: string): Promise<Omit<RestoreSummary, 'usersRestored'>> {
  let manifest: Manifest | null = null;
  let end: (ArchiveRecord & { kind: 'end' }) | null = null;
  // Read to the very end: anything after the final record also makes the archive invalid.
  for await (const record of readArchive(path, knownMigrations)) {
    if (record.kind === 'manifest') manifest = record.manifest;
    if (record.kind === 'end') end = record;
  }
  if (!manifest || !end) throw new Error('unreachable: readArchive ends with an end record or throws');
  return { manifest, rows: end.rows, images: end.images };
}

/** Refuses a target that already holds content or accounts, unless told to replace it. */
async function assertEmpty(db: Kysely<Database>): Promise<void> {
  const counts = await countRows(
    db,
    BACKUP_TABLES.filter((table) => table.name !== 'sessions').map((table) => table.name),
  );
  if ([...counts.values()].some((count) => count > 0)) {
    throw new AppError(
      'CONFLICT',
      `Il database di destinazione non è vuoto (${describeRowCounts(counts)}): per sostituirne il contenuto con quello del backup rilancia con --force`,
    );
  }
}

/** Tables the restore replaces: all the content, and the accounts only when the archive has them. */
function tablesToReplace(manifest: Manifest): BackupTable[] {
  return BACKUP_TABLES.filter((table) => !table.accounts || manifest.options.with_users);
}

export async function restoreBackup(deps: RestoreDeps, path: string, options: RestoreOptions): Promise<RestoreSummary> {
  const { db, dialect } = deps;
  const verified = await verifyArchive(path);
  const { manifest } = verified;

  await migrateToLatest(db, dialect);
  if (!options.force) await assertEmpty(db);

  const records = readArchive(path, knownMigrations)[Symbol.asyncIterator]();
  try {
    await writeContent(deps, records, tablesToReplace(manifest), options.force);
  } finally {
    await records.return(undefined); // closes the file when a write failed halfway
  }
  return { ...verified, usersRestored: manifest.options.with_users };
}

/** Steps 3 and 4: the images, then the rows in one transaction. */
async function writeContent(deps: RestoreDeps, records: AsyncIterator<ArchiveRecord>, replaced: BackupTable[], force: boolean): Promise<void> {
  const { db, dialect, storage, clock } = deps;
  let next = await records.next(); // the manifest, checked again
  next = await records.next();
  while (!next.done && next.value.kind === 'image') {
    await storage.put(next.value.key, next.value.bytes, next.value.contentType);
    next = await records.next();
  }

  await db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: another restore or a first start may have written meanwhile.
    if (force) await deleteAllRows(trx, [...replaced].reverse().map((table) => table.name));
    else await assertEmpty(trx);

    let batch: BackupRow[] = [];
    let batchTable: BackupTable | null = null;
    const flush = async () => {
      if (batchTable) await insertRows(trx, batchTable.name, batch);
      batch = [];
    };
    for (; !next.done; next = await records.next()) {
      const record: ArchiveRecord = next.value;
      if (record.kind !== 'row') continue; // the end record: the loop ends after it
      if (record.table !== batchTable || batch.length >= Math.floor(MAX_PARAMETERS_PER_INSERT / columnsOf(record.table).length)) {
        await flush();
        batchTable = record.table;
      }
      batch.push(record.row);
    }
    await flush();
    await resetIdSequences(
      trx,
      dialect,
      replaced.map((table) => table.name),
    );
    await closeInterruptedRuns(trx, clock.now().toISOString(), INTERRUPTED_RUN_ERROR);
    // Derived from the observations, so not in the archive: made again from what was just restored.
    await rebuildPriceHistoryDays(trx);
    // Click rows of an archive made before migration 0015 get the product their component was.
    await fillRestoredClickProducts(trx);
    // Alternatives of an archive made before migration 0017 get its reading of their prices: the author's.
    await fillRestoredAlternativePriceSources(trx);
    // The site search's index is derived from the builds, so not in the archive either (decision 033).
    await rebuildSearchIndex(trx);
  });
}
