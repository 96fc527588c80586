/**
 * React Router's server build for tests that request pages through app.request(): compiled from the
 * sources by Vite, as `npm run dev` does (no `npm run build` needed, never stale). One per test file;
 * close() stops Vite.
 */
import { resolve } from 'node:path';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';

export interface PageBuild {
  build: ServerBuild;
  close(): Promise<void>;
}

export async function loadPageBuild(): Promise<PageBuild> {
  const vite = await createServer({
    configFile: resolve('vite.config.ts'),
    appType: 'custom',
    logLevel: 'error',
    // No HTTP server, no file watching: the test compiles the pages once.
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  try {
    const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
    return { build, close: () => vite.close() };
  } catch (error) {
    await vite.close();
    throw error;
  }
}
