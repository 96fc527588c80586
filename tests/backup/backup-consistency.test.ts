/**
 * A backup taken while another process saves builds is one consistent snapshot: every build in it has
 * exactly the components it had at one moment (all in or all out), and no component points at a build
 * the archive lacks. Backups are repeated, reading two rows per query so that their reads interleave
 * with the writes, until enough saves have happened during them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations';
import { readArchive } from '../../src/modules/backup/archive-reader';
import { createBackup } from '../../src/modules/backup';
import { systemClock } from '../../src/modules/clock';
import { createServices } from '../../src/modules/services';
import { testDialect } from '../helpers/test-database';
import { createEmptySite, PROJECT_ROOT, temporaryDirectory } from './backup-fixtures';
import { buildWith, COMPONENTS_PER_BUILD } from './writer-child';
import { TEST_SCRYPT_COST } from '../helpers/test-scrypt';
import { nodeArgsFor } from '../helpers/child-entries';

const INITIAL_BUILDS = 40;
/** Saves (rounds of three transactions) that must happen while backups run. */
const ROUNDS_DURING_BACKUPS = 10;
const MAX_BACKUPS = 200;
const cleanups: (() => unknown)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function startWriter(url: string) {
  const child: ChildProcess = spawn(process.execPath, [...nodeArgsFor('tests/backup/writer-child.ts'), url], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const state = { rounds: 0, stderr: '' };
  let stdout = '';
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (stdout.includes('READY\n')) markReady();
    state.rounds = Number(/ROUND (\d+)\n(?![\s\S]*ROUND)/.exec(stdout)?.[1] ?? 0);
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (state.stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return {
    state,
    ready: Promise.race([ready, exited.then((code) => Promise.reject(new Error(`writer exited (${code}): ${state.stderr}`)))]),
    async stop() {
      child.stdin!.end();
      expect(await exited, state.stderr).toBe(0);
    },
  };
}

/** Components per build in the archive; readArchive itself refuses a component whose build is missing. */
async function componentsPerBuild(archive: string): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for await (const record of readArchive(archive, migrations.map((migration) => migration.name))) {
    if (record.kind !== 'row') continue;
    if (record.table.name === 'builds') counts.set(record.row.id as number, 0);
    if (record.table.name === 'components') counts.set(record.row.build_id as number, counts.get(record.row.build_id as number)! + 1);
  }
  return counts;
}

describe(`backup while another process writes (${testDialect})`, () => {
  it('holds each build with all of its components or not at all, and nothing that points at a missing row', async () => {
    const site = await createEmptySite(testDialect, cleanups);
    await migrateToLatest(site.database.db, site.database.dialect);
    const builds = createServices({ db: site.database.db, config: site.config, scryptCost: TEST_SCRYPT_COST }).builds;
    for (let i = 0; i < INITIAL_BUILDS; i++) await builds.create(buildWith(`Iniziale ${i}`, 0));

    const writer = startWriter(site.url);
    await writer.ready;
    const dir = temporaryDirectory(cleanups);
    let roundsDuringBackups = 0;
    let backups = 0;
    try {
      while (roundsDuringBackups < ROUNDS_DURING_BACKUPS && backups < MAX_BACKUPS) {
        const archive = join(dir, `live-${++backups}.ndjson.gz`);
        const before = writer.state.rounds;
        await createBackup({ db: site.database.db, dialect: site.database.dialect, storage: site.storage, clock: systemClock }, archive, {
          withUsers: true,
          pageSize: 2,
        });
        roundsDuringBackups += writer.state.rounds - before;

        const counts = await componentsPerBuild(archive);
        // Each round adds a build, then deletes one: INITIAL_BUILDS, or one more between the two saves.
        expect([INITIAL_BUILDS, INITIAL_BUILDS + 1]).toContain(counts.size);
        for (const [buildId, count] of counts) expect(count, `build ${buildId} in backup ${backups}`).toBe(COMPONENTS_PER_BUILD);
      }
    } finally {
      await writer.stop();
    }
    // The test proves something only if the site really changed while the backups ran.
    expect(roundsDuringBackups).toBeGreaterThanOrEqual(ROUNDS_DURING_BACKUPS);
  }, 180_000); // a child process and up to MAX_BACKUPS backups on a busy machine: generous, not a timing goal
});
