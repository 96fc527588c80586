import { defineConfig } from 'vitest/config';

// API, unit and integration tests. The database is chosen by TEST_DB (sqlite | postgres); scripts/test.mjs
// runs this whole suite once per database. Browser journeys have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'tests/smoke/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
