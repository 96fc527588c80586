/**
 * ObjectStorage in the database (table media_blobs): every app instance on one PostgreSQL sees every
 * upload. Objects are immutable, so a put of a key that exists is a no-op, never an error.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { isValidStorageKey, type ObjectStorage } from '../../integrations/storage';
import { type Clock, systemClock } from '../clock';
import { blobExists, findBlob, insertBlobIfAbsent, listBlobKeysAfter } from './media-blobs.repository';

export interface DatabaseStorageOptions {
  clock?: Clock;
  /** Keys fetched per query by list() (a backup walks thousands of them without holding them all). */
  listPageSize?: number;
}

const DEFAULT_LIST_PAGE_SIZE = 500;

export function createDatabaseStorage(db: Kysely<Database>, { clock = systemClock, listPageSize = DEFAULT_LIST_PAGE_SIZE }: DatabaseStorageOptions = {}): ObjectStorage {
  return {
    async put(key, bytes, contentType) {
      if (!isValidStorageKey(key)) throw new Error(`Chiave di archiviazione non valida: ${JSON.stringify(key)}`);
      // A view, not a copy: better-sqlite3 binds only Buffers as blobs, pg takes them as bytea.
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await insertBlobIfAbsent(db, { key, contentType, bytes: buffer, createdAt: clock.now().toISOString() });
    },

    async get(key) {
      if (!isValidStorageKey(key)) return null;
      const blob = await findBlob(db, key);
      // A copy into a plain ArrayBuffer: the driver's Buffer may share a pooled one.
      return blob ? { bytes: new Uint8Array(blob.bytes), contentType: blob.contentType } : null;
    },

    async has(key) {
      return isValidStorageKey(key) && blobExists(db, key);
    },

    async *list() {
      let after: string | null = null;
      for (;;) {
        const keys = await listBlobKeysAfter(db, after, listPageSize);
        yield* keys;
        if (keys.length < listPageSize) return;
        after = keys.at(-1)!;
      }
    },
  };
}
