/**
 * Parallel creates never fail: with one title they race for the same slug, and with several processes
 * on one database (two workers on one SQLite file, two instances on one PostgreSQL) they race for the
 * write lock too. Every create must answer 201 with its own slug.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, sampleBuild, type TestContext } from '../helpers/test-app';
import { testDialect } from '../helpers/test-database';
import { nodeArgsFor } from '../helpers/child-entries';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `base`, `base-2` … `base-{count}`: what `count` creates with one title must end up with. */
function expectedSlugs(base: string, count: number): string[] {
  return [base, ...Array.from({ length: count - 1 }, (_, index) => `${base}-${index + 2}`)].sort();
}

interface Burst {
  child: ChildProcess;
  ready: Promise<void>;
  results: Promise<{ status: number; slug: string | null }[]>;
}

function startBurst(url: string, count: number, title: string): Burst {
  const child = spawn(process.execPath, [...nodeArgsFor('tests/helpers/create-burst.ts'), url, String(count), title], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let onReady: () => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const results = new Promise<{ status: number; slug: string | null }[]>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.startsWith('READY\n')) onReady();
    });
    child.once('close', (code) => {
      const line = output.split('\n').find((text) => text.startsWith('['));
      if (code !== 0 || !line) reject(new Error(`create-burst exited with ${code}: ${stderr}`));
      else resolve(JSON.parse(line));
    });
  });
  return { child, ready, results };
}

describe(`parallel creates (${testDialect})`, () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    token = await ctx.login();
  });
  afterAll(() => ctx.close());

  it('15 parallel creates with one title all succeed with distinct slugs', async () => {
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => ctx.request('POST', '/api/admin/builds', { token, body: sampleBuild({ title: 'Stesso titolo' }) })),
    );
    expect(responses.map((response) => response.status)).toEqual(new Array(15).fill(201));
    const slugs = responses.map((response) => response.body.build.slug as string);
    expect(slugs.sort()).toEqual(expectedSlugs('stesso-titolo', 15));
  });

  it('two processes on one database, each sending 20 creates with one title at once: 40 × 201, 40 slugs', async () => {
    const bursts = [startBurst(ctx.databaseUrl, 20, 'Due processi'), startBurst(ctx.databaseUrl, 20, 'Due processi')];
    await Promise.all(bursts.map((burst) => burst.ready));
    for (const burst of bursts) burst.child.stdin!.end('go\n');
    const results = (await Promise.all(bursts.map((burst) => burst.results))).flat();
    expect(results.filter((result) => result.status !== 201)).toEqual([]);
    expect(results.map((result) => result.slug!).sort()).toEqual(expectedSlugs('due-processi', 40));
  }, 60_000);
});
