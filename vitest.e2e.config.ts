import { defineConfig } from 'vitest/config';

// Browser journeys: the production build served by the real server, driven in Debian's Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
