// The rule Citus needs to route a statement to one tenant's shard (issue 29 item 5): every
// tenant-owned relation a statement reads or writes is pinned to one tenant by its distribution
// column — `tenant_id = $n` (or a constant), `tenant_id` equated with the tenant_id of a relation
// that is pinned already (a join condition, or a correlated subquery's outer row), or, for an
// INSERT, a tenant_id written. Statements are parsed by PostgreSQL's own parser (libpg-query).
import { loadModule, parseSync } from 'libpg-query';

/** Which tables are distributed, and by which column (tenant_id; `tenants` by its id). */
export type DistributionKeys = ReadonlyMap<string, string>;

/** What a statement does wrong: the tenant-owned table it touches without pinning it to one tenant. */
export type Unrouted = { table: string; relation: string };

type Node = Record<string, unknown>;

/** A relation in a FROM list (or an UPDATE/DELETE/INSERT target) and whether it is pinned yet. */
type Relation = {
  /** The name statements use for it: its alias, else the table's name. */
  name: string;
  table: string | null;
  /** The column that pins it to a tenant; for a subquery or CTE, `tenant_id` when all its rows are one tenant's. */
  key: string | null;
  pinned: boolean;
  /** A tenant-owned table that must end up pinned. */
  mustPin: boolean;
};

type Scope = { relations: Relation[]; parent: Scope | null };

let loaded: Promise<void> | undefined;

/** Loads the parser (WebAssembly, shipped in the package: nothing is downloaded). */
export const loadParser = (): Promise<void> => {
  loaded ??= loadModule();
  return loaded;
};

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const nodes = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isNode) : []);
const child = (node: Node, key: string): Node | undefined => (isNode(node[key]) ? (node[key] as Node) : undefined);
const text = (node: Node | undefined): string | undefined =>
  node && isNode(node.String) ? (node.String as { sval?: string }).sval : undefined;

/** The conjuncts of a WHERE or ON condition: only what holds for every row (an OR pins nothing). */
const conjuncts = (condition: Node | undefined): Node[] => {
  if (!condition) return [];
  const bool = child(condition, 'BoolExpr');
  if (bool && bool.boolop === 'AND_EXPR') return nodes(bool.args).flatMap(conjuncts);
  return [condition];
};

/** `a = b` (or `a IN (b)` with one value) as its two sides. */
const equalitySides = (condition: Node): [Node, Node] | null => {
  const expr = child(condition, 'A_Expr');
  if (!expr) return null;
  const lexpr = child(expr, 'lexpr');
  const rexpr = child(expr, 'rexpr');
  if (!lexpr || !rexpr) return null;
  if (expr.kind === 'AEXPR_OP' && nodes(expr.name).map(text).join('.') === '=') return [lexpr, rexpr];
  if (expr.kind === 'AEXPR_IN' && nodes(expr.name).map(text).join('.') === '=') {
    const items = Array.isArray(rexpr.List && (rexpr.List as Node).items) ? nodes((rexpr.List as Node).items) : [];
    const [only] = items;
    if (items.length === 1 && only) return [lexpr, only];
  }
  return null;
};

/** A parameter or a constant (possibly cast): one value, known before the statement runs. */
const isValue = (expr: Node): boolean => {
  if (expr.ParamRef || expr.A_Const) return true;
  const cast = child(expr, 'TypeCast');
  const arg = cast && child(cast, 'arg');
  return arg ? isValue(arg) : false;
};

/** The relation and column a column reference names, looked up from the innermost scope out. */
const resolveColumn = (expr: Node, scope: Scope, columns: ReadonlyMap<string, ReadonlySet<string>>): [Relation, string] | null => {
  const ref = child(expr, 'ColumnRef');
  if (!ref) {
    const cast = child(expr, 'TypeCast');
    const arg = cast && child(cast, 'arg');
    return arg ? resolveColumn(arg, scope, columns) : null;
  }
  const fields = nodes(ref.fields).map(text);
  const column = fields.at(-1);
  if (!column) return null;
  const qualifier = fields.length >= 2 ? fields.at(-2) : undefined;
  for (let current: Scope | null = scope; current; current = current.parent) {
    if (qualifier) {
      const found = current.relations.find((relation) => relation.name === qualifier);
      if (found) return [found, column];
      continue;
    }
    const owners = current.relations.filter((relation) => (relation.table ? columns.get(relation.table)?.has(column) : false));
    const derived = current.relations.filter((relation) => !relation.table && relation.key === column);
    const [only] = owners.length > 0 ? owners : derived;
    if (only && (owners.length > 0 ? owners : derived).length === 1) return [only, column];
  }
  return null;
};

