/**
 * The built server with WEB_CONCURRENCY=2 on a fresh SQLite database: the primary prepares the
 * database once and forks two workers that share the port; a build saved through one worker is on
 * every worker's pages as soon as the save returns (their page caches were warm with the old page);
 * a worker that dies is replaced; SIGTERM to the primary stops everything with exit code 0.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request; without an agent it opens a new connection (the primary hands each new one to the next worker). */
function send(url: string, options: { method?: string; agent?: Agent; headers?: Record<string, string>; body?: unknown } = {}): Promise<Reply> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`${options.method ?? 'GET'} ${url}: timeout`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function workerOf(baseUrl: string, agent?: Agent): Promise<number> {
  const reply = await send(`${baseUrl}/healthz`, { agent });
  expect(reply.status).toBe(200);
  const worker = (JSON.parse(reply.body) as { worker?: number }).worker;
  expect(typeof worker, `/healthz names the worker: ${reply.body}`).toBe('number');
  return worker!;
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Cluster {
  baseUrl: string;
  output: () => string;
  /** pids of the workers, by worker id, from the primary's log. */
  workerPids(): Map<number, number>;
  /** The generated admin credentials the primary printed. */
  credentials(): { username: string; password: string };
  signal(name: NodeJS.Signals): void;
  /** The primary's exit code, once it has exited. */
  exited: Promise<number | null>;
  kill(): void;
}

let built = false;

/**
 * `node build/server/main.js` with WEB_CONCURRENCY=2 on the given database (build/ brought up to date once
 * per file); `uploadDir` keeps the first start's uploads (the demo covers) out of the project's ./data.
 */
async function startCluster(databaseUrl: string, uploadDir?: string): Promise<Cluster> {
  if (!built) {
    // Reuses build/ when its stamp matches the sources (scripts/build.mjs), e.g. after start.test.ts built it.
    const build = spawnSync('npm', ['run', 'build:if-stale'], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    expect(build.status, `npm run build:if-stale failed:\n${build.stdout}\n${build.stderr}`).toBe(0);
    built = true;
  }
  const child = spawn(process.execPath, ['build/server/main.js'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_REQUESTS: 'false',
      WEB_CONCURRENCY: '2',
      DATABASE_URL: databaseUrl,
      ...(uploadDir && { UPLOAD_DIR: uploadDir }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const workerPids = () =>
    new Map([...output.matchAll(/processo worker (\d+) avviato \(pid (\d+)\)/g)].map((match) => [Number(match[1]), Number(match[2])]));
  const baseUrl = await Promise.race([
    waitFor('the listening line', () => /in ascolto su (http:\/\/[\d.]+:\d+)/.exec(output)?.[1], 60_000),
    exited.then((code) => {
      throw new Error(`the server exited with ${code}:\n${output}`);
    }),
  ]);
  return {
    baseUrl,
    output: () => output,
    workerPids,
    credentials: () => {
      const match = /Username: (\S+)\s+Password: (\S+)/.exec(output);
      expect(match, 'the generated admin credentials are printed').not.toBeNull();
      return { username: match![1]!, password: match![2]! };
    },
    signal: (name) => child.kill(name),
    exited,
    kill: () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      for (const pid of workerPids().values()) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    },
  };
}

/** One keep-alive connection per worker: every request on it is served by that worker. */
async function connectionPerWorker(baseUrl: string): Promise<Map<number, Agent>> {
  const agents = new Map<number, Agent>();
  for (let attempt = 0; attempt < 20 && agents.size < 2; attempt++) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const worker = await workerOf(baseUrl, agent);
    if (agents.has(worker)) agent.destroy();
    else agents.set(worker, agent);
  }
  expect(agents.size, 'both workers reached').toBe(2);
  return agents;
}

/** Logs in with the printed credentials and renames the first published build; returns the old and new titles. */
async function renameFirstBuild(cluster: Cluster, title: string): Promise<{ before: string }> {
  const { baseUrl } = cluster;
  const login = await send(`${baseUrl}/api/auth/login`, { method: 'POST', body: cluster.credentials() });
  expect(login.status).toBe(200);
  const auth = { Authorization: `Bearer ${(JSON.parse(login.body) as { token: string }).token}` };
  const list = JSON.parse((await send(`${baseUrl}/api/builds`)).body) as { builds: { id: number; title: string }[] };
  const target = list.builds[0]!;
  const admin = JSON.parse((await send(`${baseUrl}/api/admin/builds/${target.id}`, { headers: auth })).body) as { build: Record<string, any> };
  const saved = await send(`${baseUrl}/api/admin/builds/${target.id}`, { method: 'PUT', headers: auth, body: toInput(admin.build, { title }) });
  expect(saved.status, saved.body).toBe(200);
  return { before: target.title };
}

/** Both workers' caches hold the home page: a miss, then a hit, on each worker's connection. */
async function warmHome(baseUrl: string, agents: Map<number, Agent>): Promise<string[]> {
  const bodies: string[] = [];
  for (const agent of agents.values()) {
    expect((await send(`${baseUrl}/`, { agent })).headers['x-cache']).toBe('MISS');
    const cached = await send(`${baseUrl}/`, { agent });
    expect(cached.headers['x-cache']).toBe('HIT');
    bodies.push(cached.body);
  }
  return bodies;
}

describe('WEB_CONCURRENCY=2 on SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'buildpc-cluster-'));
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster(join(dataDir, 'cluster.sqlite'), join(dataDir, 'uploads'));
  });
  afterAll(() => {
    cluster?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prepares the database once, in the primary, then starts two workers', () => {
    const output = cluster.output();
    expect(output).toContain('(database: sqlite, 2 processi worker)');
    expect(output.match(/\[db\] migrazioni applicate/g)).toHaveLength(1);
    expect(output.match(/\[db\] contenuti dimostrativi caricati/g)).toHaveLength(1);
    expect(output.match(/Account amministratore creato/g)).toHaveLength(1);
    expect(output.split(cluster.credentials().password)).toHaveLength(2); // printed exactly once
    const pids = cluster.workerPids();
    expect([...pids.keys()].sort()).toEqual([1, 2]);
    expect(new Set(pids.values()).size).toBe(2);
    for (const pid of pids.values()) expect(isAlive(pid)).toBe(true);
  });

  it('answers from both workers', async () => {
    const seen = new Set<number>();
    for (let attempt = 0; attempt < 20 && seen.size < 2; attempt++) seen.add(await workerOf(cluster.baseUrl));
    expect([...seen].sort()).toEqual([1, 2]);
  });

  it('shows a saved build on every worker as soon as the save returns', async () => {
    const { baseUrl } = cluster;
    const agents = await connectionPerWorker(baseUrl);
    const title = `Titolo salvato da un worker ${Date.now()}`;
    const warm = await warmHome(baseUrl, agents);
    const { before } = await renameFirstBuild(cluster, title);
    for (const body of warm) expect(body).toContain(escapeHtml(before));

    // Right after the save, on each worker's connection and on new connections: never the old page.
    for (let round = 0; round < 10; round++) {
      for (const agent of agents.values()) {
        const page = await send(`${baseUrl}/`, { agent });
        expect(page.status).toBe(200);
        expect(page.body).toContain(escapeHtml(title));
        expect(page.body).not.toContain(escapeHtml(before));
      }
      const fresh = await send(`${baseUrl}/`);
      expect(fresh.body).toContain(escapeHtml(title));
    }
    // The connections stayed with their workers all along.
    for (const [worker, agent] of agents) {
      expect(await workerOf(baseUrl, agent)).toBe(worker);
      agent.destroy();
    }
  });

  it('replaces a worker that dies', async () => {
    const pid = cluster.workerPids().get(1)!;
    process.kill(pid, 'SIGKILL');
    await waitFor('the restart', () => (/processo worker 1 è terminato \(segnale SIGKILL\): riavvio/.test(cluster.output()) ? true : undefined));
    const replacement = await waitFor('worker 3', () => cluster.workerPids().get(3));
    expect(isAlive(replacement)).toBe(true);
    expect(isAlive(pid)).toBe(false);
    const seen = await waitFor('worker 3 answering', async () => {
      const ids = new Set<number>();
      for (let attempt = 0; attempt < 6; attempt++) ids.add(await workerOf(cluster.baseUrl));
      return ids.has(3) ? ids : undefined;
    });
    expect([...seen].sort()).toEqual([2, 3]);
  });

  it('stops every worker and exits with code 0 on SIGTERM', async () => {
    const workers = [...cluster.workerPids().values()].filter(isAlive);
    expect(workers).toHaveLength(2);
    cluster.signal('SIGTERM');
    expect(await cluster.exited).toBe(0);
    for (const pid of workers) expect(isAlive(pid)).toBe(false);
    expect(cluster.output()).toContain('SIGTERM ricevuto');
  });
});

