import { defineConfig } from 'vitest/config';

// Runs `npm start` (which builds first when build/ is stale, scripts/build.mjs) as a user would, and the
// built server as a cluster (tests/smoke).
export default defineConfig({
  test: {
    include: ['tests/smoke/**/*.test.ts'],
    // Undeclared console.error/warn and connections to other machines fail the test (see the file).
    setupFiles: ['tests/helpers/strict-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // Each file may build the production bundle: one at a time, so no build replaces files a server is reading.
    fileParallelism: false,
  },
});
