/**
 * Starts tests/pricing/refresh-child.ts: one app process that refreshes the prices of some ASINs against
 * the fake Creators API once released, so that a test can release two at the same instant.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { FakeCreatorsApi } from '../fakes/creators-api';
import { nodeArgsFor, PROJECT_ROOT } from '../helpers/child-entries';

export interface RefreshChild {
  /** Resolves once the process has made its warm-up request; rejects if it died first. */
  ready: Promise<void>;
  done: Promise<{ summary: Record<string, number>; requests: number }>;
  go(): void;
}

export interface RefreshChildOptions {
  databaseUrl: string;
  api: FakeCreatorsApi;
  requestsPerSecond: number;
  /** An ASIN the fake shows: the process's first request, before READY. */
  warmUpAsin: string;
  asins: string[];
  timeoutMs: number;
  /** Every process started is added here, for the test's afterAll to kill what is left. */
  children: ChildProcess[];
}

export function startRefreshChild(options: RefreshChildOptions): RefreshChild {
  const { api } = options;
  const args = [options.databaseUrl, api.url, api.tokenUrl, String(options.requestsPerSecond), options.warmUpAsin, options.asins.join(',')];
  const child = spawn(process.execPath, [...nodeArgsFor('tests/pricing/refresh-child.ts'), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  options.children.push(child);
  let stdout = '';
  let stderr = '';
  let onReady: () => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (/^READY$/m.test(stdout)) onReady();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<{ summary: Record<string, number>; requests: number }>((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const line = /^DONE (.+)$/m.exec(stdout);
      if (code !== 0 || !line) reject(new Error(`child exited with ${code ?? signal}; stdout: ${stdout}; stderr: ${stderr}`));
      else resolve(JSON.parse(line[1]!));
    });
  });
  // A child that dies before READY must fail the test, not hang it.
  const readyOrDead = Promise.race([ready, done.then(() => Promise.reject(new Error(`child finished before READY: ${stdout}`)))]);
  return { ready: readyOrDead, done, go: () => child.stdin.end('GO\n') };
}
