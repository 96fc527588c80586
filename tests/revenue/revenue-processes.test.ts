/**
 * Two processes import the same report at the same instant (two instances on one PostgreSQL, two processes
 * on one SQLite file): it is stored once, and the figures are the report's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeArgsFor, PROJECT_ROOT } from '../helpers/child-entries';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { reportText } from './report-fixtures';
import { DEFAULT_TAG, OCTOBER, OCTOBER_PERIOD, seedCatalogue } from './revenue-fixture';

let ctx: TestContext;
let dir: string;

beforeAll(async () => {
  ctx = await createTestContext({ DEFAULT_AFFILIATE_TAG: DEFAULT_TAG });
  dir = mkdtempSync(join(tmpdir(), 'buildpc-revenue-'));
});

afterAll(async () => {
  await ctx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function startImportChild(url: string, file: string) {
  const child = spawn(process.execPath, [...nodeArgsFor('tests/revenue/import-child.ts'), url, file], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<{ already_imported: boolean; import: { id: number } }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const line = /^DONE (.+)$/m.exec(stdout);
      if (code !== 0 || !line) reject(new Error(`child exited with ${code ?? signal}; stdout: ${stdout}; stderr: ${stderr}`));
      else resolve(JSON.parse(line[1]!));
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (/^READY$/m.test(stdout)) resolve();
    });
    done.then(() => reject(new Error(`child finished before READY: ${stdout}`)), reject);
  });
  return { ready, done, go: () => child.stdin.end('GO\n'), kill: () => child.exitCode === null && child.kill('SIGKILL') };
}

describe('two imports of one report at once', () => {
  it('store it once', async () => {
    await seedCatalogue(ctx.database.db);
    const file = join(dir, 'Fee-Earnings.csv');
    writeFileSync(file, reportText(OCTOBER, { title: OCTOBER_PERIOD }));
    const children = [startImportChild(ctx.databaseUrl, file), startImportChild(ctx.databaseUrl, file)];
    try {
      await Promise.all(children.map((child) => child.ready));
      for (const child of children) child.go();
      const results = await Promise.all(children.map((child) => child.done));
      expect(results.map((result) => result.already_imported).sort()).toEqual([false, true]);
      expect(new Set(results.map((result) => result.import.id)).size).toBe(1);
    } finally {
      for (const child of children) child.kill();
    }
    const token = await ctx.login();
    expect((await ctx.request('GET', '/api/admin/revenue/imports', { token })).body.imports).toHaveLength(1);
    const figures = await ctx.request('GET', '/api/admin/revenue?from=2026-10-01&to=2026-10-31', { token });
    expect(figures.body.total.commissions).toBe(19.2);
    expect(await ctx.database.db.selectFrom('revenue_rows').select('id').execute()).toHaveLength(OCTOBER.length);
  });
});
