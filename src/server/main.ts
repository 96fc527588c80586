/** Production entry (`npm start`): serves the built React Router app and the API on one port. */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import { createPageRenderer } from './pages';
import { loadConfigOrExit } from './start';

// This file is bundled to build/server/main.js, next to React Router's build/server/index.js.
const SERVER_BUILD = new URL('./index.js', import.meta.url).href;
const CLIENT_DIR = fileURLToPath(new URL('../client', import.meta.url));

const runtime = await bootstrap(loadConfigOrExit());
const build = (await import(SERVER_BUILD)) as ServerBuild;
const app = createApp({
  ...runtime,
  staticFiles: serveStatic({ root: CLIENT_DIR }),
  renderPage: createPageRenderer(build, runtime),
});

const server = serve({ fetch: app.fetch, hostname: runtime.config.host, port: runtime.config.port }, (info) => {
  const host = runtime.config.host === '0.0.0.0' ? 'localhost' : runtime.config.host;
  console.log(`${runtime.config.siteName} in ascolto su http://${host}:${info.port} (database: ${runtime.database.dialect})`);
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} ricevuto: chiusura in corso...`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await runtime.database.destroy();
    process.exit(0);
  });
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
