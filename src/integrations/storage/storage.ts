/**
 * Where uploaded files live. A small interface so the local directory (the default) can be swapped for
 * shared storage (an S3-compatible store) when the site runs on more than one host.
 *
 * Keys are flat file names (`<hash>-<width>.webp`): lower-case letters, digits, `.`, `_` and `-`,
 * never a path. Writes are atomic: a reader sees the whole file or nothing.
 */

export interface StoredObject {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

export interface ObjectStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such object (or the key is not a valid key). */
  get(key: string): Promise<StoredObject | null>;
  has(key: string): Promise<boolean>;
  /** Every stored key, in no particular order (backup walks them). */
  list(): AsyncIterable<string>;
}

const KEY = /^[a-z0-9][a-z0-9._-]{0,199}$/;

/** A valid key: no separators, no `..`, nothing a file system or an object store could read as a path. */
export function isValidStorageKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..');
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  avif: 'image/avif',
};

/** The content type of a key by its extension (the local directory keeps no other record of it). */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
