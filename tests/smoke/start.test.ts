/**
 * What a newcomer does on a fresh clone: `npm start` (which builds first, unless build/ is up to
 * date) on an empty database, then the site answers with server-rendered demo builds and the
 * printed admin credentials log in.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBuilds } from '../../src/db/seed-data';

interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

const BUILD_SERVER = join(import.meta.dirname, '../../build/server');
const dataDir = mkdtempSync(join(tmpdir(), 'buildpc-smoke-'));
const running: ChildProcess[] = [];

/** Runs `npm <script>` in its own process group and resolves once it prints its listening URL. */
function startServer(script: 'start' | 'run start:built', env: Record<string, string>): Promise<Started> {
  const child = spawn('npm', script.split(' '), {
    // The uploads (the demo covers of a first start) in the test's directory, not the project's ./data.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: '0', LOG_REQUESTS: 'false', UPLOAD_DIR: join(dataDir, 'uploads'), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /in ascolto su (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) resolve({ child, baseUrl: match[1]!, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm ${script} exited with ${code}:\n${output}`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid!, 'SIGTERM'); // the whole group: npm and the node server it started
    } catch {
      resolve(); // already gone
    }
  });
}

afterAll(async () => {
  await Promise.all(running.map(stopServer));
  rmSync(dataDir, { recursive: true, force: true });
});

const published = demoBuilds.filter((build) => build.status === 'published');

describe('npm start on a fresh database', () => {
  let server: Started;
  let credentials: { username: string; password: string };

  beforeAll(async () => {
    server = await startServer('start', { DATABASE_URL: join(dataDir, 'fresh.sqlite') });
    const match = /Username: (\S+)\s+Password: (\S+)/.exec(server.output());
    expect(match, 'the generated admin credentials are printed once').not.toBeNull();
    credentials = { username: match![1]!, password: match![2]! };
  });

  it('serves server-rendered HTML listing every published demo build', async () => {
    const response = await fetch(`${server.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('<html lang="it"');
    expect(html).toContain('Assembla il tuo PC perfetto');
    expect(published.length).toBeGreaterThanOrEqual(6);
    for (const build of published) expect(html).toContain(escapeHtml(build.title));
    for (const draft of demoBuilds.filter((build) => build.status === 'draft')) expect(html).not.toContain(escapeHtml(draft.title));
    expect(html).toMatch(/href="\/build\/[a-z0-9-]+"/);
  });

  it('gives every demo build a cover made by the cover generator, served as WebP (decision 022)', async () => {
    expect(server.output()).toContain(`[db] copertine dimostrative caricate: ${demoBuilds.length}`);
    const list = (await (await fetch(`${server.baseUrl}/api/builds`)).json()) as { builds: { slug: string; featured_image: string | null }[] };
    expect(list.builds).toHaveLength(published.length);
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    for (const build of list.builds) {
      expect(build.featured_image, build.slug).toMatch(/^\/uploads\/[a-f0-9]{64}-1280\.webp$/);
      expect(html).toContain(`src="${build.featured_image}"`);
      const image = await fetch(`${server.baseUrl}${build.featured_image}`);
      expect(image.status, build.slug).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    expect(new Set(list.builds.map((build) => build.featured_image)).size).toBe(list.builds.length);
  });

  it('serves a build page and a 404 page', async () => {
    const list = await (await fetch(`${server.baseUrl}/api/builds`)).json();
    const first = list.builds[0];
    const page = await fetch(`${server.baseUrl}/build/${first.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(escapeHtml(first.title));
    const missing = await fetch(`${server.baseUrl}/questa-pagina-non-esiste`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Pagina non trovata');
  });

  it('serves fingerprinted assets with long-lived immutable caching', async () => {
    // The admin is the client app that loads them (public pages are documents without script files).
    const html = await (await fetch(`${server.baseUrl}/admin/login`)).text();
    const asset = /(\/assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const response = await fetch(`${server.baseUrl}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves /favicon.ico as an icon, cached for a day', async () => {
    const response = await fetch(`${server.baseUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/x-icon');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), then the image count.
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]).toBeGreaterThan(0);
  });

  it('lets the printed admin credentials log in through the API', async () => {
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    expect(login.status).toBe(200);
    const { token } = await login.json();
    const verify = await fetch(`${server.baseUrl}/api/auth/verify`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await verify.json()).user.username).toBe('admin');
  });

  it('does not print the password again or re-seed on the next start', async () => {
    await stopServer(server.child);
    const again = await startServer('run start:built', { DATABASE_URL: join(dataDir, 'fresh.sqlite') });
    expect(again.output()).not.toContain(credentials.password);
    const list = await (await fetch(`${again.baseUrl}/api/builds`)).json();
    expect(list.builds).toHaveLength(published.length);
    await stopServer(again.child);
  });
});

describe('npm start with configured admin credentials', () => {
  it('creates that admin and accepts its password', async () => {
    const server = await startServer('run start:built', {
      DATABASE_URL: join(dataDir, 'configured.sqlite'),
      ADMIN_USERNAME: 'autore',
      ADMIN_PASSWORD: 'Configurata!2026',
    });
    expect(server.output()).not.toContain('Configurata!2026');
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'autore', password: 'Configurata!2026' }),
    });
    expect(login.status).toBe(200);
    await stopServer(server.child);
  });
});

describe('the built server', () => {
  // npm start has built build/ by now (the suites above ran it).
  const bundled = () =>
    ['main.js', 'app-build.js', ...readdirSync(join(BUILD_SERVER, 'chunks')).filter((name) => name.endsWith('.js')).map((name) => `chunks/${name}`)]
      .map((name) => readFileSync(join(BUILD_SERVER, name), 'utf8'))
      .join('\n');

  it("runs React Router's production build, one copy shared by the server and the route modules", () => {
    const code = bundled();
    // esbuild names each bundled file in a comment: the production files are in, the development ones are not.
    expect(code).toMatch(/node_modules\/react-router\/dist\/production\//);
    expect(code).not.toMatch(/react-router\/dist\/development\//);
    expect(code).not.toMatch(/from "react-router"/);
    // Each of its files is bundled once, in the chunk main.js and app-build.js share.
    const files = code.match(/^\/\/ node_modules\/react-router\/dist\/production\/\S+/gm) ?? [];
    expect(files.length).toBeGreaterThan(0);
    expect(new Set(files).size).toBe(files.length);
  });
});

/** Whether something accepts connections on the URL's port right now. */
function isListening(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('stopping npm start', () => {
  it('SIGTERM to the npm process alone stops the server and frees its port', async () => {
    const server = await startServer('start', { DATABASE_URL: join(dataDir, 'stop.sqlite') });
    expect(await isListening(server.baseUrl)).toBe(true);
    const npmExited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    try {
      process.kill(server.child.pid!, 'SIGTERM'); // npm only, as `kill <pid of npm>` does: not its group
      await npmExited;
      const deadline = Date.now() + 5_000;
      while ((await isListening(server.baseUrl)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await isListening(server.baseUrl), 'the port is free within 5 s').toBe(false);
    } finally {
      try {
        process.kill(-server.child.pid!, 'SIGKILL'); // whatever the group left behind, if the test failed
      } catch {
        // the group is gone: the expected case
      }
    }
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
