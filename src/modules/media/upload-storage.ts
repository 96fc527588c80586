/**
 * Where the uploaded images of this configuration live. One place decides, so the server, the backup
 * and the restore always agree on it: UPLOAD_STORAGE=database keeps them in the database (table
 * media_blobs, the default on PostgreSQL, where several instances share it), UPLOAD_STORAGE=directory
 * in the local directory UPLOAD_DIR (the default on SQLite).
 */
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/tables';
import { createLocalDirectoryStorage, type ObjectStorage } from '../../integrations/storage';
import type { Clock } from '../clock';
import { createDatabaseStorage } from './database-storage';

export interface UploadStorageDeps {
  config: Pick<AppConfig, 'uploads' | 'database'>;
  db: Kysely<Database>;
  /** Time of the database rows' created_at; the system clock by default. */
  clock?: Clock;
}

export function createUploadStorage({ config, db, clock }: UploadStorageDeps): ObjectStorage {
  return config.uploads.storage === 'database' ? createDatabaseStorage(db, { clock }) : createLocalDirectoryStorage(config.uploads.dir);
}
