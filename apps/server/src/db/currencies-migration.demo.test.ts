// Issue 34 item 1 / item 6: migration 1070 (currencies) keeps every existing amount exact. Checked on a
// copy of the demo data: a database migrated only up to the migration before 1070 is filled with the
// demo tenant's rows (copied from a freshly seeded database, every column the old schema has), its
// figures are read with the old schema, then the rest of the migrations run and the same figures, and
// the app's own reports on the upgraded database, must agree to the cent.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toDollars } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { budgetCategoriesStatement } from '../modules/reports/reports.repository.ts';
import { DEMO } from '../seed/demo-ids.ts';
import { type Database, openDatabase } from './client.ts';
import { migrate } from './migrate.ts';

const CURRENCIES_MIGRATION = '1070_currencies.sql';
const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const NOW = new Date('2026-11-21T12:00:00Z');

let seeded: TestApp;
let old: Database;
let upgradedApp: Awaited<ReturnType<typeof buildApp>> | null = null;

/** Applies the migrations before `stop` as migrate() does (one transaction each, recorded in schema_migrations). */
const migrateBefore = async (database: Database, stop: string) => {
  await database.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql') && name < stop)
    .sort()) {
    await database.execScript(
      `${readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');`,
    );
  }
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every row of every table the old database has from the seeded one, the columns the old
 * schema has, with triggers and foreign keys off (session_replication_role = replica): the kept sums
 * (expense_sums, …) come as the seeded database has them, as an old installation would hold them.
 */
const copyRows = async (from: Database, to: Database) => {
  const tables = await to.queryRows<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY table_name`,
  );
  let copied = 0;
  for (const { table_name: table } of tables) {
    const columns = (
      await to.queryRows<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        [table],
      )
    ).map((row) => quote(row.column_name));
    const [{ rows } = { rows: '[]' }] = await from.queryRows<{ rows: string }>(
      `SELECT coalesce(json_agg(row_to_json(x)), '[]'::json)::text AS rows FROM (SELECT ${columns.join(', ')} FROM ${quote(table)}) x`,
    );
    const list = columns.join(', ');
    // The rows some migrations insert (reference data) are replaced by the seeded database's.
    await to.execScript(
      `SET LOCAL session_replication_role = replica;
       DELETE FROM ${quote(table)};
       INSERT INTO ${quote(table)} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${quote(table)}, '${rows.replaceAll("'", "''")}'::json);`,
    );
    copied += 1;
  }
  return copied;
};

