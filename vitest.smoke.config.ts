import { defineConfig } from 'vitest/config';

// Builds the production bundle and runs `npm start` as a user would (tests/smoke).
export default defineConfig({
  test: {
    include: ['tests/smoke/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // Each file builds the production bundle: one at a time, so no build replaces files a server is reading.
    fileParallelism: false,
  },
});
