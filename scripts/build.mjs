#!/usr/bin/env node
// `npm run build`: the React Router build (build/client, build/server/index.js) plus the server bundle
// (scripts/build-server.mjs), then a stamp, build/.inputs-sha256, holding a hash of everything the build
// reads. `npm run build:if-stale` (run by `npm start`, the smoke tests and the browser tests) builds only
// when build/ is missing or the stamp differs from the inputs as they are now.
//
// Why a stamp rather than a flag that CI sets: CI runs `npm test` (smoke tests) and then
// `npm run test:e2e`, and a developer runs them in any order between edits. A flag ("reuse build/")
// would be right in CI and stale for a developer who edited a page since; the hash is right in both
// cases, and costs ~50 ms to compute. The stamp is removed before building and written only after a
// build that succeeded, so an interrupted or failed build is never taken for a fresh one.
//
// One build at a time per checkout (a lock, below): the API suite's global setup, the smoke tests, the
// browser tests' setup and `npm start` may run this at the same moment (two vitest runs, `npm test` beside
// `npm run test:e2e`); the later ones wait, then find the stamp fresh and build nothing (decision 044).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const STAMP = join(ROOT, 'build', '.inputs-sha256');
/** What the build produces; a stamp without them (build/ partly deleted) is not trusted. */
const OUTPUTS = ['build/server/main.js', 'build/server/app-build.js', 'build/server/index.js', 'build/client/assets'];
/** Directories the build reads, whole (tests under src/ are never bundled, so editing one rebuilds nothing). */
const INPUT_DIRS = ['src', 'public'];
/** Single files the build reads: the build's own configuration and scripts, the dependencies' versions, Vite's .env files. */
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'scripts/vite-inline-script.ts',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** sha256 over every input's path and bytes, the Node runtime, and the VITE_* variables Vite would inline. */
function inputsHash() {
  const hash = createHash('sha256');
  hash.update(`${process.version} ${process.platform} ${process.arch}\n`);
  for (const [name, value] of Object.entries(process.env).filter(([key]) => key.startsWith('VITE_')).sort()) hash.update(`env ${name}=${value}\n`);
  const files = [...INPUT_DIRS.flatMap((dir) => filesUnder(join(ROOT, dir))), ...INPUT_FILES.map((file) => join(ROOT, file)).filter((file) => existsSync(file))];
  for (const file of files.sort()) {
    hash.update(`file ${relative(ROOT, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

function isFresh(hash) {
  if (!existsSync(STAMP) || !OUTPUTS.every((output) => existsSync(join(ROOT, output)))) return false;
  return readFileSync(STAMP, 'utf8').trim() === hash;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Outside build/ (which the build empties), ignored by git, one per checkout. */
const LOCK = join(ROOT, 'node_modules', '.cache', 'buildpc-build.lock');
const LOCK_OWNER = join(LOCK, 'pid');

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Whether the lock's holder still runs; a lock without a readable holder counts as held for its first 30 s. */
function lockHeld() {
  let pid;
  try {
    pid = Number(readFileSync(LOCK_OWNER, 'utf8'));
  } catch {
    try {
      return Date.now() - statSync(LOCK).mtimeMs < 30_000;
    } catch {
      return false; // released meanwhile
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function releaseLock() {
  try {
    if (Number(readFileSync(LOCK_OWNER, 'utf8')) === process.pid) rmSync(LOCK, { recursive: true, force: true });
  } catch {
    // not ours, or already gone
  }
}

/** Waits (at most 15 minutes) for any other build of this checkout, then holds the lock until this process exits. */
function acquireLock() {
  mkdirSync(dirname(LOCK), { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  let waiting = false;
  for (;;) {
    try {
      mkdirSync(LOCK); // atomic: exactly one process creates it
      writeFileSync(LOCK_OWNER, String(process.pid));
      process.on('exit', releaseLock);
      for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143));
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (!lockHeld()) {
      // Its holder died mid-build (killed): the stamp was removed before that build, so this one rebuilds.
      rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) {
      console.error(`Un'altra build di questo checkout non finisce da 15 minuti (${LOCK}): fermala o rimuovi il lock.`);
      process.exit(1);
    }
    if (!waiting) console.log('Un\'altra build di questo checkout è in corso: attendo che finisca.');
    waiting = true;
    sleep(200);
  }
}

acquireLock();
const hash = inputsHash();
if (process.argv.includes('--if-stale') && isFresh(hash)) {
  console.log('build/ è già aggiornata (stessi sorgenti, configurazione e dipendenze): nessuna nuova build.');
  process.exit(0);
}
rmSync(STAMP, { force: true });
run(join(ROOT, 'node_modules', '.bin', 'react-router'), ['build']);
run(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs')]);
writeFileSync(STAMP, `${hash}\n`);
