/**
 * Several processes on one port (WEB_CONCURRENCY > 1), with node:cluster: one JavaScript thread serves
 * one core, so on a machine with more cores a process per core serves more cached pages per second.
 *
 * The primary prepares the database (migrations, first admin, demo content) before any worker starts,
 * so nothing races and the generated admin password is printed once; it runs the background jobs (one
 * price scheduler, not one per worker), forks the workers, replaces one that stops unexpectedly (with a
 * growing delay, so a worker that crashes at once does not spin), and on SIGTERM/SIGINT stops them all.
 * The workers serve HTTP; the primary hands them the connections.
 *
 * Every worker caches pages in its own memory, so a content change must reach all of them. On SQLite
 * a worker sends it to the primary, which passes it to the others and answers once they have dropped
 * their cached pages: the author's save returns only then, and no worker serves the old page after it.
 * On PostgreSQL every worker LISTENs like a separate instance (server/content-sync.ts), so no message
 * goes through the primary: each change is delivered once.
 */
import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from '../config/env';
import type { ContentEvents } from '../modules/content-events';
import { bootstrap } from './bootstrap';
import { listeningUrl } from './http-server';

const CHANGED = 'buildpc:content-changed';
const DELIVERED = 'buildpc:content-delivered';
/** A worker that does not confirm within this time is not waited for (it is busy, stuck or stopping). */
const DELIVERY_TIMEOUT_MS = 2_000;
/** Restart delays after unexpected exits: none for an isolated one, then 1 s doubling up to 30 s. */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that ran this long counts as healthy: the next exit is isolated again. */
const STABLE_AFTER_MS = 30_000;
/** Workers have 10 s to finish their requests (main.ts); after this the primary kills them. */
const STOP_TIMEOUT_MS = 15_000;

interface ContentMessage {
  type: typeof CHANGED | typeof DELIVERED;
  id: number;
}

function isContentMessage(message: unknown): message is ContentMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { type, id } = message as Partial<ContentMessage>;
  return (type === CHANGED || type === DELIVERED) && typeof id === 'number';
}

// ---------------------------------------------------------------------------------------------------
// Worker side

/**
 * Connects a worker's content events to the primary (SQLite only: on PostgreSQL, LISTEN/NOTIFY does
 * it). Returns the function that disconnects them.
 */
export function joinCluster(events: ContentEvents): () => void {
  const waiting = new Map<number, () => void>();
  let lastId = 0;
  const send = (message: ContentMessage) => process.send?.(message);

  const onMessage = (message: unknown) => {
    if (!isContentMessage(message)) return;
    if (message.type === CHANGED) {
      // Another worker's change: drop the cached pages, then confirm.
      events.receiveRemoteChange();
      send({ type: DELIVERED, id: message.id });
    } else {
      waiting.get(message.id)?.();
    }
  };
  process.on('message', onMessage);

  const removeRelay = events.addRelay(
    () =>
      new Promise<void>((resolve, reject) => {
        const id = ++lastId;
        const done = () => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve();
        };
        const timer = setTimeout(done, DELIVERY_TIMEOUT_MS);
        waiting.set(id, done);
        try {
          send({ type: CHANGED, id });
        } catch (error) {
          clearTimeout(timer);
          waiting.delete(id);
          reject(error instanceof Error ? error : new Error(String(error))); // the primary is gone
        }
      }),
  );
  return () => {
    removeRelay();
    process.off('message', onMessage);
    for (const done of [...waiting.values()]) done();
  };
}

// ---------------------------------------------------------------------------------------------------
// Primary side

