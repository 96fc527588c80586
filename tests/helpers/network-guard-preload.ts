/**
 * The network guard (network-guard.ts) for the child processes tests start: loaded before the entry with
 * `node --import` (child-entries.ts, nodeArgsFor). A child cannot fail the test itself, so a refused
 * connection is also written to its stderr, next to the error the child's own code reports.
 */
import { installNetworkGuard } from './network-guard';

installNetworkGuard((error) => process.stderr.write(`${error.message}\n`));
