/**
 * vitest global setup of the API suite (vitest.config.ts), once per project (database) and run:
 * - migrated template databases that test contexts clone (test-database.ts): one SQLite file, and on a
 *   PostgreSQL run one PostgreSQL database, named per run since other runs may share that server;
 * - the child-process entry points bundled once (child-entries.ts).
 * Both are removed when the run ends.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { parseDatabaseUrl } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { bundleChildEntries } from './child-entries';
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

export default async function setup(project: TestProject) {
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
