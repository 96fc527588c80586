/** ObjectStorage on a local directory, created on the first write. */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { contentTypeOfKey, isValidStorageKey, type ObjectStorage } from './storage';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

export function createLocalDirectoryStorage(directory: string): ObjectStorage {
  const root = resolve(directory);

  /** The file of a key, or null for an invalid key; the resolved path is checked to stay inside the root. */
  function pathOf(key: string): string | null {
    if (!isValidStorageKey(key)) return null;
    const path = resolve(root, key);
    return path.startsWith(root + sep) ? path : null;
  }

  return {
    async put(key, bytes) {
      const path = pathOf(key);
      if (!path) throw new Error(`Chiave di archiviazione non valida: ${JSON.stringify(key)}`);
      await mkdir(root, { recursive: true });
      // Write then rename: concurrent writers of the same key (same content) and readers never see half a file.
      const temporary = join(root, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const path = pathOf(key);
      if (!path) return null;
      try {
        return { bytes: await readFile(path), contentType: contentTypeOfKey(key) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async has(key) {
      const path = pathOf(key);
      if (!path) return false;
      try {
        return (await stat(path)).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async *list() {
      let names: string[];
      try {
        names = await readdir(root);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      // Temporary files of writes in progress start with a dot and are never valid keys.
      for (const name of names) if (isValidStorageKey(name)) yield name;
    },
  };
}
