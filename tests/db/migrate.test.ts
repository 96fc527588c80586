/**
 * Migrations: idempotent on one connection, and safe when two OS processes migrate the same fresh
 * database at the same moment (SQLite: BEGIN IMMEDIATE; PostgreSQL: advisory lock).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config/env';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-database';
import { nodeArgsFor } from '../helpers/child-entries';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ALL_MIGRATIONS = migrations.map((migration) => migration.name);
const EXPECTED_TABLES = [
  'users',
  'sessions',
  'login_throttle',
  'builds',
  'components',
  'alternative_categories',
  'alternatives',
  'replacements',
  'price_observations',
  'media_blobs',
  'build_daily_stats',
  'component_daily_clicks',
  'keyed_counters',
  'click_dedupe_keys',
];

// Everything a test opens is released here, even when an assertion fails halfway.
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  const errors: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
});

async function freshDatabase(): Promise<TestDatabase> {
  const testDb = await createTestDatabase();
  cleanups.push(() => testDb.drop());
  return testDb;
}

function open(url: string): DatabaseHandle {
  const database = openDatabase(parseDatabaseUrl(url));
  cleanups.push(() => database.destroy());
  return database;
}

async function migrationRows(database: DatabaseHandle): Promise<{ name: string; count: number }[]> {
  const rows = await database.db
    .selectFrom('schema_migrations' as any)
    .select(['name', sql<number>`count(*)`.as('count')])
    .groupBy('name')
    .orderBy('name')
    .execute();
  return rows.map((row: any) => ({ name: String(row.name), count: Number(row.count) }));
}

interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface MigrateChild {
  process: ChildProcess;
  ready: Promise<void>;
  done: Promise<ChildResult>;
}

/** Spawns tests/db/migrate-child.ts directly on node (no npx wrapper, so the pid is the script's). */
function spawnMigrateChild(url: string): MigrateChild {
  const child = spawn(process.execPath, [...nodeArgsFor('tests/db/migrate-child.ts'), url, '--barrier'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (/^READY$/m.test(stdout)) markReady();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<ChildResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  // A child that dies before READY must not leave the test waiting for it.
  const readyOrExit = Promise.race([
    ready,
    done.then((result) => {
      throw new Error(`migrate child exited before READY (code ${result.code}): ${result.stderr}`);
    }),
  ]);
  return { process: child, ready: readyOrExit, done };
}

function appliedOf(result: ChildResult): string[] {
  const line = result.stdout
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text.startsWith('{'));
  if (!line) throw new Error(`migrate child printed no result. stdout: ${result.stdout} stderr: ${result.stderr}`);
  return (JSON.parse(line) as { applied: string[] }).applied;
}

describe(`migrateToLatest (${testDialect})`, () => {
  it('applies every migration once, then nothing, and creates the whole schema', async () => {
    const testDb = await freshDatabase();
    const database = open(testDb.url);

    const first = await migrateToLatest(database.db, database.dialect);
    expect(first.applied).toEqual(ALL_MIGRATIONS);
    expect(first.applied.length).toBeGreaterThan(0);

    const second = await migrateToLatest(database.db, database.dialect);
    expect(second.applied).toEqual([]);

    const tables = (await database.db.introspection.getTables()).map((table) => table.name);
    for (const table of EXPECTED_TABLES) expect(tables, `table ${table}`).toContain(table);
    expect(tables).toContain('schema_migrations');
    expect(await migrationRows(database)).toEqual(ALL_MIGRATIONS.map((name) => ({ name, count: 1 })).sort((a, b) => a.name.localeCompare(b.name)));

    // The schema is usable, not just present: a build with a component round-trips.
    const now = new Date().toISOString();
    const build = await database.db
      .insertInto('builds')
      .values({ slug: 'migrata', title: 'Migrata', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('components')
      .values({ build_id: build.id, type: 'CPU', name: 'Test CPU', created_at: now, updated_at: now })
      .execute();
    const components = await database.db.selectFrom('components').select('name').where('build_id', '=', build.id).execute();
    expect(components).toEqual([{ name: 'Test CPU' }]);
  });

  it('two processes migrating the same fresh database at once both succeed and apply each migration once', async () => {
    // Three fresh databases: each time both children open the database, then are released together.
    for (let trial = 0; trial < 3; trial++) {
      const testDb = await freshDatabase();
      const children = [spawnMigrateChild(testDb.url), spawnMigrateChild(testDb.url)];
      await Promise.all(children.map((child) => child.ready));
      for (const child of children) child.process.stdin!.end('go\n');
      const results = await Promise.all(children.map((child) => child.done));

      for (const result of results) {
        expect(result.stderr).not.toMatch(/error/i);
        expect({ code: result.code, signal: result.signal }).toEqual({ code: 0, signal: null });
      }
      const applied = results.map(appliedOf);
      // Exactly one runner applied everything; the other waited for the lock and found nothing to do.
      expect(applied.flat().sort()).toEqual([...ALL_MIGRATIONS].sort());
      expect(applied.filter((list) => list.length === 0)).toHaveLength(1);

      const database = open(testDb.url);
      expect(await migrationRows(database)).toEqual(ALL_MIGRATIONS.map((name) => ({ name, count: 1 })).sort((a, b) => a.name.localeCompare(b.name)));
      const tables = (await database.db.introspection.getTables()).map((table) => table.name);
      for (const table of EXPECTED_TABLES) expect(tables, `table ${table}`).toContain(table);
      // A third run afterwards has nothing to do.
      expect((await migrateToLatest(database.db, database.dialect)).applied).toEqual([]);
    }
  }, 60_000);
});
