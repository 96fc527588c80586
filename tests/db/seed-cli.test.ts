/**
 * `npm run db:seed` (src/server/seed-cli.ts) as a child process on a fresh database of each kind: the
 * demo content with every demo cover uploaded into the configured storage, as a first start loads
 * them, and nothing added on a second run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src/config/env';
import { openDatabase } from '../../src/db/connection';
import { demoCoverTitles } from '../../src/db/demo-covers';
import { nodeArgsFor, PROJECT_ROOT } from '../helpers/child-entries';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let database: TestDatabase;
let uploadDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  uploadDir = mkdtempSync(join(tmpdir(), 'buildpc-seed-uploads-'));
});
afterAll(async () => {
  await database?.drop();
  rmSync(uploadDir, { recursive: true, force: true });
});

function seed() {
  const child = spawnSync(process.execPath, nodeArgsFor('src/server/seed-cli.ts'), {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH, DATABASE_URL: database.url, UPLOAD_DIR: uploadDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(child.status, child.stderr).toBe(0);
  return child.stdout;
}

it('loads the demo builds with their covers once, then adds nothing', async () => {
  const covers = demoCoverTitles().length;
  expect(seed()).toContain(`Contenuti dimostrativi caricati, con ${covers} copertine.`);
  const handle = openDatabase(parseDatabaseUrl(database.url));
  try {
    const rows = await handle.db.selectFrom('builds').select(['slug', 'featured_image']).execute();
    const withCover = rows.filter((row) => row.featured_image !== null);
    expect(withCover.map((row) => row.slug).sort()).toEqual(demoCoverTitles().map(({ slug }) => slug).sort());
    expect(withCover.every((row) => row.featured_image!.startsWith('/uploads/'))).toBe(true);

    expect(seed()).toContain('Il database contiene già delle build: nessun contenuto dimostrativo aggiunto.');
    expect(await handle.db.selectFrom('builds').select('id').execute()).toHaveLength(rows.length);
  } finally {
    await handle.destroy();
  }
}, 120_000);
