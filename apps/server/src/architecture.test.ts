import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The dependency direction of the server (docs/architecture.md, issue 16), checked over the import
 * graph of every non-test .ts file under src/:
 *   lib < schema < db < plugins < modules < seed < app.ts / server.ts
 * config.ts sits beside lib (it imports only lib); context.ts beside db (config, db, lib).
 * A module is used by other modules, and by everything above it, only through its index.ts.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

type Edge = { from: string; to: string; spec: string };

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

/** Every relative import, export-from and dynamic import of the source files, as src-relative paths. */
export const importEdges = (root = SRC): Edge[] =>
  sourceFiles(root).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map((imported) => imported.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({
        from: relative(root, file).split(sep).join('/'),
        to: relative(root, resolve(dirname(file), spec))
          .split(sep)
          .join('/'),
        spec,
      })),
  );

type Layer = 'lib' | 'config' | 'schema' | 'db' | 'context' | 'plugins' | 'modules' | 'seed' | 'app' | 'outside';

const layerOf = (path: string): Layer => {
  if (path.startsWith('..')) return 'outside';
  const [top] = path.split('/');
  if (top === 'config.ts') return 'config';
  if (top === 'context.ts') return 'context';
  if (top === 'app.ts' || top === 'server.ts') return 'app';
  if (top === 'lib' || top === 'schema' || top === 'db' || top === 'plugins' || top === 'modules' || top === 'seed') return top;
  return 'outside';
};

/** What each layer may import (besides npm packages). */
const ALLOWED: Record<Layer, readonly Layer[]> = {
  lib: ['lib'],
  config: ['lib', 'config'],
  schema: ['lib', 'schema'],
  db: ['lib', 'schema', 'db'],
  context: ['lib', 'config', 'db', 'context'],
  plugins: ['lib', 'config', 'schema', 'db', 'context', 'plugins'],
  modules: ['lib', 'config', 'schema', 'db', 'context', 'plugins', 'modules'],
  seed: ['lib', 'config', 'schema', 'db', 'context', 'plugins', 'modules', 'seed'],
  app: ['lib', 'config', 'schema', 'db', 'context', 'plugins', 'modules', 'seed', 'app'],
  outside: [],
};

/** The feature folder of a path under modules/, or null (modules/index.ts is the route list, no feature). */
const moduleOf = (path: string): string | null => {
  const parts = path.split('/');
  return parts[0] === 'modules' && parts.length > 2 ? (parts[1] ?? null) : null;
};

/** Every import that breaks the direction, as "from → spec: why". */
export const findViolations = (edges: Edge[]): string[] =>
  edges.flatMap(({ from, to, spec }) => {
    const fromLayer = layerOf(from);
    const toLayer = layerOf(to);
    const line = `${from} imports '${spec}'`;
    if (toLayer === 'outside') return [`${line}: outside src/`];
    if (!ALLOWED[fromLayer].includes(toLayer)) return [`${line}: ${fromLayer}/ may import only ${ALLOWED[fromLayer].join(', ')}`];
    const target = moduleOf(to);
    if (target && target !== moduleOf(from) && !to.endsWith(`modules/${target}/index.ts`)) {
      return [`${line}: another module is used only through modules/${target}/index.ts`];
    }
    return [];
  });

/** The modules each module imports (through their index.ts). */
export const moduleGraph = (edges: Edge[]): Map<string, Set<string>> => {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const source = moduleOf(from);
    const target = moduleOf(to);
    if (!source) continue;
    if (!graph.has(source)) graph.set(source, new Set());
    if (target && target !== source) graph.get(source)?.add(target);
  }
  return graph;
};

/** Each cycle of the module graph once, as "a → b → a". */
export const findCycles = (graph: Map<string, Set<string>>): string[] => {
  const cycles = new Set<string>();
  const visit = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const loop = path.slice(at);
      // Start every cycle at its smallest name so each is reported once.
      const start = loop.indexOf([...loop].sort()[0] as string);
      const ordered = [...loop.slice(start), ...loop.slice(0, start)];
      cycles.add([...ordered, ordered[0]].join(' → '));
      return;
    }
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
  };
  for (const node of graph.keys()) visit(node, []);
  return [...cycles].sort();
};

describe('server dependency direction', () => {
  const edges = importEdges();

  it('reads the import graph (a sanity check that the parser sees imports at all)', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges).toContainEqual({ from: 'app.ts', to: 'modules/index.ts', spec: './modules/index.ts' });
  });

  it('every import follows lib < schema < db < plugins < modules < seed < app, and modules meet only through index.ts', () => {
    expect(findViolations(edges)).toEqual([]);
  });

  it('nothing but app.ts and server.ts imports the demo seed', () => {
    const intoSeed = edges.filter(({ from, to }) => layerOf(to) === 'seed' && layerOf(from) !== 'seed' && layerOf(from) !== 'app');
    expect(intoSeed).toEqual([]);
  });

  it('the module graph has no cycle', () => {
    expect(findCycles(moduleGraph(edges))).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    // A fixed bad graph: the rules must name each break, so a green run above means something.
    const bad: Edge[] = [
      { from: 'lib/route.ts', to: 'plugins/auth.ts', spec: '../plugins/auth.ts' },
      { from: 'modules/budget/budget.service.ts', to: 'modules/plans/plans.repository.ts', spec: '../plans/plans.repository.ts' },
      { from: 'modules/plans/plans.service.ts', to: 'modules/budget/index.ts', spec: '../budget/index.ts' },
      { from: 'modules/budget/budget.service.ts', to: 'modules/plans/index.ts', spec: '../plans/index.ts' },
      { from: 'plugins/auth.ts', to: 'seed/index.ts', spec: '../seed/index.ts' },
    ];
    expect(findViolations(bad)).toEqual([
      "lib/route.ts imports '../plugins/auth.ts': lib/ may import only lib",
      "modules/budget/budget.service.ts imports '../plans/plans.repository.ts': another module is used only through modules/plans/index.ts",
      "plugins/auth.ts imports '../seed/index.ts': plugins/ may import only lib, config, schema, db, context, plugins",
    ]);
    expect(findCycles(moduleGraph(bad))).toEqual(['budget → plans → budget']);
  });
});
