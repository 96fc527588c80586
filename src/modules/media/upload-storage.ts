/**
 * Where the uploaded images of this configuration live. One place decides, so the server, the backup
 * and the restore always agree on it.
 */
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/schema';
import { createLocalDirectoryStorage, type ObjectStorage } from '../../integrations/storage';

export interface UploadStorageDeps {
  config: Pick<AppConfig, 'uploads' | 'database'>;
  db: Kysely<Database>;
}

export function createUploadStorage({ config }: UploadStorageDeps): ObjectStorage {
  return createLocalDirectoryStorage(config.uploads.dir);
}
