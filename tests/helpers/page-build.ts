/**
 * React Router's server build for tests that request pages through app.request() (and for the app
 * servers of app-server-child.ts): the production build, build/server/index.js, made once per run before
 * any test starts (tests/helpers/global-setup.ts runs `node scripts/build.mjs --if-stale`, which rebuilds
 * only when the sources changed since the stamp, so it is never stale) and imported here as the browser
 * tests and the benches import it. One build for every file and both database projects, instead of a
 * Vite compile of the pages per file and project (decision 044).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

export interface PageBuild {
  build: ServerBuild;
  close(): Promise<void>;
}

/**
 * The tests run from the project root (npm test, npx vitest); so do the child processes they start, which
 * are bundled elsewhere and cannot locate the project from their own address.
 */
export const SERVER_BUILD = resolve('build/server/index.js');

export async function loadPageBuild(): Promise<PageBuild> {
  if (!existsSync(SERVER_BUILD)) {
    throw new Error(`${SERVER_BUILD} is missing: the global setup builds it (tests/helpers/global-setup.ts); outside vitest run \`npm run build:if-stale\``);
  }
  const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  // Nothing to stop: the module stays loaded for the other tests of the worker.
  return { build, close: async () => {} };
}
