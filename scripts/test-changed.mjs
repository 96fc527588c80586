#!/usr/bin/env node
// `npm run test:changed [-- <base>] [--list]`: the fast tier, a change's own tests on both databases (decision 044).
// What changed: the commits since <base> (default `main`, or only the working tree when there is no main)
// plus staged, modified and untracked files. Which tests: tests are grouped by feature (tests/<feature>/,
// named as src/modules/<feature>/), so
// - a changed test file runs itself; any other file under tests/<feature>/ (a child script) runs that folder;
// - a file under src/modules/<feature>/, src/app/admin/<feature>/, src/app/public/<feature>/ or
//   src/server/api/<feature>.routes.ts runs tests/<feature>/, plus the unit tests in its own directory;
// - any other file under src/ runs the unit tests in its own directory;
// - shared code (src/db, src/server, src/config, src/common, tests/helpers, tests/fakes, the configs,
//   package.json) reaches every feature: then vitest's own `--changed <base>` adds the tests that import it
//   (by import graph: most of the suite);
// - the public pages' sources outside a feature folder (src/app routes, components, styles) add every test
//   that renders pages (those load the production build, which no import graph sees).
// The browser journeys of the touched features are named at the end, not run (npm run test:e2e is its own
// tier). --list prints the choice without running it. `npm test` and .ci/run still run everything.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const hasRef = (ref) => spawnSync('git', ['rev-parse', '--verify', '--quiet', ref], { cwd: ROOT }).status === 0;

const listOnly = process.argv.includes('--list');
const base = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? (hasRef('main') ? 'main' : 'HEAD');
if (!hasRef(base)) {
  console.error(`test:changed: "${base}" non è un riferimento git (un ramo, un tag o un commit)`);
  process.exit(2);
}
const changed = [
  ...new Set([
    ...git('diff', '--name-only', `${base}...HEAD`),
    ...git('diff', '--cached', '--name-only'),
    ...git('ls-files', '--others', '--modified', '--exclude-standard'),
  ]),
].sort();

const isTest = (file) => /\.test\.tsx?$/.test(file);
const isBrowserTest = (file) => file.endsWith('.e2e.test.ts');
/** Test files directly in `dir` (not below it), as paths from the root. */
function testsIn(dir, test = isTest) {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => `${dir}/${entry.name}`);
}
/** The feature a source path belongs to, when it has a test folder of its own. */
function featureOf(file) {
  const match =
    /^src\/modules\/([^/]+)\//.exec(file) ?? /^src\/app\/(?:admin|public)\/([^/]+)\//.exec(file) ?? /^src\/server\/api\/([^/.]+)(?:\.routes)?\.ts$/.exec(file);
  return match && existsSync(join(ROOT, 'tests', match[1])) ? match[1] : null;
}
const SHARED = /^(src\/(db|server|config|common)\/|tests\/(helpers|fakes)\/|package(-lock)?\.json$|vite(st)?[.a-z0-9]*\.config\.ts$|tsconfig\.json$|react-router\.config\.ts$)/;

/** The public pages' sources (the admin's are under src/app/admin, by feature). */
const PAGES = /^(src\/app\/(?!admin\/)|public\/|vite\.config\.ts$|react-router\.config\.ts$)/;
/** Test files (API suite) that render pages: they load the build through page-build.ts or start app servers with pages. */
function pageSuites() {
  const found = git('grep', '-lE', "loadPageBuild\\(|pages: true", '--', 'tests/*.test.ts');
  return found.filter((file) => !isBrowserTest(file));
}

const features = new Set();
const files = new Set();
const shared = [];
for (const file of changed) {
  if (/^tests\/[^/]+\//.test(file) && !SHARED.test(file)) {
    if (isTest(file)) {
      if (!isBrowserTest(file) && !file.startsWith('tests/smoke/') && existsSync(join(ROOT, file))) files.add(file);
      else features.add(file.split('/')[1]);
    } else {
      features.add(file.split('/')[1]);
    }
    continue;
  }
  const feature = featureOf(file);
  if (feature) features.add(feature);
  if (SHARED.test(file) && !feature) shared.push(file);
  else if (file.startsWith('src/')) for (const unit of testsIn(dirname(file))) files.add(unit);
}
if (changed.some((file) => PAGES.test(file) && !featureOf(file))) for (const test of pageSuites()) files.add(test);
for (const feature of features) for (const test of testsIn(`tests/${feature}`, (name) => isTest(name) && !isBrowserTest(name))) files.add(test);
const journeys = [...features].flatMap((feature) => testsIn(`tests/${feature}`, isBrowserTest));

console.log(`test:changed: ${changed.length} file cambiati rispetto a ${base}${features.size ? `; funzionalità: ${[...features].sort().join(', ')}` : ''}`);
if (shared.length > 0) {
  console.log(`codice condiviso cambiato (${shared.slice(0, 5).join(', ')}${shared.length > 5 ? ', …' : ''}): più i test che lo importano (vitest --changed ${base})`);
  const listed = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'list', '--filesOnly', '--changed', base], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) {
    console.error(listed.stdout + listed.stderr);
    process.exit(1);
  }
  for (const line of listed.stdout.split('\n')) {
    const file = /^\[[a-z]+\] (.+)$/.exec(line.trim())?.[1];
    if (file) files.add(file);
  }
}
const args = [...files].sort();
if (args.length > 0) {
  console.log(`${args.length} file di test:\n  ${args.join('\n  ')}`);
} else {
  console.log('nessun test riguarda questi cambiamenti');
  process.exit(0);
}
if (journeys.length > 0) console.log(`percorsi nel browser delle stesse funzionalità (non eseguiti qui): npx vitest run --config vitest.e2e.config.ts ${journeys.join(' ')}`);
if (listOnly) process.exit(0);
const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'test.mjs'), ...args], { cwd: ROOT, stdio: 'inherit' });
process.exit(result.status ?? 1);
