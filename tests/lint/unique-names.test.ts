/**
 * Every file name under src/ says one thing (docs/architecture.md, "Shape of the code"; decision 029): no two
 * files share a name, so a name in a log line, a stack trace or a conversation points at one file. Two
 * exceptions: `index.ts`, a module's or an integration's face, named for its role; and the `+types` folders
 * React Router's typegen writes beside the routes. Read from the folder itself, so a new file is checked
 * without being listed here.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '+types' ? [] : filesUnder(path);
    return entry.isFile() ? [relative(root, path)] : [];
  });
}

const EXEMPT = new Set(['index.ts']);

/** Each file name that more than one of `paths` ends in (index.ts aside), with the paths, sorted. */
function sharedNames(paths: readonly string[]): Array<{ name: string; paths: string[] }> {
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const name = path.split('/').at(-1)!;
    if (!EXEMPT.has(name)) byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  return [...byName]
    .filter(([, found]) => found.length > 1)
    .map(([name, found]) => ({ name, paths: found.sort() }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe('file names under src/', () => {
  it('no two files share a name (index.ts and the typegen aside)', () => {
    const files = filesUnder(join(root, 'src'));
    expect(files.length).toBeGreaterThan(100); // the walk really read the tree
    expect(sharedNames(files)).toEqual([]);
  });

  it('a planted duplicate is found, with both paths; index.ts files and distinct names are not', () => {
    const planted = [
      'src/common/errors.ts',
      'src/db/driver-errors.ts',
      'src/modules/alerts/index.ts',
      'src/modules/builds/index.ts',
      'src/server/middleware/errors.ts',
      'src/app/public/builds/price-chart.tsx',
      'src/app/admin/builds/price-chart.ts',
    ];
    expect(sharedNames(planted)).toEqual([{ name: 'errors.ts', paths: ['src/common/errors.ts', 'src/server/middleware/errors.ts'] }]);
  });
});
