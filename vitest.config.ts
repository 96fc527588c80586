import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// API, unit and integration tests, on SQLite and on PostgreSQL: one vitest project per database
// (TEST_DB in each project's environment), run side by side by one vitest run, so the slow files of
// both share the workers. TEST_DB=sqlite|postgres runs one of them only. Browser journeys and smoke
// tests have their own configs (vitest.e2e.config.ts, vitest.smoke.config.ts).
const DIALECTS = ['sqlite', 'postgres'];
// The database matrix only where a database is the subject (decision 044). A file runs on both databases
// unless it is listed here; when in doubt it stays on both. The lists are the whole convention: a new test
// file runs on both until someone decides, with a reason, that its subject does not depend on the database.
/**
 * Run once, in the sqlite project: files whose subject is not database behaviour. Each still runs on a real
 * database (SQLite), the one the browser tests and the smoke tests use too. Not here: anything whose point
 * is what a query or a write does, parallel writers, two processes or instances on one database, or values
 * read back from it (dates, prices), which differ between the drivers.
 */
const SQLITE_ONLY: Record<string, string[]> = {
  'pure units and component tests (no database), lint rules, tooling, fakes of outside services, config parsing': [
    'src/**/*.test.{ts,tsx}',
    'tests/integrations/**/*.test.ts',
    'tests/tooling/**/*.test.ts',
    'tests/lint/**/*.test.ts',
    'tests/mail/mail-config.test.ts',
  ],
  'HTTP plumbing, answered before or around any query: headers and CSP, keep-alive, the request log, origin checks, the auth wall, served types, image size limits': [
    'tests/http/content-security-policy.test.ts',
    'tests/http/cross-site-posts.test.ts',
    'tests/http/keep-alive.test.ts',
    'tests/http/refused-request-log.test.ts',
    'tests/http/request-log.test.ts',
    'tests/auth/auth-walk.test.ts',
    'tests/media/media-limits.test.ts',
    'tests/media/uploads-served-type.test.ts',
  ],
  'page markup: what crawlers read, which links are Amazon\'s': ['tests/seo/structured-data-pages.test.ts', 'tests/builds/amazon-links.test.ts'],
  'in-memory caching: the page cache under abuse (keys, miss limits), the API answers cached and dropped on a change': [
    'tests/cache/cache-flood.test.ts',
    'tests/cache/response-cache.test.ts',
  ],
};
/** Always on the test PostgreSQL, whatever TEST_DB says: where several instances share one database server. */
const POSTGRES_ONLY = ['tests/cache/content-sync.test.ts', 'tests/db/database-timeouts.test.ts', 'tests/schedulers/price-scheduler.test.ts', 'tests/config/startup.test.ts'];
const ONE_PROJECT_ONLY: Record<string, string[]> = { sqlite: POSTGRES_ONLY, postgres: Object.values(SQLITE_ONLY).flat() };
// A listed file that was moved or renamed would silently run on both databases again (or on none).
for (const file of [...Object.values(SQLITE_ONLY).flat(), ...POSTGRES_ONLY]) {
  if (!file.includes('*') && !existsSync(resolve(import.meta.dirname, file))) throw new Error(`vitest.config.ts names ${file}, which does not exist: update the list`);
}
const only = process.env.TEST_DB;
if (only !== undefined && !DIALECTS.includes(only)) throw new Error(`TEST_DB=${only}: usa sqlite oppure postgres`);

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    exclude: ['tests/**/*.e2e.test.ts', 'tests/smoke/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps the modules it loaded from one file to the next instead of loading them again for each
    // (a third of the suite's time went to that). So a file closes what it opens: a server, a database, and
    // anything with a timer, such as a page cache (createPublicCache(...).stop(), tests/helpers/test-app.ts).
    isolate: false,
    // vitest's default on 2 cores is 1 file at a time, but most files spend most of their time waiting
    // (for PostgreSQL, child processes, sockets, timers): 4 at once keep both cores busy.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 4),
    // The production build brought up to date (the pages' tests render it), migrated template databases and
    // the bundled child-process entries, made once per project (see the file).
    globalSetup: ['tests/helpers/global-setup.ts'],
    // Undeclared console.error/warn and connections to other machines fail the test (see the file).
    setupFiles: ['tests/helpers/strict-setup.ts'],
    // The production build of the pages (tests/helpers/page-build.ts) is plain JavaScript already: Node loads
    // it as it is, instead of vitest transforming its thousands of lines again in every run.
    server: { deps: { external: [/\/build\/server\/index\.js$/] } },
    projects: (only ? [only] : DIALECTS).map((dialect) => ({
      extends: true,
      // exclude adds to the one above.
      test: { name: dialect, env: { TEST_DB: dialect }, exclude: ONE_PROJECT_ONLY[dialect] },
    })),
  },
});
