/**
 * React Router's server build for tests that request pages through app.request(): compiled from the
 * sources by Vite, as `npm run dev` does (no `npm run build` needed, never stale). One per test file;
 * close() stops Vite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';

export interface PageBuild {
  build: ServerBuild;
  close(): Promise<void>;
}

export async function loadPageBuild(): Promise<PageBuild> {
  // Its own cache directory and no dependency pre-bundling (a browser-side matter): the two database
  // projects run this at the same time, and `npm test` builds for production meanwhile.
  const cacheDir = mkdtempSync(join(tmpdir(), 'buildpc-vite-'));
  const vite = await createServer({
    configFile: resolve('vite.config.ts'),
    appType: 'custom',
    logLevel: 'error',
    cacheDir,
    optimizeDeps: { noDiscovery: true, include: [] },
    // No HTTP server, no file watching, no HMR WebSocket (which would listen on port 24678, taken by the
    // first of the files running at once): the test compiles the pages once.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  const close = async () => {
    await vite.close();
    rmSync(cacheDir, { recursive: true, force: true });
  };
  try {
    const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
    return { build, close };
  } catch (error) {
    await close();
    throw error;
  }
}
