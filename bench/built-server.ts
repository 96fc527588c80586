/**
 * The built server as `npm start` runs it (`node build/server/main.js`), in its own process(es), for
 * bench/pages.ts --processes N: WEB_CONCURRENCY=N on a brand-new SQLite database in a temporary
 * directory with the demo content (or the database given), LOG_REQUESTS=false. With N > 1 that is a primary and N workers
 * sharing the port (src/server/cluster.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, BENCH_USER_AGENT, freePort, getJson, type PublishedBuild, publishedBuilds, REPO_ROOT } from './start-site';

const MAIN = join(REPO_ROOT, 'build/server/main.js');

export interface BuiltServer {
  url: string;
  processes: number;
  /** The process started (`node build/server/main.js`): with WEB_CONCURRENCY > 1 the cluster's primary. */
  pid: number;
  /** Temporary directory holding the database; close() removes it. */
  dir: string;
  builds: PublishedBuild[];
  build: PublishedBuild;
  views(slug: string): Promise<number>;
  /**
   * Empties the page cache of every process the way an author does: saves the demo draft, unchanged,
   * through the admin API. On SQLite the save returns once every worker has dropped its cached pages.
   */
  emptyCache(): Promise<void>;
  /** Synchronous, for an abrupt exit: asks the server to stop (SIGTERM). */
  kill(): void;
  close(): Promise<void>;
}

async function api(url: string, init: RequestInit & { token?: string } = {}): Promise<any> {
  const { token, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    headers: {
      'User-Agent': BENCH_USER_AGENT,
      Accept: 'application/json',
      ...(rest.body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (response.status !== 200) throw new Error(`${rest.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The BuildInput that saves a build (as GET /api/admin/builds/{id} returns it) unchanged. */
function unchanged(build: Record<string, any>) {
  const { title, description, content, featured_image, budget, category, status, meta_title, meta_description, affiliate_tag } = build;
  const components = (build.components as Record<string, unknown>[]).map(({ id, type, name, brand, model, specs, price, amazon_link, asin, position }) => ({
    id, type, name, brand, model, specs, price, amazon_link, asin, position,
  }));
  return { title, description, content, featured_image, budget, category, status, meta_title, meta_description, affiliate_tag, components };
}

export interface BuiltServerOptions {
  /** Another database than a new SQLite file in the temporary directory (e.g. a PostgreSQL URL). */
  databaseUrl?: string;
  /** Extra settings for the server (e.g. SQLITE_SYNCHRONOUS). */
  env?: Record<string, string>;
}

export async function startBuiltServer(processes: number, options: BuiltServerOptions = {}): Promise<BuiltServer> {
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL: url,
      DATABASE_URL: options.databaseUrl ?? join(dir, 'bench.sqlite'),
      LOG_REQUESTS: 'false',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_CONCURRENCY: String(processes),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const kill = () => {
    if (!exited) child.kill('SIGTERM');
  };
  process.once('exit', kill);
  const close = async () => {
    kill();
    await exit;
    process.removeListener('exit', kill);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + 60_000;
    while (!/in ascolto su /.test(output)) {
      if (exited) throw new Error(`${MAIN} exited at start-up:\n${output}`);
      if (Date.now() > deadline) throw new Error(`${MAIN} did not start within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { builds, heaviest } = await publishedBuilds(url);
    const login = await api(`${url}/api/auth/login`, { method: 'POST', body: JSON.stringify(ADMIN) });
    const token = login.token as string;
    const all = (await api(`${url}/api/admin/builds`, { token })).builds as { id: number; status: string }[];
    const draft = all.find((build) => build.status === 'draft');
    if (!draft) throw new Error('the demo seed has no draft build to save');
    const draftInput = unchanged((await api(`${url}/api/admin/builds/${draft.id}`, { token })).build);
    return {
      url,
      processes,
      pid: child.pid!,
      dir,
      builds,
      build: heaviest,
      views: async (slug) => (await getJson(`${url}/api/builds/${encodeURIComponent(slug)}`)).build.views as number,
      emptyCache: async () => {
        await api(`${url}/api/admin/builds/${draft.id}`, { method: 'PUT', token, body: JSON.stringify(draftInput) });
      },
      kill,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
