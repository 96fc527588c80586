/** Queries for the uploaded files kept in the database (table media_blobs). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

type Db = Kysely<Database>;

export interface NewMediaBlob {
  key: string;
  contentType: string;
  bytes: Buffer;
  createdAt: string;
}

/**
 * Writes the blob unless its key is already stored. Keys are content addressed, so an existing row
 * holds the same bytes: two instances uploading the same image at once both succeed, one row remains.
 */
export async function insertBlobIfAbsent(db: Db, blob: NewMediaBlob): Promise<void> {
  await db
    .insertInto('media_blobs')
    .values({ key: blob.key, content_type: blob.contentType, bytes: blob.bytes, size: blob.bytes.length, created_at: blob.createdAt })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function findBlob(db: Db, key: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const row = await db.selectFrom('media_blobs').select(['content_type', 'bytes']).where('key', '=', key).executeTakeFirst();
  return row ? { contentType: row.content_type, bytes: row.bytes } : null;
}

export async function blobExists(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom('media_blobs').select('key').where('key', '=', key).executeTakeFirst();
  return row !== undefined;
}

/** One page of keys in key order, after `after` (keyset pagination: no offset scans, stable under inserts). */
export async function listBlobKeysAfter(db: Db, after: string | null, limit: number): Promise<string[]> {
  let query = db.selectFrom('media_blobs').select('key').orderBy('key').limit(limit);
  if (after !== null) query = query.where('key', '>', after);
  return (await query.execute()).map((row) => row.key);
}
