/**
 * Setup file of every vitest config (vitest.config.ts, vitest.e2e.config.ts, vitest.smoke.config.ts):
 * a test fails when it logs a console.error or console.warn it did not declare (console-guard.ts:
 * expectConsole, allowConsole) or opens a connection to another machine (network-guard.ts). What happens
 * outside the tests (beforeAll, afterAll, loading the file) fails the file at its end.
 *
 * The child processes tests start get the network guard through child-entries.ts (nodeArgsFor).
 */
import { afterAll, afterEach, beforeEach } from 'vitest';
import { beginTest, endFile, endTest, installConsoleGuard } from './console-guard';
import { installNetworkGuard, takeNetworkViolations } from './network-guard';

installConsoleGuard();
installNetworkGuard();

function failOn(failures: string[]): void {
  if (failures.length === 0) return;
  throw new Error(
    `Failed by tests/helpers/strict-setup.ts (a test declares the console output it expects with expectConsole/allowConsole of tests/helpers/console-guard.ts, and reaches no other machine):\n${failures.map((failure) => `  - ${failure}`).join('\n')}`,
  );
}

// Registered before any hook of the test file: this beforeEach runs first and this afterEach last, so
// what the file's own hooks log counts for the test.
beforeEach(() => beginTest());
afterEach(() => failOn([...endTest(), ...takeNetworkViolations()]));
afterAll(() => failOn([...endFile(), ...takeNetworkViolations()]));
