/**
 * Production entry (`npm start`): serves the built React Router app and the API on one port, in one
 * process or, with WEB_CONCURRENCY > 1, in several (server/cluster.ts).
 */
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { isSupported, refusal } from '../../scripts/check-node.cjs';
import { exitOnStartupFailure, loadConfigOrExit } from '../db/startup';
import { bootstrap } from './bootstrap';
import { joinCluster, runPrimary } from './cluster';
import { startHttpServer } from './http-server';

// This file is bundled to build/server/main.js, next to React Router's server build bundled as app-build.js
// (scripts/build-server.mjs).
const SERVER_BUILD = new URL('./app-build.js', import.meta.url).href;
const CLIENT_DIR = fileURLToPath(new URL('../client', import.meta.url));

// On a Node older than package.json's engines the SQLite driver crashes the process (a segmentation fault)
// the first time a database opens: refuse first, in one line. `npm start` checks too; this covers
// `node build/server/main.js` run by hand. The rule is scripts/check-node.cjs's, bundled into the entry.
if (!isSupported(process.version)) {
  console.error(refusal(process.version));
  process.exit(1);
}

const config = loadConfigOrExit();

if (cluster.isPrimary && config.webConcurrency > 1) {
  // A database that cannot be reached or prepared stops the primary with one line, before any fork.
  await runPrimary(config).catch(exitOnStartupFailure);
} else {
  // One process, or a cluster worker: the primary has prepared the database and runs the jobs.
  const worker = cluster.worker;
  const runtime = await bootstrap(config, worker ? { prepareDatabase: false, runJobs: false, workerId: worker.id } : {}).catch(
    exitOnStartupFailure,
  );
  const leaveCluster = worker && runtime.database.dialect === 'sqlite' ? joinCluster(runtime.services.events) : null;
  const build = (await import(SERVER_BUILD)) as ServerBuild;
  const running = await startHttpServer(runtime, build, CLIENT_DIR);
  // A worker stays quiet: the primary prints the address once every worker listens.
  if (!worker) console.log(`${config.siteName} in ascolto su ${running.url} (database: ${runtime.database.dialect})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!worker) console.log(`${signal} ricevuto: chiusura in corso...`);
    setTimeout(() => process.exit(1), 10_000).unref();
    await running.close();
    leaveCluster?.();
    await runtime.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
