// The single-shard routing rule on statements written by hand: what pins a tenant-owned relation
// to one tenant and what does not.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadParser, routingCheck } from './tenant-routing.ts';

const keys = new Map([
  ['tenants', 'id'],
  ['expenses', 'tenant_id'],
  ['marketing_plans', 'tenant_id'],
  ['budget_items', 'tenant_id'],
  ['users', 'tenant_id'],
]);
const columns = new Map<string, Set<string>>([
  ['tenants', new Set(['id', 'name'])],
  ['expenses', new Set(['tenant_id', 'id', 'marketing_plan_id', 'budget_item_id', 'amount_cents'])],
  ['marketing_plans', new Set(['tenant_id', 'id', 'team_id', 'name'])],
  ['budget_items', new Set(['tenant_id', 'id', 'marketing_plan_id'])],
  ['users', new Set(['tenant_id', 'id', 'email'])],
  ['products', new Set(['id', 'code'])],
]);

let check: ReturnType<typeof routingCheck>;
beforeAll(async () => {
  await loadParser();
  check = routingCheck(keys, columns);
});

const tables = (sql: string) => check.unrouted(sql).map((found) => found.table);

describe('a statement routes to one tenant when', () => {
  it.each([
    ['a parameter pins the table', 'SELECT id FROM expenses WHERE tenant_id = $1 AND id = $2'],
    ['a qualified, cast parameter', 'SELECT e.id FROM expenses e WHERE e.tenant_id = $1::uuid'],
    ['IN with one value', 'SELECT id FROM expenses WHERE tenant_id IN ($1)'],
    [
      'a join equates tenant_id with a pinned table',
      'SELECT e.id FROM expenses e JOIN marketing_plans p ON p.tenant_id = e.tenant_id AND p.id = e.marketing_plan_id WHERE e.tenant_id = $1',
    ],
    [
      'the pin comes through a chain of joins',
      'SELECT 1 FROM marketing_plans p JOIN budget_items b ON b.tenant_id = p.tenant_id JOIN expenses e ON e.tenant_id = b.tenant_id WHERE p.tenant_id = $1',
    ],
    ['tenants pinned by id and joined', 'SELECT u.email FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE t.id = $1'],
    [
      'a correlated subquery equates with the pinned outer row',
      'SELECT p.id, (SELECT sum(amount_cents) FROM expenses e WHERE e.tenant_id = p.tenant_id AND e.marketing_plan_id = p.id) FROM marketing_plans p WHERE p.tenant_id = $1',
    ],
    [
      'a pinned CTE joined by tenant_id',
      'WITH s AS (SELECT tenant_id, marketing_plan_id FROM expenses WHERE tenant_id = $1) SELECT 1 FROM s JOIN marketing_plans p ON p.tenant_id = s.tenant_id',
    ],
    ['an INSERT that writes tenant_id', 'INSERT INTO expenses (tenant_id, id) VALUES ($1, $2) ON CONFLICT DO NOTHING'],
    [
      'an UPDATE … FROM with both pinned',
      'UPDATE expenses SET amount_cents = 1 FROM budget_items b WHERE expenses.tenant_id = $1 AND b.tenant_id = expenses.tenant_id',
    ],
    ['a DELETE pinned by an unqualified column', 'DELETE FROM expenses WHERE tenant_id = $1 AND id = ANY($2)'],
    [
      'a lateral subquery equates with a row pinned after it is written',
      'SELECT bi.id, s.total FROM budget_items bi LEFT JOIN LATERAL (SELECT sum(e.amount_cents) AS total FROM expenses e WHERE e.tenant_id = bi.tenant_id AND e.budget_item_id = bi.id) s ON true WHERE bi.tenant_id = $1',
    ],
    [
      'a subquery in a join condition sees the pinned rows',
      'SELECT 1 FROM marketing_plans p JOIN budget_items b ON b.tenant_id = p.tenant_id AND EXISTS (SELECT 1 FROM expenses e WHERE e.tenant_id = b.tenant_id) WHERE p.tenant_id = $1',
    ],
    ['a global table needs nothing', 'SELECT code FROM products WHERE id = $1'],
    ['a transaction statement touches no table', 'BEGIN'],
  ])('%s', (_name, sql) => {
    expect(tables(sql)).toEqual([]);
  });
});

describe('a statement is not routable when', () => {
  it.each([
    ['the table is filtered by another column only', 'SELECT id FROM users WHERE email = $1', ['users']],
    ['tenant_id is one of several (ANY)', 'SELECT id FROM expenses WHERE tenant_id = ANY($1)', ['expenses']],
    ['the pin sits inside an OR', 'SELECT id FROM expenses WHERE tenant_id = $1 OR id = $2', ['expenses']],
    [
      'a join matches ids but not tenant_id',
      'SELECT 1 FROM expenses e JOIN marketing_plans p ON p.id = e.marketing_plan_id WHERE e.tenant_id = $1',
      ['marketing_plans'],
    ],
    [
      'a subquery reads another table unpinned',
      'SELECT id FROM expenses WHERE tenant_id = $1 AND budget_item_id IN (SELECT id FROM budget_items WHERE marketing_plan_id = $2)',
      ['budget_items'],
    ],
    ['an INSERT … SELECT reads unpinned', 'INSERT INTO expenses (tenant_id, id) SELECT tenant_id, id FROM budget_items', ['budget_items']],
    ['an INSERT leaves tenant_id to a default', 'INSERT INTO expenses (id) VALUES ($1)', ['expenses']],
    ['an UPDATE by id only', 'UPDATE expenses SET amount_cents = 1 WHERE id = $1', ['expenses']],
    [
      'a CTE reads unpinned, and so does what joins it',
      'WITH s AS (SELECT tenant_id FROM expenses) SELECT 1 FROM s JOIN marketing_plans p ON p.tenant_id = s.tenant_id',
      ['expenses', 'marketing_plans'],
    ],
    [
      'a lateral subquery does not equate tenant_id',
      'SELECT bi.id FROM budget_items bi LEFT JOIN LATERAL (SELECT sum(e.amount_cents) FROM expenses e WHERE e.budget_item_id = bi.id) s ON true WHERE bi.tenant_id = $1',
      ['expenses'],
    ],
    ['tenants read by name', 'SELECT id FROM tenants WHERE name = $1', ['tenants']],
  ])('%s', (_name, sql, expected) => {
    expect(tables(sql)).toEqual(expected);
  });
});
