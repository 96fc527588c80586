/** Storage of uploaded files: the interface and its local-directory implementation. */
export { createLocalDirectoryStorage } from './local-directory';
export { contentTypeOfKey, isValidStorageKey } from './storage';
export type { ObjectStorage, StoredObject } from './storage';
