/**
 * No module folder of src/modules depends on another that depends back on it, directly or through others
 * (docs/architecture.md: a module is given what it needs, decision 011). Every relative import and
 * re-export of every source file counts, types included: a type-only cycle still ties two folders together.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesRoot = fileURLToPath(new URL('../../src/modules', import.meta.url));
/** The folder the files directly in src/modules belong to (services.ts wires every module: it may import them all). */
const ROOT = '(src/modules)';

type Graph = Map<string, Set<string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The module folder of a path under src/modules (a folder itself when the import names its index.ts). */
function folderOf(path: string): string {
  const parts = relative(modulesRoot, path).split('/');
  const isFolder = (() => {
    try {
      return statSync(path).isDirectory();
    } catch {
      return false;
    }
  })();
  return parts.length > 1 || isFolder ? parts[0]! : ROOT;
}

function moduleGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(modulesRoot)) {
    const from = folderOf(file);
    if (from === ROOT) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), match[1]!);
      if (!target.startsWith(modulesRoot)) continue;
      const to = folderOf(target);
      if (to === from || to === ROOT) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components of more than one folder (Tarjan), each sorted. */
function cyclesOf(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('module folders', () => {
  it('the check finds a cycle, direct or through a third folder', () => {
    const graph = (edges: [string, string][]): Graph => {
      const result: Graph = new Map();
      for (const [from, to] of edges) result.set(from, (result.get(from) ?? new Set()).add(to));
      return result;
    };
    expect(cyclesOf(graph([['builds', 'personalization'], ['personalization', 'builds']]))).toEqual([['builds', 'personalization']]);
    expect(cyclesOf(graph([['a', 'b'], ['b', 'c'], ['c', 'a'], ['c', 'd']]))).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf(graph([['builds', 'personalization'], ['personalization', 'alternatives']]))).toEqual([]);
  });

  it('src/modules has no cycle between its folders', () => {
    const graph = moduleGraph();
    // The graph is read at all: the public read is given personalisation, which is given alternatives.
    expect(graph.get('builds')).toContain('personalization');
    expect(graph.get('personalization')).toContain('alternatives');
    expect(cyclesOf(graph)).toEqual([]);
  });
});
