/**
 * Child process for tests/media/two-instances.test.ts: one app instance as production starts it (the
 * real bootstrap: migrations, first admin, demo content; the Hono app with the API and /uploads, without
 * the pages, which need a build), listening on a free port of 127.0.0.1. Configured only by the
 * environment the test passes (never a developer's .env). Prints `LISTENING <url>`; stops on SIGTERM.
 *
 *   node --import tsx tests/media/app-instance.ts
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config/env';
import { createApp } from '../../src/server/app';
import { bootstrap } from '../../src/server/bootstrap';

const runtime = await bootstrap(loadConfig(process.env));
const app = createApp(runtime);
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
  console.log(`LISTENING http://127.0.0.1:${info.port}`);
});

process.once('SIGTERM', () => {
  server.close(() => void runtime.shutdown().then(() => process.exit(0)));
});