export type RoutingCheck = {
  /** The tenant-owned relations the statement does not pin to one tenant (empty when it routes to one shard). */
  unrouted: (statement: string) => Unrouted[];
};

/**
 * A checker for one schema: `keys` names each distributed table's distribution column,
 * `columns` every table's columns (to resolve unqualified column names).
 */
export const routingCheck = (keys: DistributionKeys, columns: ReadonlyMap<string, ReadonlySet<string>>): RoutingCheck => {
  const found: Unrouted[] = [];

  const tableRelation = (rangeVar: Node, ctes: ReadonlyMap<string, boolean>): Relation => {
    const table = String(rangeVar.relname);
    const alias = child(rangeVar, 'alias');
    const name = alias ? String(alias.aliasname) : table;
    if (!rangeVar.schemaname && ctes.has(table)) {
      return { name, table: null, key: 'tenant_id', pinned: ctes.get(table) === true, mustPin: false };
    }
    const key = keys.get(table) ?? null;
    return { name, table, key, pinned: false, mustPin: key !== null };
  };

  /** Pins relations by the equalities until nothing changes. */
  const pin = (scope: Scope, equalities: [Node, Node][]): void => {
    let changed = true;
    while (changed) {
      changed = false;
      for (const [left, right] of equalities) {
        for (const [a, b] of [
          [left, right],
          [right, left],
        ] as const) {
          const target = resolveColumn(a, scope, columns);
          if (!target || target[0].pinned || target[0].key !== target[1]) continue;
          const source = isValue(b) ? null : resolveColumn(b, scope, columns);
          if (isValue(b) || (source?.[0].pinned && source[0].key === source[1])) {
            target[0].pinned = true;
            changed = true;
          }
        }
      }
    }
  };

  /**
   * Pins what the equalities pin, then checks what sees this query's rows (lateral subqueries,
   * subqueries in join conditions), pins again, and reports the tenant-owned relations left unpinned.
   */
  const settle = (scope: Scope, equalities: [Node, Node][], deferred: (() => void)[] = []): boolean => {
    pin(scope, equalities);
    if (deferred.length > 0) {
      for (const run of deferred) run();
      pin(scope, equalities);
    }
    let ok = true;
    for (const relation of scope.relations) {
      if (relation.mustPin && !relation.pinned && relation.table) {
        found.push({ table: relation.table, relation: relation.name });
        ok = false;
      }
    }
    return ok;
  };

  /** Subqueries inside expressions (WHERE, SELECT list, SET, RETURNING …) see `scope` as their outer query. */
  const walkExpressions = (value: unknown, scope: Scope, ctes: ReadonlyMap<string, boolean>): void => {
    if (Array.isArray(value)) {
      for (const item of value) walkExpressions(item, scope, ctes);
      return;
    }
    if (!isNode(value)) return;
    const subLink = child(value, 'SubLink');
    if (subLink) {
      walkExpressions(subLink.testexpr, scope, ctes);
      const subselect = child(subLink, 'subselect');
      if (subselect) statement(subselect, scope, ctes);
      return;
    }
    for (const item of Object.values(value)) walkExpressions(item, scope, ctes);
  };

  const withCtes = (node: Node, parent: Scope | null, ctes: ReadonlyMap<string, boolean>): Map<string, boolean> => {
    const all = new Map(ctes);
    const withClause = child(node, 'withClause');
    for (const item of nodes(withClause?.ctes)) {
      const cte = child(item, 'CommonTableExpr');
      const query = cte && child(cte, 'ctequery');
      if (!cte || !query) continue;
      all.set(String(cte.ctename), true);
      all.set(String(cte.ctename), statement(query, parent, all));
    }
    return all;
  };

  /** Adds a FROM item's relations to the scope; returns the equalities its join conditions state. */
  const fromItem = (
    item: Node,
    scope: Scope,
    outer: Scope | null,
    ctes: ReadonlyMap<string, boolean>,
    deferred: (() => void)[],
  ): [Node, Node][] => {
    const rangeVar = child(item, 'RangeVar');
    if (rangeVar) {
      scope.relations.push(tableRelation(rangeVar, ctes));
      return [];
    }
    const join = child(item, 'JoinExpr');
    if (join) {
      const before = scope.relations.length;
      const left = child(join, 'larg');
      const equalities = left ? fromItem(left, scope, outer, ctes, deferred) : [];
      const middle = scope.relations.length;
      const right = child(join, 'rarg');
      if (right) equalities.push(...fromItem(right, scope, outer, ctes, deferred));
      for (const condition of conjuncts(child(join, 'quals'))) {
        const sides = equalitySides(condition);
        if (sides) equalities.push(sides);
      }
      // JOIN … USING (tenant_id): each side's tenant_id equals the other's.
      if (nodes(join.usingClause).some((name) => text(name) === 'tenant_id')) {
        const column = (relation: Relation): Node => ({
          ColumnRef: { fields: [{ String: { sval: relation.name } }, { String: { sval: 'tenant_id' } }] },
        });
        for (const a of scope.relations.slice(before, middle)) {
          for (const b of scope.relations.slice(middle)) equalities.push([column(a), column(b)]);
        }
      }
      deferred.push(() => walkExpressions(join.quals, scope, ctes));
      return equalities;
    }
    const subselect = child(item, 'RangeSubselect');
    if (subselect) {
      const query = child(subselect, 'subquery');
      const alias = child(subselect, 'alias');
      const derived: Relation = { name: alias ? String(alias.aliasname) : '', table: null, key: 'tenant_id', pinned: true, mustPin: false };
      scope.relations.push(derived);
      // A lateral subquery sees the rows before it: it is checked once they are pinned.
      if (query && subselect.lateral) deferred.push(() => (derived.pinned = statement(query, scope, ctes)));
      else if (query) derived.pinned = statement(query, outer, ctes);
      return [];
    }
    const fn = child(item, 'RangeFunction');
    if (fn) {
      deferred.push(() => walkExpressions(fn.functions, scope, ctes));
      const alias = child(fn, 'alias');
      scope.relations.push({ name: alias ? String(alias.aliasname) : '', table: null, key: null, pinned: false, mustPin: false });
    }
    return [];
  };

  /** Checks one query (and what it nests); true when all its rows come from pinned relations. */
  const statement = (wrapped: Node, parent: Scope | null, ctes: ReadonlyMap<string, boolean>): boolean => {
    const select = child(wrapped, 'SelectStmt');
    if (select) return selectStatement(select, parent, ctes);
    const update = child(wrapped, 'UpdateStmt');
    const remove = child(wrapped, 'DeleteStmt');
    const target = update ?? remove;
    if (target) {
      const all = withCtes(target, parent, ctes);
      const scope: Scope = { relations: [], parent };
      const relation = child(target, 'relation');
      if (relation) scope.relations.push(tableRelation(relation, all));
      const equalities: [Node, Node][] = [];
      const deferred: (() => void)[] = [];
      for (const item of nodes(update ? target.fromClause : target.usingClause))
        equalities.push(...fromItem(item, scope, parent, all, deferred));
      for (const condition of conjuncts(child(target, 'whereClause'))) {
        const sides = equalitySides(condition);
        if (sides) equalities.push(sides);
      }
      const ok = settle(scope, equalities, deferred);
      walkExpressions([target.whereClause, target.targetList, target.returningList], scope, all);
      return ok;
    }
    const insert = child(wrapped, 'InsertStmt');
    if (insert) {
      const all = withCtes(insert, parent, ctes);
      const relation = child(insert, 'relation');
      const scope: Scope = { relations: [], parent };
      let ok = true;
      if (relation) {
        const into = tableRelation(relation, all);
        const written = nodes(insert.cols).map((col) => (isNode(col.ResTarget) ? String((col.ResTarget as Node).name) : ''));
        into.pinned = written.length === 0 || (into.key !== null && written.includes(into.key));
        scope.relations.push(into);
        ok = settle(scope, []);
      }
      const source = child(insert, 'selectStmt');
      if (source) statement(source, parent, all);
      walkExpressions([insert.onConflictClause, insert.returningList], scope, all);
      return ok;
    }
    return true;
  };

  const selectStatement = (select: Node, parent: Scope | null, ctes: ReadonlyMap<string, boolean>): boolean => {
    const all = withCtes(select, parent, ctes);
    if (select.op && select.op !== 'SETOP_NONE') {
      const left = child(select, 'larg');
      const right = child(select, 'rarg');
      const leftOk = left ? selectStatement(left, parent, all) : true;
      const rightOk = right ? selectStatement(right, parent, all) : true;
      return leftOk && rightOk;
    }
    const scope: Scope = { relations: [], parent };
    const equalities: [Node, Node][] = [];
    const deferred: (() => void)[] = [];
    const before = found.length;
    for (const item of nodes(select.fromClause)) equalities.push(...fromItem(item, scope, parent, all, deferred));
    for (const condition of conjuncts(child(select, 'whereClause'))) {
      const sides = equalitySides(condition);
      if (sides) equalities.push(sides);
    }
    const ok = settle(scope, equalities, deferred);
    const nestedOk = found.length === before;
    walkExpressions([select.whereClause, select.targetList, select.havingClause, select.valuesLists, select.sortClause], scope, all);
    return ok && nestedOk && scope.relations.every((relation) => relation.pinned || relation.key === null);
  };

  return {
    unrouted: (sql) => {
      found.length = 0;
      for (const { stmt } of parseSync(sql).stmts ?? []) {
        if (stmt) statement(stmt as unknown as Node, null, new Map());
      }
      return [...found];
    },
  };
};