// On PostgreSQL the workers learn of a change through LISTEN/NOTIFY, as separate instances do: the
// change reaches them a moment after the save returns, and each of them once.
describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let database: TestDatabase;
  let cluster: Cluster;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    cluster = await startCluster(database.url);
  });
  afterAll(async () => {
    cluster?.kill();
    await cluster?.exited;
    await database?.drop();
  });

  it('prepares the database once and drops the old page on every worker after a save', async () => {
    const output = cluster.output();
    expect(output).toContain('(database: postgres, 2 processi worker)');
    expect(output.match(/\[db\] migrazioni applicate/g)).toHaveLength(1);
    expect(output.match(/Account amministratore creato/g)).toHaveLength(1);

    const { baseUrl } = cluster;
    const agents = await connectionPerWorker(baseUrl);
    await warmHome(baseUrl, agents);
    const title = `Titolo salvato su PostgreSQL ${Date.now()}`;
    await renameFirstBuild(cluster, title);
    for (const [worker, agent] of agents) {
      await waitFor(`worker ${worker} showing the new title`, async () => {
        const page = await send(`${baseUrl}/`, { agent });
        return page.body.includes(escapeHtml(title)) ? true : undefined;
      }, 5_000);
      // Rendered once after the change, then cached again.
      expect((await send(`${baseUrl}/`, { agent })).headers['x-cache']).toBe('HIT');
      expect(await workerOf(baseUrl, agent)).toBe(worker);
      agent.destroy();
    }
    cluster.signal('SIGTERM');
    expect(await cluster.exited).toBe(0);
  });
});

/** The BuildInput that saves `build` as it is, with `overrides` (components sent back with their ids). */
function toInput(build: Record<string, any>, overrides: Record<string, unknown>) {
  const { title, description, content, featured_image, budget, category, status, meta_title, meta_description, affiliate_tag } = build;
  const components = (build.components as Record<string, unknown>[]).map(({ id, type, name, brand, model, specs, price, amazon_link, asin, position }) => ({
    id, type, name, brand, model, specs, price, amazon_link, asin, position,
  }));
  return { title, description, content, featured_image, budget, category, status, meta_title, meta_description, affiliate_tag, components, ...overrides };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
