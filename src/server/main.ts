/** Production entry (`npm start`): serves the built React Router app and the API on one port. */
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { bootstrap } from './bootstrap';
import { startHttpServer } from './http-server';
import { loadConfigOrExit } from './start';

// This file is bundled to build/server/main.js, next to React Router's build/server/index.js.
const SERVER_BUILD = new URL('./index.js', import.meta.url).href;
const CLIENT_DIR = fileURLToPath(new URL('../client', import.meta.url));

const runtime = await bootstrap(loadConfigOrExit());
const build = (await import(SERVER_BUILD)) as ServerBuild;
const running = await startHttpServer(runtime, build, CLIENT_DIR);
console.log(`${runtime.config.siteName} in ascolto su ${running.url} (database: ${runtime.database.dialect})`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} ricevuto: chiusura in corso...`);
  setTimeout(() => process.exit(1), 10_000).unref();
  await running.close();
  await runtime.shutdown();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