/** How docs/operations.md's "Distributing with Citus" section places every table. */
export type CitusPlan = {
  /** Distributed tables and their distribution column, in the block's order. */
  distributed: Map<string, string>;
  /** Each distributed table's `colocate_with`, when given. */
  colocateWith: Map<string, string>;
  /** Every table the block places, in its order (to check parents come before the tables that point at them). */
  order: string[];
  reference: string[];
  /** Tables kept on the coordinator only (`citus_add_local_table_to_metadata`). */
  local: string[];
  /** Indexes the block drops (`DROP INDEX`), and constraints it drops (`ALTER TABLE … DROP CONSTRAINT`). */
  droppedIndexes: string[];
  droppedConstraints: string[];
  /** Unique indexes the block creates, as `table(col, …)`. */
  createdUniqueIndexes: { table: string; columns: string[] }[];
};

const OPERATIONS_DOC = new URL('../../../docs/operations.md', import.meta.url);

/** Reads the SQL between the citus-ddl markers of docs/operations.md and parses it with PostgreSQL's parser. */
export const citusPlan = async (): Promise<CitusPlan> => {
  await loadParser();
  const { readFile } = await import('node:fs/promises');
  const markdown = await readFile(OPERATIONS_DOC, 'utf8');
  const block = /<!-- citus-ddl:start[^>]*-->\s*```sql\n([\s\S]*?)```\s*<!-- citus-ddl:end -->/.exec(markdown)?.[1];
  if (!block) throw new Error('docs/operations.md has no ```sql block between <!-- citus-ddl:start --> and <!-- citus-ddl:end -->');
  const plan: CitusPlan = {
    distributed: new Map(),
    colocateWith: new Map(),
    order: [],
    reference: [],
    local: [],
    droppedIndexes: [],
    droppedConstraints: [],
    createdUniqueIndexes: [],
  };
  const constant = (arg: unknown): string | undefined => {
    const value = isNode(arg) ? child(arg, 'A_Const') : undefined;
    const sval = value && child(value, 'sval');
    return sval ? String(sval.sval) : undefined;
  };
  for (const { stmt } of parseSync(block).stmts ?? []) {
    const node = stmt as unknown as Node;
    const select = child(node, 'SelectStmt');
    for (const target of nodes(select?.targetList)) {
      const value = child(target, 'ResTarget');
      const call = value && child(child(value, 'val') ?? {}, 'FuncCall');
      if (!call) continue;
      const name = nodes(call.funcname).map(text).join('.');
      const args = nodes(call.args);
      const [table, column] = args.map(constant);
      if (!table) throw new Error(`${name}: the table must be a string constant`);
      plan.order.push(table);
      for (const arg of args) {
        const named = child(arg, 'NamedArgExpr');
        if (named?.name === 'colocate_with') plan.colocateWith.set(table, constant(named.arg) ?? '');
      }
      if (name === 'create_distributed_table' && column) plan.distributed.set(table, column);
      else if (name === 'create_reference_table') plan.reference.push(table);
      else if (name === 'citus_add_local_table_to_metadata') plan.local.push(table);
      else throw new Error(`unexpected call in the Citus DDL: ${name}`);
    }
    const drop = child(node, 'DropStmt');
    if (drop?.removeType === 'OBJECT_INDEX') {
      for (const object of nodes(drop.objects)) plan.droppedIndexes.push(nodes(child(object, 'List')?.items).map(text).join('.'));
    }
    const alter = child(node, 'AlterTableStmt');
    for (const command of nodes(alter?.cmds)) {
      const cmd = child(command, 'AlterTableCmd');
      if (cmd?.subtype === 'AT_DropConstraint') plan.droppedConstraints.push(String(cmd.name));
    }
    const index = child(node, 'IndexStmt');
    if (index?.unique) {
      const relation = child(index, 'relation');
      const columns = nodes(index.indexParams).map((param) => String(child(param, 'IndexElem')?.name ?? '(expression)'));
      plan.createdUniqueIndexes.push({ table: String(relation?.relname), columns });
    }
  }
  return plan;
};
