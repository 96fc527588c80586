import { defineConfig } from 'vitest/config';

// API, unit and integration tests, on SQLite and on PostgreSQL: one vitest project per database
// (TEST_DB in each project's environment), run side by side by one vitest run, so the slow files of
// both share the workers. TEST_DB=sqlite|postgres runs one of them only. Browser journeys and smoke
// tests have their own configs (vitest.e2e.config.ts, vitest.smoke.config.ts).
const DIALECTS = ['sqlite', 'postgres'];
// Files that gave the same run twice, once per project, run in one project only:
/** No database at all (unit tests under src/ never use one; fakes of outside services): the sqlite project. */
const NO_DATABASE = ['src/**/*.test.{ts,tsx}', 'tests/integrations/**/*.test.ts', 'tests/tooling/**/*.test.ts'];
/** Always on the test PostgreSQL, whatever TEST_DB says: the postgres project. */
const POSTGRES_ONLY = ['tests/cache/content-sync.test.ts', 'tests/db/database-timeouts.test.ts', 'tests/schedulers/price-scheduler.test.ts', 'tests/config/startup.test.ts'];
const ONE_PROJECT_ONLY: Record<string, string[]> = { sqlite: POSTGRES_ONLY, postgres: NO_DATABASE };
const only = process.env.TEST_DB;
if (only !== undefined && !DIALECTS.includes(only)) throw new Error(`TEST_DB=${only}: usa sqlite oppure postgres`);

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    exclude: ['tests/**/*.e2e.test.ts', 'tests/smoke/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
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
