/** Development entry (`npm run dev`): Vite in middleware mode for the pages, the same Hono app for the rest. */
import { createServer as createHttpServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer } from 'vite';
import { exitOnStartupFailure, loadConfigOrExit } from '../db/startup';
import { createApp } from './app';
import { bootstrap } from './bootstrap';
import { closeConnectionIfBodyUnread } from './node-server';
import { createPageRenderer } from './pages';

const runtime = await bootstrap(loadConfigOrExit()).catch(exitOnStartupFailure);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' });
const app = createApp({
  ...runtime,
  renderPage: createPageRenderer(() => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>, runtime),
});
const listener = getRequestListener(app.fetch);

createHttpServer(closeConnectionIfBodyUnread((req, res) => vite.middlewares(req, res, () => listener(req, res)))).listen(runtime.config.port, runtime.config.host, () => {
  console.log(`[dev] http://${runtime.config.host}:${runtime.config.port}`);
});
