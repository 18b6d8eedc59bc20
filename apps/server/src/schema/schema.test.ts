import { getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Database } from '../db/client.ts';
import * as schema from './index.ts';

/*
 * One source of truth (issue 16 part 6): the SQL migrations build the database; the Drizzle tables
 * in schema/ describe it to the code. This test applies the migrations to a fresh database and
 * compares what it finds with the Drizzle definitions, so neither can change without the other.
 */

/** Tables in the database on purpose without a Drizzle definition, and why. */
const RAW_TABLES: Record<string, string> = {
  schema_migrations: "db/migrate.ts's own record of applied migrations; it exists before any migration runs",
};

const SANDBOX_TABLES = ['stripe_sandbox_events', 'stripe_sandbox_idempotency_keys', 'stripe_sandbox_objects'];

type Described = { tables: string[]; columns: string[]; primaryKeys: string[]; foreignKeys: string[] };

const DELETE_ACTIONS: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

/** format_type writes `numeric(18,2)` and `character varying(255)`, Drizzle `numeric(18, 2)` and `varchar(255)`. */
const normalType = (type: string) => type.replaceAll(', ', ',').replace(/^character varying/, 'varchar');

const describeDatabase = async (database: Database): Promise<Described> => {
  const columns = await database.queryRows<{ table: string; column: string; type: string; not_null: boolean }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  const constraints = await database.queryRows<{
    table: string;
    kind: 'p' | 'f';
    columns: string[];
    ref_table: string | null;
    ref_columns: string[];
    on_delete: string;
  }>(
    `SELECT c.conrelid::regclass::text AS table, c.contype AS kind,
            array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num ORDER BY k.ord) AS columns,
            CASE WHEN c.contype = 'f' THEN c.confrelid::regclass::text END AS ref_table,
            array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(num, ord)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num ORDER BY k.ord) AS ref_columns,
            c.confdeltype::text AS on_delete
       FROM pg_constraint c
       JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = current_schema() AND c.contype IN ('p', 'f')`,
  );
  const raw = (table: string) => table in RAW_TABLES;
  return {
    tables: [...new Set(columns.map((row) => row.table))].filter((table) => !raw(table)).sort(),
    columns: columns
      .filter((row) => !raw(row.table))
      .map((row) => `${row.table}.${row.column} ${normalType(row.type)} ${row.not_null ? 'not null' : 'null'}`)
      .sort(),
    primaryKeys: constraints
      .filter((row) => row.kind === 'p' && !raw(row.table))
      .map((row) => `${row.table} (${row.columns.join(', ')})`)
      .sort(),
    foreignKeys: constraints
      .filter((row) => row.kind === 'f')
      .map(
        (row) =>
          `${row.table} (${row.columns.join(', ')}) → ${row.ref_table} (${row.ref_columns.join(', ')}) on delete ${DELETE_ACTIONS[row.on_delete]}`,
      )
      .sort(),
  };
};

const describeDrizzle = (tableFilter: (name: string) => boolean): Described => {
  const tables = Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => value instanceof PgTable)
    .filter((table) => tableFilter(getTableName(table)));
  const described: Described = { tables: [], columns: [], primaryKeys: [], foreignKeys: [] };
  for (const table of tables) {
    const config = getTableConfig(table);
    described.tables.push(config.name);
    const compositeKey = config.primaryKeys[0]?.columns.map((column) => column.name);
    const singleKey = config.columns.filter((column) => column.primary).map((column) => column.name);
    const key = compositeKey ?? singleKey;
    for (const column of Object.values(getTableColumns(table))) {
      // A primary key column is NOT NULL in the database whether or not Drizzle says notNull().
      const notNull = column.notNull || key.includes(column.name);
      described.columns.push(`${config.name}.${column.name} ${normalType(column.getSQLType())} ${notNull ? 'not null' : 'null'}`);
    }
    if (key.length > 0) described.primaryKeys.push(`${config.name} (${key.join(', ')})`);
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      described.foreignKeys.push(
        `${config.name} (${reference.columns.map((column) => column.name).join(', ')}) → ${getTableName(reference.foreignTable)} (${reference.foreignColumns
          .map((column) => column.name)
          .join(', ')}) on delete ${foreignKey.onDelete ?? 'no action'}`,
      );
    }
  }
  return {
    tables: described.tables.sort(),
    columns: described.columns.sort(),
    primaryKeys: described.primaryKeys.sort(),
    foreignKeys: described.foreignKeys.sort(),
  };
};

describe('the migrations and the Drizzle tables (sandbox mode: every table)', () => {
  let t: TestApp;
  let database: Described;
  let drizzle: Described;
  beforeAll(async () => {
    t = await createTestApp();
    database = await describeDatabase(t.database);
    drizzle = describeDrizzle(() => true);
  });
  afterAll(async () => t.close());

  it('have the same tables', () => {
    expect(database.tables).toEqual(drizzle.tables);
    expect(database.tables).toEqual(expect.arrayContaining(['tenants', 'budget_items', ...SANDBOX_TABLES]));
  });

  it('have the same columns, types and nullability', () => {
    expect(database.columns).toEqual(drizzle.columns);
    expect(database.columns).toContain('budget_items.amount_cents bigint not null');
  });

  it('have the same primary keys', () => {
    expect(database.primaryKeys).toEqual(drizzle.primaryKeys);
    expect(database.primaryKeys).toContain('budget_items (tenant_id, id)');
  });

  it('have the same foreign keys, with their delete rules', () => {
    expect(database.foreignKeys).toEqual(drizzle.foreignKeys);
    expect(database.foreignKeys).toContain(
      'budget_items (tenant_id, marketing_plan_id) → marketing_plans (tenant_id, id) on delete cascade',
    );
  });
});

describe('without the payment sandbox (Stripe keys set)', () => {
  const STRIPE = { secretKey: 'sk_test_configured', publishableKey: 'pk_test_configured', webhookSecret: 'whsec_configured' };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { stripe: STRIPE }, seedDemo: true });
  });
  afterAll(async () => t.close());

  it('has none of the sandbox tables, and every other table as Drizzle describes it', async () => {
    const database = await describeDatabase(t.database);
    for (const table of SANDBOX_TABLES) expect(database.tables).not.toContain(table);
    const drizzle = describeDrizzle((name) => !SANDBOX_TABLES.includes(name));
    expect(database).toEqual(drizzle);
  });

  it('still seeds the demo subscription, without the sandbox objects behind it', async () => {
    const rows = await t.database.queryRows<{ status: string }>(
      `SELECT s.status FROM subscriptions s JOIN users u ON u.tenant_id = s.tenant_id WHERE u.email = 'demo@plansmith.test'`,
    );
    expect(rows).toEqual([{ status: 'active' }]);
  });
});
