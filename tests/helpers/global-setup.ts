/**
 * vitest global setup of the API suite (vitest.config.ts), once per project (database) and run:
 * - the production build brought up to date (`node scripts/build.mjs --if-stale`: nothing to do when its
 *   stamp matches the sources; a lock makes parallel runs wait for one build), for the tests that render
 *   pages (page-build.ts) and, in `npm test`, the smoke tests after them (decision 044);
 * - migrated template databases that test contexts clone (test-database.ts): one SQLite file, and on a
 *   PostgreSQL run one PostgreSQL database, named per run since other runs may share that server;
 * - the child-process entry points bundled once (child-entries.ts).
 * Both are removed when the run ends.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { parseDatabaseUrl } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { bundleChildEntries, PROJECT_ROOT } from './child-entries';
import { type MigratedTemplates, POSTGRES_ADMIN_URL, postgresUrlFor } from './test-database';

async function migrate(url: string): Promise<void> {
  const database = openDatabase(parseDatabaseUrl(url));
  try {
    await migrateToLatest(database.db, database.dialect);
  } finally {
    await database.destroy();
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Builds when build/ is stale; its output is shown when it built or failed (vitest calls this once per project). */
function buildIfStale(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const output = `${result.stdout}${result.stderr}`.trim();
  if (result.status !== 0) throw new Error(`node scripts/build.mjs --if-stale exited with ${result.status ?? result.signal}:\n${output}`);
  if (!output.startsWith('build/ è già aggiornata')) console.log(output);
}

export default async function setup(project: TestProject) {
  buildIfStale();
  const cleanups: (() => unknown)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const bundles = await bundleChildEntries();
    cleanups.push(bundles.remove);
    project.provide('childEntriesDir', bundles.dir);

    const templates: MigratedTemplates = {};
    const dir = mkdtempSync(join(tmpdir(), 'buildpc-template-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    templates.sqlite = join(dir, 'template.sqlite');
    await migrate(templates.sqlite);
    // The project's database (vitest.config.ts): this process's own TEST_DB is not the project's.
    if (project.config.env?.TEST_DB === 'postgres') {
      const name = `buildpc_template_${process.pid}_${randomBytes(4).toString('hex')}`;
      await adminQuery(`CREATE DATABASE ${name}`);
      cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      // migrate() closes its pool: a PostgreSQL database cannot be a template while anyone is connected.
      await migrate(postgresUrlFor(name));
      templates.postgres = name;
    }
    project.provide('migratedTemplates', templates);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
