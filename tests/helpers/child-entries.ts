/**
 * Node arguments that run one of the TypeScript entry points the tests start as child processes (the
 * server, the CLIs, the test's own child scripts).
 *
 * Through tsx's loader every child spent 2-3 s of CPU resolving and transforming the app's modules
 * before doing anything, and the suites start about sixty children. The API suite's global setup
 * (tests/helpers/global-setup.ts) therefore bundles these entries once per run with esbuild, as
 * `npm run build` bundles the server for production (npm packages stay external, loaded by Node as
 * they are): the same source, loaded in a third of the time. Outside that setup (another vitest
 * config, a child of a child) the entry runs through tsx as before. Either way the network guard of the
 * test process (network-guard.ts) is loaded first, so a child reaches no other machine either.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inject } from 'vitest';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every TypeScript file a test runs as a child process, relative to the project root. */
export const CHILD_ENTRIES = [
  'src/server/main.ts',
  'src/db/cli.ts',
  'src/server/seed-cli.ts',
  'src/server/backup-cli.ts',
  'tests/crash/save-loop.ts',
  'tests/helpers/create-burst.ts',
  'tests/helpers/app-server-child.ts',
  'tests/media/app-instance.ts',
  'tests/db/migrate-child.ts',
  'tests/backup/writer-child.ts',
  'tests/pricing/refresh-child.ts',
  'tests/mail/sender-child.ts',
  'tests/alerts/evaluate-child.ts',
  'tests/revenue/import-child.ts',
  'tests/deals/post-sender-child.ts',
] as const;

export type ChildEntry = (typeof CHILD_ENTRIES)[number];

/** Loaded with `--import` before every entry (bundled with them). */
const NETWORK_GUARD_PRELOAD = 'tests/helpers/network-guard-preload.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Directory of the bundled CHILD_ENTRIES (same relative paths, .mjs), or '' when not bundled. */
    childEntriesDir: string;
  }
}

function bundleDir(): string {
  try {
    return inject('childEntriesDir') ?? '';
  } catch {
    return ''; // not in a vitest worker
  }
}

/** `node` arguments that come before the script: the loader (tsx, unless bundled) and the network guard. */
export function nodeArgsBeforeScript(): string[] {
  const dir = bundleDir();
  if (!dir) return ['--import', 'tsx', '--import', pathToFileURL(join(PROJECT_ROOT, NETWORK_GUARD_PRELOAD)).href];
  return ['--enable-source-maps', '--import', pathToFileURL(join(dir, NETWORK_GUARD_PRELOAD.replace(/\.ts$/, '.mjs'))).href];
}

/** `node` arguments that run `entry` (then the entry's own arguments follow). */
export function nodeArgsFor(entry: ChildEntry): string[] {
  const dir = bundleDir();
  return [...nodeArgsBeforeScript(), dir ? join(dir, entry.replace(/\.ts$/, '.mjs')) : join(PROJECT_ROOT, entry)];
}

/**
 * Bundles CHILD_ENTRIES into a new directory under node_modules/.cache (inside the project, so the
 * bundles resolve the project's node_modules); returns it and its removal.
 */
export async function bundleChildEntries(): Promise<{ dir: string; remove: () => void }> {
  const { build } = await import('esbuild');
  const dir = resolve(PROJECT_ROOT, 'node_modules/.cache/buildpc-test-children', `${process.pid}-${randomBytes(4).toString('hex')}`);
  await build({
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [...CHILD_ENTRIES, NETWORK_GUARD_PRELOAD],
    outdir: dir,
    outbase: '.',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
