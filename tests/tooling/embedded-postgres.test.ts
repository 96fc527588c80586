// `npm test` on a machine with nothing but Node: the throw-away PostgreSQL (scripts/embedded-postgres.mjs)
// starts as root from a checkout other users cannot enter, and a start that cannot work ends in one line
// saying what to do, never an unhandled error event. On CI and here the tests run as root, the case that
// used to fail with `spawn …/initdb EACCES`.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { packagedNativeDir, startEmbeddedPostgres } from '../../scripts/embedded-postgres.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const closed: string[] = [];
afterAll(() => closed.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A directory only its owner can enter, like /root or `mktemp -d`. */
function closedDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-closed-'));
  chmodSync(dir, 0o700);
  closed.push(dir);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

describe('the throw-away PostgreSQL of npm test', () => {
  it('starts from binaries inside a directory other users cannot enter, answers, and leaves nothing behind', async () => {
    const nativeDir = join(closedDirectory(), 'checkout', 'native');
    cpSync(packagedNativeDir(), nativeDir, { recursive: true, verbatimSymlinks: true });
    const server = await startEmbeddedPostgres({ port: await freePort(), nativeDir, settings: { fsync: 'off', listen_addresses: '127.0.0.1' } });
    try {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${server.port}/postgres` });
      await client.connect();
      const { rows } = await client.query<{ user: string; answer: number }>('select current_user as "user", 6 * 7 as answer');
      await client.end();
      expect(rows[0]).toEqual({ user: 'postgres', answer: 42 });
    } finally {
      await server.stop();
    }
    expect(existsSync(server.dir)).toBe(false);
  }, 120_000);

  it('a temporary directory the server cannot use ends in one line naming what to set, not an error event', () => {
    const script = `import { choosePostgres } from './scripts/test-postgres.mjs';
      try { const s = await choosePostgres(); console.log('started'); await s.stop(); }
      catch (error) { console.error(error.message.split('\\n')[0]); process.exit(3); }`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, TEST_POSTGRES: 'embedded', TMPDIR: closedDirectory() },
      timeout: 120_000,
    });
    expect(result.stderr).not.toMatch(/Unhandled 'error' event|EACCES|\n {4}at /);
    if (userInfo().uid === 0) {
      // As root the server runs as "postgres", which cannot enter a root-only TMPDIR.
      expect(result.status).toBe(3);
      expect(result.stderr.trim()).toMatch(/^PostgreSQL di prova non avviato: .*TMPDIR/);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    } else {
      // Any other user owns that TMPDIR, so the server starts there.
      expect(result.stdout).toContain('started');
    }
  }, 120_000);
});
