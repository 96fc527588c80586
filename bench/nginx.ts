/**
 * nginx serving the exact bytes our page cache sends, as static files, for bench/pages.ts: the same
 * three bodies (identity, gzip, br) captured from our server, sent by brotli_static / gzip_static as they
 * are, with our response headers repeated (see "Fairness" in bench/README-pages.md).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rawGet, REQUEST_HEADERS } from './http';
import { freePort } from './start-site';

/** $NGINX_BIN replaces the default locations (Debian's package). */
export const NGINX_CANDIDATES = process.env.NGINX_BIN ? [process.env.NGINX_BIN] : ['/usr/sbin/nginx', '/usr/bin/nginx'];
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface PageBodies {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Response headers of the cached page to repeat in nginx (everything but framing and encoding). */
  headers: [string, string][];
}

/**
 * The three stored encodings of a cached page, exactly as the page cache sends them: on one keep-alive
 * connection, so with several processes all three come from the same worker's cache entry.
 */
export async function capturePage(url: string): Promise<PageBodies> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    return await captureOn(url, agent);
  } finally {
    agent.destroy();
  }
}

async function captureOn(url: string, agent: Agent): Promise<PageBodies> {
  const get = async (encoding: string) => {
    const response = await rawGet(url, { ...REQUEST_HEADERS, 'accept-encoding': encoding }, agent);
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    const sent = response.headers['content-encoding'] ?? 'identity';
    if (sent !== encoding) throw new Error(`GET ${url} with Accept-Encoding ${encoding} answered ${sent}`);
    return response;
  };
  const identity = await get('identity'); // the first request renders and stores the page
  const gzip = await get('gzip');
  const br = await get('br');
  if (!gunzipSync(gzip.body).equals(identity.body) || !brotliDecompressSync(br.body).equals(identity.body)) {
    throw new Error(`GET ${url}: the compressed bodies do not match the identity body (page re-rendered between requests?)`);
  }
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-encoding', 'transfer-encoding', 'content-type', 'vary']);
  const headers = Object.entries(br.headers)
    .filter(([name, value]) => !skip.has(name) && typeof value === 'string' && !/["$\\]/.test(value))
    .map(([name, value]) => [name, value as string] as [string, string]);
  return { identity: identity.body, gzip: gzip.body, br: br.body, headers };
}

export interface Nginx {
  url: string;
  /** Temporary prefix (config, pages, logs); stop() removes it. */
  dir: string;
  /** Synchronous, for an abrupt exit: asks the master to stop (SIGTERM). */
  kill(): void;
  brotli: boolean;
  version: string;
  stop(): Promise<void>;
}

function errorLogTail(dir: string): string {
  const file = join(dir, 'error.log');
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(-10).join('\n') : '(no error log)';
}

export function findNginx(): string | undefined {
  return NGINX_CANDIDATES.find((path) => existsSync(path));
}

/**
 * nginx in the foreground with a temporary prefix: the pages are static files (same paths as on our
 * server) next to their .br and .gz copies, which brotli_static / gzip_static send as they are.
 */
export async function startNginx(binary: string, pages: { path: string; bodies: PageBodies }[]): Promise<Nginx> {
  // A directory of its own under the system temp dir: nginx's workers run as "nobody" when the master
  // is root, so it must be readable by all (mkdtemp creates it 0700).
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-bench-nginx-'));
  const www = join(dir, 'www');
  for (const { path, bodies } of pages) {
    const file = path === '/' ? join(www, 'index.html') : join(www, ...path.split('/').filter(Boolean));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, bodies.identity);
    writeFileSync(`${file}.gz`, bodies.gzip);
    writeFileSync(`${file}.br`, bodies.br);
  }
  chmodSync(dir, 0o755);
  spawnSync('chmod', ['-R', 'a+rX', www]);

  const brotli = existsSync(BROTLI_STATIC_MODULE);
  const port = await freePort();
  // Same response headers as the cached page (security headers, Cache-Control, X-Cache), so both
  // servers send about the same bytes.
  const addHeaders = (pages[0]?.bodies.headers ?? []).map(([name, value]) => `      add_header ${name} "${value}";`).join('\n');
  const config = `
${brotli ? `load_module ${BROTLI_STATIC_MODULE};` : ''}
daemon off;
master_process on;
worker_processes auto;
error_log ${join(dir, 'error.log')} warn;
pid ${join(dir, 'nginx.pid')};
events { worker_connections 1024; }
http {
  access_log off;
  server_tokens off;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  sendfile on;
  tcp_nopush on;
  open_file_cache max=100;
  keepalive_timeout 65;
  # The load generator keeps its connections open for the whole run, as it does with our server.
  keepalive_requests 10000000;
  types { }
  default_type text/html;
  charset utf-8;
  etag off;
  gzip off;
  gzip_static on;
  gzip_vary on;
  ${brotli ? 'brotli_static on;' : ''}
  server {
    listen 127.0.0.1:${port};
    root ${www};
    index index.html;
    location / {
${addHeaders}
    }
  }
}
`;
  const configFile = join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  const version = spawnSync(binary, ['-v'], { encoding: 'utf8' }).stderr.trim().replace(/^nginx version: /, '');
  const child: ChildProcess = spawn(binary, ['-p', `${dir}/`, '-e', join(dir, 'error.log'), '-c', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // SIGTERM is nginx's fast shutdown: the master stops its workers, then itself.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await exit;
    process.removeListener('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 5_000;
    for (;;) {
      if (exited) throw new Error(`nginx exited at start-up:\n${errorLogTail(dir)}`);
      let last = 'no answer';
      try {
        const status = (await rawGet(`${url}/`, REQUEST_HEADERS)).status;
        if (status === 200) break;
        last = `status ${status}`;
      } catch (error) {
        last = (error as Error).message; // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`nginx did not answer 200 on ${url}/ within 5 s (${last})\n${errorLogTail(dir)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dir, kill: killOnExit, brotli, version, stop };
}

