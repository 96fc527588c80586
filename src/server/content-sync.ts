/**
 * Cross-instance cache invalidation on PostgreSQL: every instance LISTENs on one channel and NOTIFYs it
 * when its content changes, so the page caches of all instances drop together. It also covers the
 * worker processes of one instance (WEB_CONCURRENCY > 1): each worker LISTENs like an instance, so on
 * PostgreSQL the cluster adds no relay of its own. On SQLite there is one instance by construction, and
 * the workers of a multi-process server relay through their primary (server/cluster.ts).
 */
import type pg from 'pg';
import type { ContentEvents } from '../modules/content-events';

export const CONTENT_CHANNEL = 'buildpc_content_changed';

export interface ContentSync {
  stop(): Promise<void>;
}

export async function startContentSync(pool: pg.Pool, events: ContentEvents): Promise<ContentSync> {
  const listener = await pool.connect();
  // Each instance tags its notifications so it can ignore its own echo.
  const instanceId = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  listener.on('notification', (message) => {
    if (message.channel === CONTENT_CHANNEL && message.payload !== instanceId) events.receiveRemoteChange();
  });
  listener.on('error', (error) => console.error(`[content-sync] connessione LISTEN persa: ${error.message}`));
  await listener.query(`LISTEN ${CONTENT_CHANNEL}`);
  // Awaited by the save: the notification is sent before the author's save returns (delivery to the
  // other instances still takes a moment).
  const removeRelay = events.addRelay(async () => {
    await pool.query('SELECT pg_notify($1, $2)', [CONTENT_CHANNEL, instanceId]).catch((error: Error) =>
      console.error(`[content-sync] notifica non inviata: ${error.message}`),
    );
  });
  return {
    async stop() {
      removeRelay();
      await listener.query(`UNLISTEN ${CONTENT_CHANNEL}`).catch(() => undefined);
      listener.release(true);
    },
  };
}
