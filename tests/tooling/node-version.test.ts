// A newcomer on an old Node (the machine's own Node 20, or an older packaged one) gets one line naming the
// Node found, the one required and where to get Node 24, instead of a segmentation fault inside the SQLite
// driver: at install (npm's engine-strict), before `npm start`/`dev`/`test` (scripts/check-node.cjs) and
// in the server entry itself (`node build/server/main.js` run by hand).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CHECK = join(ROOT, 'scripts/check-node.cjs');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function check(version: string) {
  return spawnSync(process.execPath, [CHECK, version], { encoding: 'utf8' });
}

describe('an unsupported Node is refused in one line', () => {
  it('refuses Node 20 and 22.11, naming the version found, the one required and where to get Node 24', () => {
    for (const version of ['v20.20.2', 'v18.19.1', 'v22.11.0']) {
      const result = check(version);
      expect(result.status, version).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(version);
      expect(lines[0]).toContain('22.12 or newer');
      expect(lines[0]).toContain('Node 24');
      expect(lines[0]).toContain('https://nodejs.org/');
    }
  });

  it('accepts 22.12 and newer, and this Node', () => {
    for (const version of ['v22.12.0', 'v23.0.0', 'v24.22.3', process.version]) expect(check(version).status, version).toBe(0);
  });

  it('reads the rule from package.json, which npm enforces at install (engine-strict) and before start, dev and test', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };
    expect(pkg.engines.node).toBe('>=22.12');
    expect(readFileSync(join(ROOT, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
    for (const script of ['preinstall', 'prestart', 'predev', 'pretest']) expect(pkg.scripts[script], script).toContain('node scripts/check-node.cjs');
    expect(Number(readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim())).toBeGreaterThanOrEqual(22);
  });

  it('the server entry refuses before it opens a database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'buildpc-old-node-'));
    dirs.push(dir);
    // This Node pretending to be Node 20: what the entry reads is process.version.
    const preload = join(dir, 'old-node.cjs');
    writeFileSync(preload, "Object.defineProperty(process, 'version', { value: 'v20.20.2' });\n");
    const database = join(dir, 'never-created.sqlite');
    const result = spawnSync(process.execPath, ['--require', preload, '--import', 'tsx', join(ROOT, 'src/server/main.ts')], {
      cwd: ROOT, // where tsx resolves
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: database, PORT: '0' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining('this is Node v20.20.2')]);
    expect(() => readFileSync(database)).toThrow();
  });
});
