/**
 * `npm run backup`: one archive with a consistent snapshot of the site. Format and reasons in
 * docs/decisions/007-backup-format.md.
 *
 * Consistency: every row comes from one read snapshot of the database (backup.repository.ts), so a
 * build and its components are either both in or both out. Images are listed after the snapshot has
 * started; they are content addressed and never rewritten, so every image a row of the snapshot names
 * is already stored and is included (images uploaded meanwhile may be too: harmless).
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { AppError } from '../../common/errors';
import type { Dialect } from '../../db/connection';
import type { Database } from '../../db/tables';
import type { ObjectStorage } from '../../integrations/storage';
import type { Clock } from '../clock';
import { isUploadKey, isWebpImage, UPLOAD_CONTENT_TYPE } from '../media';
import { writeArchiveFile } from './archive-file';
import { hasMigrationTable, listAppliedMigrations, readRowsAfter, withReadSnapshot } from './backup.repository';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type BackupTableName, columnsOf, type EndLine, type Manifest, tablesFor } from './backup.schema';

const DEFAULT_PAGE_SIZE = 1000;

export interface BackupDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /**
   * The uploaded images of this configuration (media/upload-storage.ts). On SQLite it must not run its
   * queries on `db`: the snapshot holds that handle's only connection while the images are read.
   */
  storage: ObjectStorage;
  clock: Clock;
}

export interface BackupOptions {
  /** Include the admin accounts and their sessions (default: content only). */
  withUsers: boolean;
  /** Rows read per query; small values only in tests, to interleave the reads with concurrent writes. */
  pageSize?: number;
}

export interface BackupSummary {
  rows: Map<BackupTableName, number>;
  images: number;
  /** Stored files left out because they are not uploads (see below): the operator is told their keys. */
  skippedImages: string[];
  /** Size of the archive file. */
  bytes: number;
  migrations: string[];
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

export async function createBackup(deps: BackupDeps, outPath: string, options: BackupOptions): Promise<BackupSummary> {
  const { db, dialect, storage, clock } = deps;
  const tables = tablesFor(options.withUsers);
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const rows = new Map<BackupTableName, number>();
  let images = 0;
  const skippedImages: string[] = [];
  let migrations: string[] = [];

  if (!(await hasMigrationTable(db))) {
    throw new AppError('NOT_FOUND', 'Il database indicato da DATABASE_URL non contiene un sito Build PC (nessuna migrazione applicata): controlla DATABASE_URL');
  }
  await withReadSnapshot(db, dialect, async (snapshot) => {
    // The first read fixes the snapshot: everything below sees the database as of this query.
    migrations = await listAppliedMigrations(snapshot);

    async function* chunks(): AsyncGenerator<string> {
      const manifest: Manifest = {
        kind: 'manifest',
        format: ARCHIVE_FORMAT,
        version: ARCHIVE_VERSION,
        created_at: clock.now().toISOString(),
        source: { dialect },
        migrations,
        options: { with_users: options.withUsers },
        tables: tables.map((table) => table.name),
      };
      yield line(manifest);

      // Images first, so a restore can store them before it opens its one transaction for the rows.
      // Sorted keys make two backups of the same site identical apart from created_at.
      const keys: string[] = [];
      for await (const key of storage.list()) keys.push(key);
      keys.sort();
      for (const key of keys) {
        // Only what the upload path stores and a restore accepts (a WebP under its content name): a stray
        // file in UPLOAD_DIR, or anything else stored by hand, is never served and would make the archive
        // unrestorable.
        if (!isUploadKey(key)) {
          skippedImages.push(key);
          continue;
        }
        const object = await storage.get(key);
        if (!object) continue; // removed since it was listed
        const bytes = Buffer.from(object.bytes);
        if (!(await isWebpImage(bytes))) {
          skippedImages.push(key);
          continue;
        }
        yield line({
          kind: 'image',
          key,
          content_type: UPLOAD_CONTENT_TYPE,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          data: bytes.toString('base64'),
        });
        images++;
      }

      for (const table of tables) {
        const columns = columnsOf(table);
        let count = 0;
        let afterId = 0;
        for (;;) {
          const page = await readRowsAfter(snapshot, table.name, columns, afterId, pageSize);
          if (page.length === 0) break;
          yield page.map((row) => line({ kind: 'row', table: table.name, row })).join('');
          count += page.length;
          afterId = page[page.length - 1]!.id as number;
          if (page.length < pageSize) break;
        }
        rows.set(table.name, count);
      }

      const end: EndLine = { kind: 'end', rows: Object.fromEntries(rows), images };
      yield line(end);
    }

    await writeArchiveFile(outPath, chunks());
  });

  return { rows, images, skippedImages, bytes: (await stat(outPath)).size, migrations };
}
