/**
 * Extra instances of the application on a test's database, each in its own process and served over
 * HTTP (tests/helpers/app-server-child.ts): two workers on one SQLite file, or two instances on one
 * PostgreSQL, as in production.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DatabaseTarget } from '../../src/config/env';
import { nodeArgsFor } from './child-entries';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 30_000;

export interface AppServers {
  /** Base URL of each instance, e.g. http://127.0.0.1:41234 */
  urls: string[];
  stop(): Promise<void>;
}

/** The DATABASE_URL of a configuration's database. */
export function databaseUrl(target: DatabaseTarget): string {
  return target.dialect === 'postgres' ? target.connectionString : target.filename;
}

function startOne(url: string, pages: boolean, extraEnv: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string }> {
  // Loading the pages' build (page-build.ts) and rendering the first page add to the start on a busy machine.
  const startTimeoutMs = pages ? 4 * START_TIMEOUT_MS : START_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgsFor('tests/helpers/app-server-child.ts'), url, ...(pages ? ['--pages'] : [])], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...extraEnv, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`instance did not start within ${startTimeoutMs} ms: ${stderr}`));
    }, startTimeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /^LISTENING (\S+)$/m.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve({ child, baseUrl: match[1]! });
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`instance exited before serving (code ${code}, signal ${signal}): ${stderr}`));
    });
  });
}

function stopOne(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts `count` instances on the database at `url` (already migrated). With `pages`, they render the
 * pages too, behind the page cache, and trust X-Forwarded-For (app-server-child.ts); `env` sets the page
 * cache's PAGE_CACHE_MB and PAGE_CACHE_MISSES_PER_MINUTE. stop() stops them as
 * production does (SIGTERM) and waits for them to exit.
 */
export async function startAppServers(url: string, count: number, options: { pages?: boolean; env?: Record<string, string> } = {}): Promise<AppServers> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startOne(url, options.pages ?? false, options.env ?? {})));
  const children = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  const stop = async () => {
    await Promise.all(children.map(({ child }) => stopOne(child)));
  };
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { urls: children.map(({ baseUrl }) => baseUrl), stop };
}
