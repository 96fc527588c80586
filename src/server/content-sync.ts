/**
 * Cross-instance cache invalidation on PostgreSQL: every instance LISTENs on one channel and NOTIFYs it
 * when its content changes, so the page caches of all instances drop together. On SQLite there is one
 * instance by construction and nothing to do.
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
  events.setRelay(() => {
    pool.query('SELECT pg_notify($1, $2)', [CONTENT_CHANNEL, instanceId]).catch((error: Error) =>
      console.error(`[content-sync] notifica non inviata: ${error.message}`),
    );
  });
  return {
    async stop() {
      events.setRelay(null);
      await listener.query(`UNLISTEN ${CONTENT_CHANNEL}`).catch(() => undefined);
      listener.release(true);
    },
  };
}
