/**
 * "Public content changed" notifications: a build was saved or deleted, or prices changed. The page
 * cache listens to drop rendered HTML at once. Relays forward local changes to the other processes
 * that cache pages: the other instances on PostgreSQL (server/content-sync.ts, LISTEN/NOTIFY) and the
 * other workers of a multi-process server (server/cluster.ts); they deliver them with
 * `receiveRemoteChange`.
 */
export type ContentChangeListener = () => void;

/** Forwards a local change; the returned promise settles once the change has been handed on. */
export type ContentRelay = () => void | Promise<void>;

export function createContentEvents() {
  const listeners = new Set<ContentChangeListener>();
  const relays = new Set<ContentRelay>();

  function notifyListeners() {
    for (const listener of listeners) listener();
  }

  async function forward(relay: ContentRelay): Promise<void> {
    try {
      await relay();
    } catch (error) {
      // The change is saved whatever happens here: a relay that fails costs the others at most their
      // cache's time to live (60 s), never the save.
      console.error(`[contenuti] notifica di modifica non inoltrata: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    onChange(listener: ContentChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * A change made by this process: local listeners at once, then every relay. Awaiting it (the
     * services do, before answering) means the other workers have dropped their cached pages by the
     * time the author's save returns. Never rejects.
     */
    async emitChange(): Promise<void> {
      notifyListeners();
      if (relays.size > 0) await Promise.all([...relays].map(forward));
    },
    /** A change announced by another process: local listeners only (no echo back). */
    receiveRemoteChange: notifyListeners,
    /** Adds a relay; returns the function that removes it. */
    addRelay(relay: ContentRelay): () => void {
      relays.add(relay);
      return () => relays.delete(relay);
    },
  };
}

export type ContentEvents = ReturnType<typeof createContentEvents>;
