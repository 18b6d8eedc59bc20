// docs/operations.md "Distributing with Citus" is tested (issue 29 item 5): its DDL block places
// every table of the migrated schema exactly once, and what Citus requires of distributed tables
// holds here — primary keys, foreign keys and unique indexes include the distribution column,
// foreign keys point only where Citus allows, and parents are placed before their children.
// A new table, key or index that breaks the rule fails here with its name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CitusPlan, citusPlan } from '../test/tenant-routing.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let plan: CitusPlan;

type Table = { name: string; tenantId: 'NO' | 'YES' | null };
type ForeignKey = { name: string; table: string; columns: string[]; references: string; referencedColumns: string[] };
type UniqueIndex = { name: string; table: string; columns: string[]; primary: boolean };

let tables: Table[];
let foreignKeys: ForeignKey[];
let uniqueIndexes: UniqueIndex[];

beforeAll(async () => {
  t = await createTestApp();
  plan = await citusPlan();
  tables = (
    await t.database.queryRows<{ name: string; nullable: 'NO' | 'YES' | null }>(
      `SELECT t.table_name AS name, c.is_nullable AS nullable
         FROM information_schema.tables t
         LEFT JOIN information_schema.columns c
           ON c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = 'tenant_id'
        WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        ORDER BY 1`,
    )
  ).map((row) => ({ name: row.name, tenantId: row.nullable }));
  foreignKeys = await t.database.queryRows<ForeignKey>(
    `SELECT con.conname AS name, rel.relname AS "table", ref.relname AS "references",
            (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(con.conkey) WITH ORDINALITY k(n, i)
               JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n) AS columns,
            (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(con.confkey) WITH ORDINALITY k(n, i)
               JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n) AS "referencedColumns"
       FROM pg_constraint con
       JOIN pg_class rel ON rel.oid = con.conrelid
       JOIN pg_class ref ON ref.oid = con.confrelid
      WHERE con.contype = 'f' AND rel.relnamespace = 'public'::regnamespace
      ORDER BY 1`,
  );
  uniqueIndexes = await t.database.queryRows<UniqueIndex>(
    `SELECT ic.relname AS name, tc.relname AS "table", i.indisprimary AS primary,
            (SELECT coalesce(array_agg(a.attname::text ORDER BY k.i), '{}') FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(n, i)
               JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.n) AS columns
       FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_class tc ON tc.oid = i.indrelid
      WHERE i.indisunique AND tc.relnamespace = 'public'::regnamespace
      ORDER BY 1`,
  );
});
afterAll(async () => t.close());

const placementOf = (table: string): 'distributed' | 'reference' | 'local' | null =>
  plan.distributed.has(table) ? 'distributed' : plan.reference.includes(table) ? 'reference' : plan.local.includes(table) ? 'local' : null;

describe('docs/operations.md distributes the schema for Citus', () => {
  it('names every table of the migrated schema exactly once, as distributed, reference or coordinator-local', () => {
    const named = [...plan.distributed.keys(), ...plan.reference, ...plan.local];
    const twice = named.filter((table, index) => named.indexOf(table) !== index);
    const names = tables.map((table) => table.name);
    expect(twice, 'named more than once').toEqual([]);
    expect(
      names.filter((name) => !named.includes(name)),
      'tables the DDL block does not place',
    ).toEqual([]);
    expect(
      named.filter((name) => !names.includes(name)),
      'the DDL block names tables the schema does not have',
    ).toEqual([]);
  });

  it('distributes every table whose rows all belong to a tenant by tenant_id, colocated with tenants (distributed by id)', () => {
    expect(plan.distributed.get('tenants')).toBe('id');
    const misplaced = tables
      .filter((table) => table.tenantId === 'NO' && plan.distributed.get(table.name) !== 'tenant_id')
      .map((table) => `${table.name} (${placementOf(table.name) ?? 'not placed'})`);
    expect(misplaced).toEqual([]);
    const notColocated = [...plan.distributed.keys()].filter((table) => table !== 'tenants' && plan.colocateWith.get(table) !== 'tenants');
    expect(notColocated).toEqual([]);
    // A table with a nullable tenant_id holds rows that exist before or without a tenant (a sign-up,
    // a platform mail): it cannot be distributed by it, and is global.
    const global = tables.filter((table) => table.tenantId === 'YES').map((table) => `${table.name}: ${placementOf(table.name)}`);
    expect(global).toEqual(['mail_outbox: local', 'registrations: reference']);
  });

  it("every distributed table's primary key includes its distribution column", () => {
    const missing = [...plan.distributed].filter(
      ([table, key]) => !uniqueIndexes.some((index) => index.table === table && index.primary && index.columns[0] === key),
    );
    expect(missing.map(([table]) => table)).toEqual([]);
  });

  it('every foreign key goes where Citus allows: between distributed tables through the distribution column, or to a reference table', () => {
    const problems: string[] = [];
    for (const key of foreignKeys) {
      if (plan.droppedConstraints.includes(key.name)) continue;
      const from = placementOf(key.table);
      const to = placementOf(key.references);
      const where = `${key.name}: ${key.table} (${key.columns.join(', ')}) → ${key.references} (${key.referencedColumns.join(', ')})`;
      if (from === 'distributed' && to === 'distributed') {
        const fromKey = plan.distributed.get(key.table) ?? '';
        const toKey = plan.distributed.get(key.references) ?? '';
        const at = key.columns.indexOf(fromKey);
        if (at < 0 || key.referencedColumns[at] !== toKey) problems.push(`${where} does not match the distribution columns`);
      } else if (to !== 'reference' && !(from === 'local' && to === 'local')) {
        problems.push(`${where}: a ${from} table cannot point at a ${to} table (drop it in the DDL block)`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every unique index left on a distributed table includes its distribution column', () => {
    const dropped = new Set(plan.droppedIndexes);
    const problems = uniqueIndexes
      .filter((index) => plan.distributed.has(index.table) && !dropped.has(index.name))
      .filter((index) => !index.columns.includes(plan.distributed.get(index.table) ?? ''))
      .map((index) => `${index.name} on ${index.table} (${index.columns.join(', ')})`);
    const created = plan.createdUniqueIndexes
      .filter((index) => plan.distributed.has(index.table) && !index.columns.includes(plan.distributed.get(index.table) ?? ''))
      .map((index) => `created: ${index.table} (${index.columns.join(', ')})`);
    expect([...problems, ...created]).toEqual([]);
    expect(
      plan.droppedIndexes.filter((name) => !uniqueIndexes.some((index) => index.name === name)),
      'the block drops indexes the schema does not have',
    ).toEqual([]);
  });

  it('places each table after the tables its foreign keys point at', () => {
    const late = foreignKeys
      .filter((key) => !plan.droppedConstraints.includes(key.name) && key.table !== key.references)
      .filter((key) => plan.order.indexOf(key.references) > plan.order.indexOf(key.table))
      .map((key) => `${key.table} is placed before ${key.references} (${key.name})`);
    expect(late).toEqual([]);
  });
});
