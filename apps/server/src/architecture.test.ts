import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const parsedFiles = new Map<string, ts.SourceFile>();
const parsed = (file: string): ts.SourceFile => {
  const known = parsedFiles.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  parsedFiles.set(file, source);
  return source;
};

/** Where a file's exported value `name` is declared, following `export … from` and import-then-export chains. */
const declarationFileOf = (file: string, name: string, seen = new Set<string>()): string | null => {
  if (seen.has(`${file}#${name}`)) return null;
  seen.add(`${file}#${name}`);
  const source = parsed(file);
  const near = (spec: ts.Expression) => resolve(dirname(file), (spec as ts.StringLiteral).text);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const { exportClause, moduleSpecifier } = statement;
      if (!exportClause && moduleSpecifier) {
        const found = declarationFileOf(near(moduleSpecifier), name, seen);
        if (found) return found;
      }
      if (exportClause && ts.isNamedExports(exportClause)) {
        for (const element of exportClause.elements) {
          if (element.isTypeOnly || element.name.text !== name) continue;
          const local = element.propertyName?.text ?? name;
          return moduleSpecifier ? declarationFileOf(near(moduleSpecifier), local, seen) : declarationFileOf(file, local, seen);
        }
      }
    }
    if (ts.isImportDeclaration(statement) && statement.importClause?.namedBindings) {
      const bindings = statement.importClause.namedBindings;
      if (ts.isNamedImports(bindings)) {
        const element = bindings.elements.find((binding) => binding.name.text === name);
        if (element) return declarationFileOf(near(statement.moduleSpecifier), element.propertyName?.text ?? name, seen);
      }
    }
    const declared =
      (ts.isFunctionDeclaration(statement) && statement.name?.text === name) ||
      (ts.isVariableStatement(statement) &&
        statement.declarationList.declarations.some((declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === name));
    if (declared) return file;
  }
  return null;
};

/**
 * Every value a module's index.ts exports that is declared in a repository file (`*.repository.ts`),
 * followed through re-export chains: a module's face offers services and pure helpers, and another
 * module asks it for a decision, never runs its queries (STYLE.md). Types may come from anywhere.
 */
export const findRepositoryExports = (root = SRC): string[] =>
  readdirSync(join(root, 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, 'modules', entry.name, 'index.ts'))
    .flatMap((face) => {
      const source = parsed(face);
      const names = source.statements.flatMap((statement) =>
        ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.exportClause && ts.isNamedExports(statement.exportClause)
          ? statement.exportClause.elements.filter((element) => !element.isTypeOnly).map((element) => element.name.text)
          : [],
      );
      return names.flatMap((name) => {
        const declaredIn = declarationFileOf(face, name);
        if (!declaredIn?.endsWith('.repository.ts')) return [];
        return [
          `${relative(root, face).split(sep).join('/')} exports ${name} from ${relative(dirname(face), declaredIn)}: export a service instead`,
        ];
      });
    });

/** The module graph as docs/architecture.md shows it: one line per module that uses others. */
export const renderModuleGraph = (graph: Map<string, Set<string>>): string => {
  const users = [...graph].filter(([, targets]) => targets.size > 0).sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...users.map(([name]) => name.length));
  return users.map(([name, targets]) => `${name.padEnd(width)}  uses ${[...targets].sort().join(', ')}`).join('\n');
};

const DOC = resolve(SRC, '../../../docs/architecture.md');
const GRAPH_START = '<!-- module-graph:start (checked by apps/server/src/architecture.test.ts) -->';
const GRAPH_END = '<!-- module-graph:end -->';

/** The graph block between the markers in docs/architecture.md, without its ```text fence. */
export const documentedModuleGraph = (markdown: string): string | null => {
  const start = markdown.indexOf(GRAPH_START);
  const end = markdown.indexOf(GRAPH_END);
  if (start < 0 || end < start) return null;
  return markdown
    .slice(start + GRAPH_START.length, end)
    .trim()
    .replace(/^```text\n/, '')
    .replace(/\n```$/, '');
};

/** A number written where an expense status or a plan state is meant, in SQL or a Drizzle condition. */
const LITERAL_STATUS = [
  /\b(?:status|state)\s*(?:=|<>|!=)\s*\d\b/,
  /\b(?:status|state)\s+(?:NOT\s+)?IN\s*\(\s*\d/i,
  /eq\([\w.]+\.(?:status|state),\s*\d\)/,
];

/** Each line of a non-test file under modules/ or db/ that writes a status or state as a bare number. */
export const findLiteralStatuses = (root = SRC): string[] =>
  sourceFiles(root)
    .map((file) => relative(root, file).split(sep).join('/'))
    .filter((file) => file.startsWith('modules/') || file.startsWith('db/'))
    .flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (LITERAL_STATUS.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );

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

  it("a module's index.ts exports services and helpers, never repository functions", () => {
    expect(findRepositoryExports()).toEqual([]);
  });

  it("SQL and Drizzle conditions name expense statuses and plan states by the contract's constants (EXPENSE_STATUS, PLAN_STATE_*), never a bare number", () => {
    expect(findLiteralStatuses()).toEqual([]);
    expect(
      ['WHERE e.status = 3)', 'status IN (2, 3)', 'eq(marketingPlans.state, 3)'].map((line) =>
        LITERAL_STATUS.some((pattern) => pattern.test(line)),
      ),
    ).toEqual([true, true, true]);
  });

  it("docs/architecture.md's module graph is the real one (on a failure, copy the received block between its markers)", () => {
    const documented = documentedModuleGraph(readFileSync(DOC, 'utf8'));
    expect(documented, `docs/architecture.md has no block between ${GRAPH_START} and ${GRAPH_END}`).not.toBeNull();
    expect(documented).toBe(renderModuleGraph(moduleGraph(edges)));
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
    expect(renderModuleGraph(moduleGraph(bad))).toBe('budget  uses plans\nplans   uses budget');
    expect(documentedModuleGraph(['x', GRAPH_START, '```text', 'a  uses b', '```', GRAPH_END, ''].join('\n'))).toBe('a  uses b');
  });

  it('the index.ts rule follows re-exports to the repository that declares a name', () => {
    const root = mkdtempSync(join(tmpdir(), 'architecture-'));
    try {
      mkdirSync(join(root, 'modules', 'plans'), { recursive: true });
      const write = (name: string, text: string) => writeFileSync(join(root, 'modules', 'plans', name), text);
      write(
        'index.ts',
        "export { listPlans, burnRate } from './plans.service.ts';\nexport { type PlanRow, findPlan } from './plans.repository.ts';\n",
      );
      write('plans.service.ts', "export { listPlans } from './plans.repository.ts';\nexport const burnRate = () => 0;\n");
      write(
        'plans.repository.ts',
        'export type PlanRow = { id: string };\nexport const listPlans = () => [];\nexport async function findPlan() {}\n',
      );
      expect(findRepositoryExports(root)).toEqual([
        'modules/plans/index.ts exports listPlans from plans.repository.ts: export a service instead',
        'modules/plans/index.ts exports findPlan from plans.repository.ts: export a service instead',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