/** Every money figure the reports are made of, read with SQL both schemas have, per plan of the demo tenant. */
const FIGURES: Record<string, string> = {
  items: `SELECT marketing_plan_id, active, count(*)::int AS n, sum(amount_cents)::text AS cents
          FROM budget_items WHERE tenant_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
  itemAmounts: `SELECT md5(string_agg(id::text || ':' || amount_cents::text, ',' ORDER BY id)) AS digest FROM budget_items WHERE tenant_id = $1`,
  months: `SELECT i.marketing_plan_id, m.month::text, sum(m.amount_cents)::text AS cents
           FROM budget_item_months m JOIN budget_items i ON i.tenant_id = m.tenant_id AND i.id = m.budget_item_id
           WHERE m.tenant_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
  expenses: `SELECT marketing_plan_id, status, approval, active, count(*)::int AS n, sum(amount_cents)::text AS cents
             FROM expenses WHERE tenant_id = $1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  expenseAmounts: `SELECT md5(string_agg(id::text || ':' || amount_cents::text, ',' ORDER BY id)) AS digest FROM expenses WHERE tenant_id = $1`,
  expenseSums: `SELECT md5(string_agg(s::text, ',' ORDER BY s::text)) AS digest, count(*)::int AS n FROM expense_sums s WHERE tenant_id = $1`,
  planSums: `SELECT md5(string_agg(s::text, ',' ORDER BY s::text)) AS digest, count(*)::int AS n FROM expense_plan_sums s WHERE tenant_id = $1`,
  payeeSums: `SELECT md5(string_agg(s::text, ',' ORDER BY s::text)) AS digest, count(*)::int AS n FROM expense_payee_sums s WHERE tenant_id = $1`,
};

const readFigures = async (database: Database) => {
  const figures: Record<string, unknown> = {};
  for (const [name, statement] of Object.entries(FIGURES)) figures[name] = await database.queryRows(statement, [DEMO.tenantId]);
  return figures;
};

type ReportLine = { budgeted: string; planned: string; committed: string; actual: string; requested: string };
/** The categories report of every demo plan as the old schema computes it (reports.repository's statement), in cents. */
const readReports = async (database: Database, planIds: string[]) => {
  const reports = new Map<string, Array<Record<string, unknown>>>();
  for (const planId of planIds) {
    const rows = await database.db.execute(budgetCategoriesStatement(DEMO.tenantId, planId));
    reports.set(planId, (rows as unknown as { rows: Array<Record<string, unknown>> }).rows);
  }
  return reports;
};

let planIds: string[] = [];
let before: Record<string, unknown> = {};
let reportsBefore = new Map<string, Array<Record<string, unknown>>>();

beforeAll(async () => {
  seeded = await createTestApp({ seedDemo: true, clock: createTestClock(NOW) });
  old = await openDatabase({ dataDir: 'memory://' });
  await migrateBefore(old, CURRENCIES_MIGRATION);
  await copyRows(seeded.database, old);
  planIds = (
    await old.queryRows<{ id: string }>('SELECT id::text AS id FROM marketing_plans WHERE tenant_id = $1 ORDER BY id', [DEMO.tenantId])
  ).map((row) => row.id);
  before = await readFigures(old);
  reportsBefore = await readReports(old, planIds);
}, 240_000);
afterAll(async () => {
  if (upgradedApp) await upgradedApp.close();
  await old?.close();
  await seeded?.close();
});

describe('migration 1070 on a copy of the demo data', () => {
  it('starts from the old schema holding the demo tenant’s plans, items and expenses', async () => {
    const columns = await old.queryRows(
      "SELECT 1 FROM information_schema.columns WHERE table_name = 'expenses' AND column_name = 'amount_minor'",
    );
    expect(columns).toHaveLength(0);
    expect(planIds.length).toBeGreaterThanOrEqual(3);
    const expenses = (before.expenses as Array<{ n: number }>).reduce((sum, row) => sum + row.n, 0);
    expect(expenses).toBeGreaterThan(100);
  });

  it('keeps every amount, kept sum and report figure to the cent, and marks every row as base currency', async () => {
    const applied = await migrate(old, { sandbox: false });
    expect(applied).toContain(CURRENCIES_MIGRATION);
    expect(await readFigures(old)).toEqual(before);
    expect(await readReports(old, planIds)).toEqual(reportsBefore);
    // Nothing became foreign, the tenant's base is USD, and reconverting every plan's budgets changes nothing.
    const foreign = await old.queryRows<{ n: number }>(
      `SELECT ((SELECT count(*) FROM budget_items WHERE currency IS NOT NULL OR amount_minor IS NOT NULL)
             + (SELECT count(*) FROM budget_item_months WHERE amount_minor IS NOT NULL)
             + (SELECT count(*) FROM expenses WHERE currency IS NOT NULL OR amount_minor IS NOT NULL))::int AS n`,
    );
    expect(foreign[0]?.n).toBe(0);
    const [tenant] = await old.queryRows<{ base_currency: string }>('SELECT base_currency FROM tenants WHERE id = $1', [DEMO.tenantId]);
    expect(tenant?.base_currency).toBe('USD');
    for (const planId of planIds) {
      await old.queryRows('SELECT plansmith_reconvert_plan_budgets($1, $2)', [DEMO.tenantId, planId]);
    }
    expect(await readFigures(old)).toEqual(before);
  });

  it('gives the same totals through the app’s reports and dashboard on the upgraded database, with no FX variance', async () => {
    const app = await buildApp({
      config: testConfig({ webDistDir: '/nonexistent' }),
      database: old,
      clock: createTestClock(NOW),
      loginLimits: { perAccountAndIp: 1000, perAccount: 1000, perIp: 1000 },
    });
    await app.ready();
    upgradedApp = app;
    const post = async (url: string, body: unknown, token: string) => {
      const response = await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
      return { status: response.statusCode, body: JSON.parse(response.body) };
    };
    const tokenResponse = await app.inject({
      method: 'POST',
      url: '/api/identity/token/user',
      payload: { Username: DEMO.users.owner.email, Password: DEMO.password, ClientId: (await import('@plansmith/contract')).CLIENT_ID },
    });
    expect(tokenResponse.statusCode, tokenResponse.body).toBe(200);
    const token = JSON.parse(tokenResponse.body).AccessToken as string;
    let compared = 0;
    for (const planId of planIds) {
      const report = await post('/api/ReportingClient/BudgetCategoriesReport', { MarketingPlanId: planId }, token);
      if (report.status === 404) continue; // a plan the owner may not read (none today)
      expect(report.status).toBe(200);
      const result = report.body.Result;
      const rows = reportsBefore.get(planId) ?? [];
      const total = rows.find((row) => Number(row.grouping_level) === 3) as ReportLine | undefined;
      const dollars = (value: string | undefined) => toDollars(Number(value ?? 0));
      expect(result.BaseCurrency).toBe('USD');
      expect(result.ForeignExpenseCount).toBe(0);
      expect({
        Budgeted: result.Totals.Budgeted,
        Planned: result.Totals.Planned,
        Committed: result.Totals.Committed,
        Actual: result.Totals.Actual,
        Requested: result.Totals.Requested,
        FxVariance: result.Totals.FxVariance,
      }).toEqual({
        Budgeted: dollars(total?.budgeted),
        Planned: dollars(total?.planned),
        Committed: dollars(total?.committed),
        Actual: dollars(total?.actual),
        Requested: dollars(total?.requested),
        FxVariance: 0,
      });
      for (const row of rows.filter((candidate) => Number(candidate.grouping_level) === 0) as Array<ReportLine & { id: string }>) {
        const line = result.Rows.find((candidate: { BudgetCategoryId: string }) => candidate.BudgetCategoryId === row.id);
        expect([line?.Budgeted, line?.Actual, line?.Committed]).toEqual([
          dollars(row.budgeted),
          dollars(row.actual),
          dollars(row.committed),
        ]);
      }
      const dashboard = await post('/api/DashboardClient/Get', { MarketingPlanId: planId }, token);
      expect(dashboard.status).toBe(200);
      expect([dashboard.body.Result.Budgeted, dashboard.body.Result.Actual, dashboard.body.Result.FxVariance]).toEqual([
        dollars(total?.budgeted),
        dollars(total?.actual),
        0,
      ]);
      compared += 1;
    }
    expect(compared).toBe(planIds.length);
    // The copy agrees with the freshly seeded database the app was tested on, too.
    const { AccessToken } = await login(seeded, DEMO.users.owner.email, DEMO.password);
    for (const planId of planIds) {
      const fresh = await seeded.post('/api/ReportingClient/BudgetCategoriesReport', { MarketingPlanId: planId }, AccessToken);
      const copy = await post('/api/ReportingClient/BudgetCategoriesReport', { MarketingPlanId: planId }, token);
      // The seed's EMEA plan (currencies.seed.ts) is in EUR only after 1070: its copy holds the same base
      // figures as base rows, so only its FX variance (actuals at the budget rate) differs.
      if (fresh.body.Result.ForeignExpenseCount > 0) {
        expect({ ...copy.body.Result.Totals, FxVariance: 0 }).toEqual({ ...fresh.body.Result.Totals, FxVariance: 0 });
        continue;
      }
      expect(copy.body.Result.Totals).toEqual(fresh.body.Result.Totals);
    }
  });
});
