import { defineConfig } from 'vitest/config';

// Browser journeys: the production build served by the real server, driven in Debian's Chromium. They are
// `*.e2e.test.ts` beside the feature's other tests (tests/<feature>/), the cross-cutting ones and the harness
// in tests/e2e (decision 044).
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Undeclared console.error/warn and connections to other machines fail the test (see the file).
    setupFiles: ['tests/helpers/strict-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the page does after an action (a request answered, a repaint, a dialog);
    // Vitest's default of 1 s is too short for a loaded machine, where Chromium or this process stalls now and then.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    // One worker runs the files one after the other and keeps the modules it loaded (the server's code, the
    // harness, Playwright) from file to file instead of loading them again for each: every file still starts
    // its own server on its own database and its own Chromium (harness.ts).
    pool: 'forks',
    isolate: false,
  },
});