/** Passes a content change to workers and resolves when they have all confirmed it (or time is up). */
function createBroadcaster(isServing: (worker: Worker) => boolean) {
  const pending = new Map<number, { workers: Set<number>; done: () => void }>();
  let lastId = 0;

  function broadcast(except: Worker | null): Promise<void> {
    const targets = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && worker !== except && worker.isConnected() && isServing(worker),
    );
    if (targets.length === 0) return Promise.resolve();
    const id = ++lastId;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pending.delete(id);
        resolve();
      };
      const timer = setTimeout(done, DELIVERY_TIMEOUT_MS);
      pending.set(id, { workers: new Set(targets.map((worker) => worker.id)), done });
      for (const worker of targets) worker.send({ type: CHANGED, id } satisfies ContentMessage);
    });
  }

  /** A worker confirmed, or will never confirm (it exited). */
  function settle(worker: Worker, id?: number) {
    for (const [key, entry] of [...pending]) {
      if (id !== undefined && key !== id) continue;
      entry.workers.delete(worker.id);
      if (entry.workers.size === 0) entry.done();
    }
  }

  return { broadcast, settle };
}

/**
 * Runs the primary: prepares the database, starts the jobs, forks `config.webConcurrency` workers and
 * supervises them until SIGTERM/SIGINT, then exits (0 after a clean stop).
 */
export async function runPrimary(config: AppConfig): Promise<void> {
  const runtime = await bootstrap(config, { prepareDatabase: true, runJobs: true });
  const count = config.webConcurrency;
  const serving = new Set<number>();
  const startedAt = new Map<number, number>();
  let started = false;
  let stopping = false;
  let failures = 0;

  const { broadcast, settle } = createBroadcaster((worker) => serving.has(worker.id));
  // On SQLite the primary's own changes (the price scheduler's) go to every worker; on PostgreSQL the
  // primary NOTIFYs like any instance and the workers LISTEN.
  if (runtime.database.dialect === 'sqlite') runtime.services.events.addRelay(() => broadcast(null));

  function fork() {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    console.log(`[cluster] processo worker ${worker.id} avviato (pid ${worker.process.pid})`);
  }

  cluster.on('message', (worker, message) => {
    if (!isContentMessage(message)) return;
    if (message.type === DELIVERED) return settle(worker, message.id);
    // A worker's change: the others drop their pages, then the worker's save may return.
    void broadcast(worker).then(() => {
      if (worker.isConnected()) worker.send({ type: DELIVERED, id: message.id } satisfies ContentMessage);
    });
  });

  cluster.on('listening', (worker, address) => {
    serving.add(worker.id);
    if (started || serving.size < count) return;
    started = true;
    console.log(
      `${config.siteName} in ascolto su ${listeningUrl(config.host, address.port)} ` +
        `(database: ${runtime.database.dialect}, ${count} processi worker)`,
    );
  });

  cluster.on('exit', (worker, code, signal) => {
    serving.delete(worker.id);
    settle(worker);
    const how = signal ? `segnale ${signal}` : `codice ${code}`;
    if (stopping) return;
    if (!started) {
      // A worker that cannot start (port taken, database unreachable...) would fail again: stop like a single process would.
      console.error(`[cluster] il processo worker ${worker.id} si è fermato durante l'avvio (${how}): arresto`);
      void stop(1);
      return;
    }
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    failures = lived >= STABLE_AFTER_MS ? 1 : failures + 1;
    const delay = failures <= 1 ? 0 : Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** (failures - 2));
    console.error(`[cluster] il processo worker ${worker.id} è terminato (${how}): riavvio${delay > 0 ? ` tra ${delay / 1000} s` : ''}`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  async function stop(exitCode: number) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    const exited = workers.map((worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))));
    // Each worker stops like a single process: no new connections, running requests finish.
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGTERM');
    const timedOut = await Promise.race([
      Promise.all(exited).then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), STOP_TIMEOUT_MS).unref()),
    ]);
    if (timedOut) for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
    await runtime.shutdown();
    process.exit(timedOut ? 1 : exitCode);
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (!stopping) console.log(`${signal} ricevuto: chiusura dei processi worker in corso...`);
      void stop(0);
    });
  }

  for (let index = 0; index < count; index++) fork();
}
