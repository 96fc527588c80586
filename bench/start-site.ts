/**
 * Shared by bench/pages.ts and bench/lighthouse.ts: the real production server (built React Router app,
 * page cache, API) on 127.0.0.1, started in-process the way tests/e2e/harness.ts does it, on a database
 * prepared by bench-database.ts or, by default, a brand-new SQLite database with the demo content.
 *
 * The application modules are imported lazily, inside startSite(), so that a script can first re-execute
 * itself with NODE_ENV=production (see ensureProductionProcess) without loading React twice.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { Runtime } from '../src/server/bootstrap';
import type { RunningServer } from '../src/server/http-server';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUILD = join(REPO_ROOT, 'build/server/index.js');
export const CLIENT_DIR = join(REPO_ROOT, 'build/client');

/** isbot() classifies this as a bot: build pages are served without counting a view (no write per request). */
export const BENCH_USER_AGENT = 'bench/1.0';
export const ADMIN = { username: 'admin', password: 'Adm1n!Secure#2026' };

/**
 * React (and React Router) pick their development or production build from process.env.NODE_ENV when
 * they are first loaded, before any code of ours runs. A benchmark must measure the production build,
 * so without NODE_ENV=production in the environment the script runs itself again with it and exits
 * with the child's exit code.
 */
export function ensureProductionProcess(): void {
  if (process.env.NODE_ENV === 'production') return;
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (child.error) {
    console.error(`could not re-run with NODE_ENV=production: ${child.error.message}`);
    process.exit(1);
  }
  process.exit(child.status ?? (child.signal ? 130 : 1));
}

/** A string that only React DOM's development build contains. */
const REACT_DEVELOPMENT_MARKER = 'Download the React DevTools';

/**
 * Exits with instructions when the production build is missing, or when its client bundle holds React's
 * development build: Vite inlines process.env.NODE_ENV as it finds it at build time, so a build run
 * with NODE_ENV=test (the e2e tests' global set-up runs `npm run build` under vitest) ships development
 * React, twice the size and much slower to hydrate, and would skew every figure.
 */
export function requireProductionBuild(script: string): void {
  if (!existsSync(SERVER_BUILD) || !existsSync(CLIENT_DIR)) {
    console.error(
      `${script}: the production build is missing (${SERVER_BUILD} not found).\n` +
        'Build it first, then run the script again:\n\n  npm run build\n',
    );
    process.exit(1);
  }
  const assets = join(CLIENT_DIR, 'assets');
  const scripts = existsSync(assets) ? readdirSync(assets).filter((name) => name.endsWith('.js')) : [];
  const development = scripts.find((name) => readFileSync(join(assets, name), 'utf8').includes(REACT_DEVELOPMENT_MARKER));
  if (development) {
    console.error(
      `${script}: build/client/assets/${development} contains React's development build: build/ was made with ` +
        'NODE_ENV set to something other than production (the e2e tests build under NODE_ENV=test).\n' +
        'Rebuild it for production, then run the script again:\n\n  env -u NODE_ENV npm run build\n',
    );
    process.exit(1);
  }
}

/** A port that is free right now on 127.0.0.1 (the OS picks it; closed again before returning). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface PublishedBuild {
  slug: string;
  title: string;
  views: number;
  component_count: number;
}

export interface Site {
  /** http://127.0.0.1:<port>, also the site's PUBLIC_BASE_URL (canonical links, sitemap, JSON-LD). */
  url: string;
  runtime: Runtime;
  /**
   * Temporary directory holding a database this function created; close() removes it (remove it yourself
   * on an abrupt exit). null when the caller passed its own database.
   */
  dir: string | null;
  /** Published builds, as /api/builds lists them (its first page: at most 100). */
  builds: PublishedBuild[];
  /** Of those, the build with the most components. */
  build: PublishedBuild;
  /** Current view count of a published build (read through the public API with the bot User-Agent). */
  views(slug: string): Promise<number>;
  close(): Promise<void>;
}

export async function getJson(url: string): Promise<any> {
  const response = await fetch(url, { headers: { 'User-Agent': BENCH_USER_AGENT, Accept: 'application/json' } });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The published demo builds, and the one with the most components (the heaviest build page). */
export async function publishedBuilds(url: string): Promise<{ builds: PublishedBuild[]; heaviest: PublishedBuild }> {
  const builds = (await getJson(`${url}/api/builds`)).builds as PublishedBuild[];
  if (builds.length === 0) throw new Error('the demo seed produced no published build');
  const heaviest = builds.reduce((best, candidate) => (candidate.component_count > best.component_count ? candidate : best));
  return { builds, heaviest };
}

export interface SiteOptions {
  /** An existing SQLite file (bench-database.ts); default: a new one with the demo content, removed by close(). */
  databaseFile?: string;
  /** Extra settings, e.g. PAGE_CACHE_MB. */
  env?: Record<string, string>;
}

/**
 * Starts the production server. The port is chosen before start-up (not PORT=0) so that PUBLIC_BASE_URL
 * can be the address the pages are actually served from: Lighthouse's SEO audit fails a canonical link
 * that points to another host, such as the default http://localhost:3000.
 */
export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const [{ loadConfig }, { bootstrap }, { startHttpServer }] = await Promise.all([
    import('../src/config/env'),
    import('../src/server/bootstrap'),
    import('../src/server/http-server'),
  ]);
  const dir = options.databaseFile ? null : mkdtempSync(join(tmpdir(), 'buildpc-bench-'));
  const removeDir = () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  let runtime: Runtime | undefined;
  let server: RunningServer | undefined;
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    runtime = await bootstrap(
      loadConfig({
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_BASE_URL: url,
        DATABASE_URL: options.databaseFile ?? join(dir!, 'bench.sqlite'),
        LOG_REQUESTS: 'false',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        ...options.env,
      }),
    );
    const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
    server = await startHttpServer(runtime, build, CLIENT_DIR);

    const { builds, heaviest } = await publishedBuilds(url);

    const running = server;
    const ready = runtime;
    return {
      url: running.url,
      runtime: ready,
      dir,
      builds,
      build: heaviest,
      views: async (slug) => (await getJson(`${url}/api/builds/${encodeURIComponent(slug)}`)).build.views as number,
      close: async () => {
        // Keep-alive sockets of a load generator would otherwise hold server.close() open.
        (running.server as { closeAllConnections?: () => void }).closeAllConnections?.();
        await running.close();
        await ready.shutdown();
        removeDir();
      },
    };
  } catch (error) {
    if (server) {
      (server.server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await server.close();
    }
    await runtime?.shutdown();
    removeDir();
    throw error;
  }
}
