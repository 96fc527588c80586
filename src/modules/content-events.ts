/**
 * "Public content changed" notifications: a build was saved or deleted, or prices changed. The page
 * cache listens to drop rendered HTML at once. With several instances on PostgreSQL a relay forwards
 * local changes to the others (server/content-sync.ts), which deliver them with `receiveRemoteChange`.
 */
export type ContentChangeListener = () => void;

export function createContentEvents() {
  const listeners = new Set<ContentChangeListener>();
  let relay: (() => void) | null = null;

  function notifyListeners() {
    for (const listener of listeners) listener();
  }

  return {
    onChange(listener: ContentChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A change made by this process: local listeners, then the other instances. */
    emitChange(): void {
      notifyListeners();
      relay?.();
    },
    /** A change announced by another instance: local listeners only (no echo back). */
    receiveRemoteChange: notifyListeners,
    setRelay(forward: (() => void) | null): void {
      relay = forward;
    },
  };
}

export type ContentEvents = ReturnType<typeof createContentEvents>;
