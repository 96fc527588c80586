/**
 * The public side's folders keep their arrows one way (docs/architecture.md, "Where a new feature goes"):
 * src/app/components/ (the parts pages of unrelated features share) imports no feature folder, and the
 * feature folders of src/app/public/ use one another without a cycle. Read from the import lines of the
 * files themselves, so a new file or folder is checked without being listed here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const app = join(root, 'src/app');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '+types' ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** 'components', 'public/<feature>', 'public' (a file directly in it), or null for the rest of src/app and beyond. */
function folderOf(path: string): string | null {
  const parts = relative(app, path).split('/');
  if (parts[0] === 'components') return 'components';
  if (parts[0] === 'public') return parts.length > 2 ? `public/${parts[1]}` : 'public';
  return null;
}

/** Every folder-to-folder import among components/ and public/ (an import within one folder is left out). */
function arrows(): Array<{ from: string; to: string; file: string }> {
  const found: Array<{ from: string; to: string; file: string }> = [];
  for (const file of [...sourcesUnder(join(app, 'components')), ...sourcesUnder(join(app, 'public'))]) {
    const from = folderOf(file)!;
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const to = folderOf(resolve(dirname(file), match[1]!));
      if (to !== null && to !== from) found.push({ from, to, file: relative(root, file) });
    }
  }
  return found;
}

/** The folders on a cycle of `edges`, or [] (depth-first search, grey/black marking). */
function cycleIn(edges: Array<{ from: string; to: string }>): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] => {
    if (state.get(node) === 'done') return [];
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const target of next.get(node) ?? []) {
      const cycle = visit(target);
      if (cycle.length > 0) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return [];
  };
  for (const node of next.keys()) {
    const cycle = visit(node);
    if (cycle.length > 0) return cycle;
  }
  return [];
}

describe('the public folders of src/app', () => {
  it('components/ imports no feature folder', () => {
    const found = arrows();
    expect(found.length).toBeGreaterThan(0); // the walk does see the pages' imports of components/
    expect(found.filter((arrow) => arrow.from === 'components')).toEqual([]);
  });

  it('the feature folders use one another without a cycle', () => {
    const between = arrows().filter((arrow) => arrow.from.startsWith('public/') && arrow.to.startsWith('public/'));
    expect(between.map((arrow) => arrow.to)).toContain('public/builds'); // the comparison shows builds as their page does
    expect(cycleIn(between)).toEqual([]);
  });

  it('a cycle is found when there is one', () => {
    expect(cycleIn([{ from: 'a', to: 'b' }, { from: 'b', to: 'c' }, { from: 'c', to: 'a' }])).toEqual(['a', 'b', 'c', 'a']);
    expect(cycleIn([{ from: 'a', to: 'b' }, { from: 'a', to: 'c' }, { from: 'b', to: 'c' }])).toEqual([]);
  });
});
