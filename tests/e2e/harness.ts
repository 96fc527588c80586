/**
 * Browser test harness: the real production server on a fresh SQLite database with the demo content,
 * and Debian's Chromium driven by playwright-core. Never downloads a browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import type { ServerBuild } from 'react-router';
import { loadConfig } from '../../src/config/env';
import { bootstrap } from '../../src/server/bootstrap';
import { type RunningServer, startHttpServer } from '../../src/server/http-server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface E2EContext {
  url: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function startE2E(env: Record<string, string> = {}): Promise<E2EContext> {
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-e2e-'));
  const runtime = await bootstrap(
    loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: join(dir, 'e2e.sqlite'),
      LOG_REQUESTS: 'false',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Adm1n!Secure#2026',
      ...env,
    }),
  );
  const build = (await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild;
  const server: RunningServer = await startHttpServer(runtime, build, resolve('build/client'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return {
    url: server.url,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
      await runtime.database.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
