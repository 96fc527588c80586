/**
 * "Public content changed" notifications: a build was saved or deleted, or prices changed. The page
 * cache listens to drop rendered HTML at once. In-process only; other instances rely on the cache TTL.
 */
export type ContentChangeListener = () => void;

export function createContentEvents() {
  const listeners = new Set<ContentChangeListener>();
  return {
    onChange(listener: ContentChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emitChange(): void {
      for (const listener of listeners) listener();
    },
  };
}

export type ContentEvents = ReturnType<typeof createContentEvents>;
