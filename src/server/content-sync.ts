/**
 * Cross-instance cache invalidation on PostgreSQL: every instance LISTENs on one channel and NOTIFYs it
 * when its content changes, so the page caches of all instances drop together. It also covers the
 * worker processes of one instance (WEB_CONCURRENCY > 1): each worker LISTENs like an instance, so on
 * PostgreSQL the cluster adds no relay of its own. On SQLite there is one instance by construction, and
 * the workers of a multi-process server relay through their primary (server/cluster.ts).
 *
 * The LISTEN connection can be lost (a database restart or fail-over, a network cut, an operator's
 * pg_terminate_backend). It is then re-opened with back-off, and the page cache is dropped once it is
 * back: notifications sent while it was down are lost, so any cached page may be stale.
 */
import type pg from 'pg';
import { POSTGRES_APPLICATION_NAME } from '../db/connection';
import type { ContentEvents } from '../modules/content-events';

export const CONTENT_CHANNEL = 'buildpc_content_changed';
/** How the LISTEN session is named in pg_stat_activity, for operators (and the tests) to find it. */
export const LISTENER_APPLICATION_NAME = `${POSTGRES_APPLICATION_NAME} listen`;

/** Reconnect delays: 0.5 s doubling up to 30 s, so a long outage costs one attempt every 30 s. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

export interface ContentSync {
  stop(): Promise<void>;
}

/**
 * Delay before reconnect attempt `attempt` (0-based): exponential, capped, and randomised between
 * half and all of it, so the instances that lost the database together do not all return at once.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Resolves once listening; rejects if the first LISTEN fails (start-up reports it). */
export async function startContentSync(pool: pg.Pool, events: ContentEvents): Promise<ContentSync> {
  // Each instance tags its notifications so it can ignore its own echo.
  const instanceId = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  let listener: pg.PoolClient | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let connecting: Promise<void> | null = null;
  let failedAttempts = 0;
  let stopped = false;

  const onNotification = (message: pg.Notification) => {
    if (message.channel === CONTENT_CHANNEL && message.payload !== instanceId) events.receiveRemoteChange();
  };

  async function listen(): Promise<void> {
    const client = await pool.connect();
    const lost = (error?: Error) => connectionLost(client, error);
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', onNotification);
    try {
      await client.query(`SET application_name = '${LISTENER_APPLICATION_NAME}'`);
      await client.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch (error) {
      client.release(true);
      throw error;
    }
    if (stopped) {
      client.release(true);
      return;
    }
    listener = client;
  }

  function connectionLost(client: pg.PoolClient, error?: Error) {
    if (listener !== client) return; // already handled ('error' and 'end' both come), or never listening
    listener = null;
    client.release(true); // the pool drops it instead of handing a dead connection to a query
    if (stopped) return;
    console.error(`[content-sync] connessione LISTEN persa${error ? `: ${error.message}` : ''}; nuovo tentativo in corso`);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    const delay = reconnectDelayMs(failedAttempts);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connecting = listen()
        .then(() => {
          if (stopped) return;
          failedAttempts = 0;
          console.log('[content-sync] connessione LISTEN ripristinata: cache delle pagine svuotata');
          // Changes notified while the connection was down never arrived: drop every cached page.
          events.receiveRemoteChange();
        })
        .catch((error: Error) => {
          if (stopped) return;
          failedAttempts += 1;
          console.error(`[content-sync] riconnessione LISTEN non riuscita (tentativo ${failedAttempts}): ${error.message}`);
          scheduleReconnect();
        })
        .finally(() => {
          connecting = null;
        });
    }, delay);
    // A pending retry alone does not keep the process alive (the HTTP server does).
    retryTimer.unref();
  }

  await listen();

  // Awaited by the save: the notification is sent before the author's save returns (delivery to the
  // other instances still takes a moment). It goes through the pool, so it works while LISTEN is down.
  const removeRelay = events.addRelay(async () => {
    await pool.query('SELECT pg_notify($1, $2)', [CONTENT_CHANNEL, instanceId]).catch((error: Error) =>
      console.error(`[content-sync] notifica non inviata: ${error.message}`),
    );
  });
  return {
    async stop() {
      stopped = true;
      removeRelay();
      if (retryTimer) clearTimeout(retryTimer);
      await connecting; // an attempt under way releases its connection itself once it sees `stopped`
      const client = listener;
      listener = null;
      if (!client) return;
      await client.query(`UNLISTEN ${CONTENT_CHANNEL}`).catch(() => undefined);
      client.release(true);
    },
  };
}
