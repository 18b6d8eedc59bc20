// Issue 29 part 2: expense_sums (migration 1000) holds the active expenses' money per budget item,
// plan, month and status, kept by triggers in the writing transaction; the dashboard, the budget grid
// and the reports read it. These tests write through the real API (and by hand SQL) and compare the
// table with a full recount from expenses after every step, then check the month, status, item and
// deletion boundaries in the answers the screens read.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMIT, EXPENSES_CSV, previewBody, setup, UNDO } from '../../../test/imports-fixture.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/rows.ts';
import { linkItem, saveObjective } from '../../../test/objective-factories.ts';
import { objectiveFiguresQuery } from '../objectives/objectives.query.ts';
import { performanceTotalsQuery } from '../performance/performance.query.ts';
import { budgetItemsQuery } from '../budget/budget-items.query.ts';
import { performanceCellsQuery } from '../performance/performance.query.ts';
import { budgetCategoriesStatement } from '../reports/reports.repository.ts';
import { selectTopPayees } from '../spending/spending.repository.ts';
import { sumOverdueExpenses } from './overdue-expenses.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof setup>>;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-04-15T09:00:00Z')) });
  f = await setup(t);
});
afterAll(async () => t.close());

type SumRow = {
  tenant_id: string;
  budget_item_id: string;
  marketing_plan_id: string;
  month: string;
  status: number;
  amount: string;
  n: number;
};

const KEY = 'tenant_id, budget_item_id, marketing_plan_id, month, status';

/** Every row of expense_sums, in key order. */
const kept = () =>
  t.database.queryRows<SumRow>(
    `SELECT tenant_id::text, budget_item_id::text, marketing_plan_id::text, to_char(month, 'YYYY-MM-DD') AS month, status::int,
            amount_cents::text AS amount, expense_count AS n
       FROM expense_sums ORDER BY ${KEY}`,
  );

/** The same figures counted again from every expense (active only; no item under the nil uuid). */
const recount = () =>
  t.database.queryRows<SumRow>(
    `SELECT tenant_id::text, coalesce(budget_item_id, '00000000-0000-0000-0000-000000000000')::text AS budget_item_id,
            marketing_plan_id::text, to_char(date_trunc('month', purchase_date::timestamp), 'YYYY-MM-DD') AS month, status::int,
            sum(amount_cents)::text AS amount, count(*)::int AS n
       FROM expenses WHERE active GROUP BY 1, 2, 3, 4, 5 ORDER BY ${KEY}`,
  );

type PayeeRow = { tenant_id: string; marketing_plan_id: string; payee: string | null; status: number; amount: string; n: number };

/** Every row of expense_payee_sums, and the same counted again from the expenses (a NULL payee apart from ''). */
const payeesKept = () =>
  t.database.queryRows<PayeeRow>(
    `SELECT tenant_id::text, marketing_plan_id::text, CASE WHEN no_payee THEN NULL ELSE payee END AS payee, status::int,
            amount_cents::text AS amount, expense_count AS n
       FROM expense_payee_sums ORDER BY 1, 2, 3 NULLS LAST, 4`,
  );
const payeesRecounted = () =>
  t.database.queryRows<PayeeRow>(
    `SELECT tenant_id::text, marketing_plan_id::text, payee, status::int, sum(amount_cents)::text AS amount, count(*)::int AS n
       FROM expenses WHERE active GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3 NULLS LAST, 4`,
  );

type PlanSumRow = { tenant_id: string; marketing_plan_id: string; status: number; amount: string; n: number };

/** Every row of expense_plan_sums (migration 1061), and the same counted again from the expenses (a pending one as 4, requested). */
const plansKept = () =>
  t.database.queryRows<PlanSumRow>(
    `SELECT tenant_id::text, marketing_plan_id::text, status::int, amount_cents::text AS amount, expense_count AS n
       FROM expense_plan_sums ORDER BY 1, 2, 3`,
  );
const plansRecounted = () =>
  t.database.queryRows<PlanSumRow>(
    `SELECT tenant_id::text, marketing_plan_id::text, (CASE WHEN approval = 1 THEN 4 ELSE status END)::int AS status,
            sum(amount_cents)::text AS amount, count(*)::int AS n
       FROM expenses WHERE active GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );

const expectSumsKept = async (step: string) => {
  expect(await kept(), `expense_sums after: ${step}`).toEqual(await recount());
  expect(await payeesKept(), `expense_payee_sums after: ${step}`).toEqual(await payeesRecounted());
  expect(await plansKept(), `expense_plan_sums after: ${step}`).toEqual(await plansRecounted());
};

const SAVE = '/api/ExpenseClient/Save';

type Saved = { Id: string; Version: number; [field: string]: unknown };

const save = async (body: Record<string, unknown>): Promise<Saved> => {
  const response = await t.post(SAVE, body, f.token);
  expect(response.status, response.text).toBe(200);
  return response.body.Result;
};

const newExpense = (values: Record<string, unknown>) =>
  save({
    MarketingPlanId: f.plan.id,
    BudgetItemId: f.search.id,
    Name: 'Invoice',
    PurchaseDate: '2026-03-10',
    Amount: 100,
    Status: 3,
    CategoryType: 1,
    ...values,
  });

/** Saves the expense again with some fields changed (the API takes the whole expense and its version). */
const edit = (expense: Saved, changes: Record<string, unknown>) => save({ ...expense, ...changes });

/** The plan's answers that read the sums, as the screens get them. */
const figures = async (planId = f.plan.id) => {
  const body = { MarketingPlanId: planId };
  const [dashboard, items, report, spending, performance] = await Promise.all([
    t.post('/api/DashboardClient/Get', body, f.token),
    t.post('/api/BudgetItemClient/GetBudgetItems', body, f.token),
    t.post('/api/ReportingClient/BudgetCategoriesReport', body, f.token),
    t.post('/api/ReportingClient/SpendingReport', body, f.token),
    t.post('/api/PerformanceClient/Get', body, f.token),
  ]);
  for (const response of [dashboard, items, report, spending, performance]) expect(response.status, response.text).toBe(200);
  return {
    dashboard: dashboard.body.Result,
    items: items.body.Result,
    report: report.body.Result,
    spending: spending.body.Result,
    performance: performance.body.Result,
  };
};

const month = (months: { Month: string; [figure: string]: unknown }[], key: string) => months.find((row) => row.Month === key);
const itemNamed = (items: { Name: string }[], name: string) => items.find((row) => row.Name === name) as Record<string, number> | undefined;

describe('expense_sums is kept by every writer', () => {
  it('equals a full recount after the fixture, then after each save, edit, deactivation, deletion, import, undo and hand-written statement', async () => {
    await expectSumsKept('the fixture (an expense inserted by a factory)');

    const a = await newExpense({ Amount: 19.99, PurchaseDate: '2026-01-31', Status: 1 });
    const b = await newExpense({ Amount: 250, PurchaseDate: '2026-03-10', Status: 2 });
    const c = await newExpense({ Amount: 0.01, PurchaseDate: '2026-03-31', Status: 3 });
    await expectSumsKept('three saves');

    const a1 = await edit(a, { Payee: 'Another payee' });
    await expectSumsKept('a payee change');
    const a2 = await edit(a1, { Amount: 20.01 });
    await expectSumsKept('an amount edit');
    const a3 = await edit(a2, { PurchaseDate: '2026-02-01' });
    await expectSumsKept('a date moved across the month end');
    const b2 = await edit(b, { Status: 3 });
    await expectSumsKept('a status change');
    await edit(b2, { BudgetItemId: f.events.id, CategoryType: 2 });
    await expectSumsKept('a move to another item');
    const c2 = await edit(c, { Active: false });
    await expectSumsKept('a deactivation');
    await edit(c2, { Active: true, Amount: 0.02 });
    await expectSumsKept('a reactivation with a new amount');

    const deleted = await t.post('/api/ExpenseClient/Delete', { ExpenseId: a3.Id, Version: a3.Version }, f.token);
    expect(deleted.status, deleted.text).toBe(200);
    await expectSumsKept('a deletion');

    const committed = await t.post(COMMIT, { ...previewBody(f.plan.id, EXPENSES_CSV), SkipDuplicates: true }, f.token);
    expect(committed.status, committed.text).toBe(200);
    await expectSumsKept('an import commit');
    const undone = await t.post(UNDO, { ImportId: committed.body.Result.ImportId }, f.token);
    expect(undone.status, undone.text).toBe(200);
    await expectSumsKept('an import undo');
    const again = await t.post(COMMIT, { ...previewBody(f.plan.id, EXPENSES_CSV), SkipDuplicates: true }, f.token);
    expect(again.status, again.text).toBe(200);
    await expectSumsKept('the import committed again');

    // Hand SQL: a many-row insert (one statement, several keys), a bulk update of status, date and
    // item together, a bulk deactivation, an expense on no item and a bulk delete.
    await t.database.execScript(
      `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, payee, purchase_date, amount_cents, status, category_type)
       SELECT '${f.tenant.id}', gen_random_uuid(), '${f.plan.id}', CASE WHEN g % 2 = 0 THEN '${f.search.id}'::uuid ELSE '${f.events.id}'::uuid END,
              'Bulk ' || g, 'Payee ' || (g % 4), DATE '2026-01-01' + (g * 7), g * 101, 1 + g % 3, CASE WHEN g % 2 = 0 THEN 1 ELSE 2 END
       FROM generate_series(1, 60) g`,
    );
    await expectSumsKept('a 60-row insert');
    await t.database.execScript(
      `UPDATE expenses SET status = 1 + status % 3, purchase_date = purchase_date + 17,
              budget_item_id = CASE WHEN budget_item_id = '${f.search.id}' THEN '${f.events.id}'::uuid ELSE '${f.search.id}'::uuid END
        WHERE tenant_id = '${f.tenant.id}' AND name LIKE 'Bulk %'`,
    );
    await expectSumsKept('a bulk update of status, date and item');
    await t.database.execScript(`UPDATE expenses SET active = false WHERE tenant_id = '${f.tenant.id}' AND name LIKE 'Bulk 1%'`);
    await expectSumsKept('a bulk deactivation');
    await t.database.execScript(`UPDATE expenses SET budget_item_id = NULL WHERE tenant_id = '${f.tenant.id}' AND name = 'Bulk 2'`);
    await expectSumsKept('an expense taken off its item');
    await t.database.execScript(`UPDATE expenses SET payee = NULL WHERE tenant_id = '${f.tenant.id}' AND name LIKE 'Bulk 4%'`);
    await expectSumsKept('payees removed');
    await t.database.execScript(`UPDATE expenses SET payee = '' WHERE tenant_id = '${f.tenant.id}' AND name LIKE 'Bulk 5%'`);
    await expectSumsKept('payees emptied (not the same payee as none)');
    await t.database.execScript(`UPDATE expenses SET name = name || ' (renamed)' WHERE tenant_id = '${f.tenant.id}'`);
    await expectSumsKept('an update that changes no money');
    await t.database.execScript(`DELETE FROM expenses WHERE tenant_id = '${f.tenant.id}' AND name LIKE 'Bulk 3%'`);
    await expectSumsKept('a bulk delete');
    expect((await kept()).length).toBeGreaterThan(10);
  });

  it('answers the same top payees as a grouping of the expenses, ties and a missing or empty payee included', async () => {
    const plan = f.plan.id;
    await t.database.execScript(
      `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, payee, purchase_date, amount_cents, status, category_type)
       SELECT '${f.tenant.id}', gen_random_uuid(), '${plan}', '${f.search.id}', 'Tie ' || g,
              CASE g WHEN 1 THEN NULL WHEN 2 THEN '' ELSE 'Tie payee ' || g END, DATE '2026-03-03', 777, 2 + g % 2, 1
       FROM generate_series(1, 6) g`,
    );
    for (const limit of [1, 3, 8, 50]) {
      const raw = await selectRows<{ payee: string | null; committed: string; actual: string; count: number }>(
        t.ctx.db,
        sql`SELECT e.payee, coalesce(sum(e.amount_cents) FILTER (WHERE e.status = 2), 0)::text AS committed,
              coalesce(sum(e.amount_cents) FILTER (WHERE e.status = 3), 0)::text AS actual, count(*)::int AS count
            FROM expenses e WHERE e.tenant_id = ${f.tenant.id} AND e.marketing_plan_id = ${plan} AND e.active AND e.status IN (2, 3)
            GROUP BY e.payee ORDER BY sum(e.amount_cents) DESC, e.payee NULLS LAST LIMIT ${limit}`,
      );
      const expected = raw.map((row) => ({
        payee: row.payee,
        committed: Number(row.committed),
        actual: Number(row.actual),
        count: row.count,
      }));
      expect(await selectTopPayees(t.ctx.db, f.tenant.id, plan, limit), `limit ${limit}`).toEqual(expected);
    }
    await expectSumsKept('the tied payees');
  });

  it('drops the key of a month when its last expense leaves it, so no empty month is listed', async () => {
    const { plan, search, tenant } = await setup(t);
    const keysOf = async () =>
      (await kept())
        .filter((row) => row.marketing_plan_id === plan.id)
        .map((row) => `${row.budget_item_id === search.id ? 'search' : 'other'} ${row.month} ${row.status}`);
    expect(await keysOf()).toEqual(['search 2026-02-01 3']);
    await t.database.execScript(`DELETE FROM expenses WHERE tenant_id = '${tenant.id}'`);
    expect(await keysOf()).toEqual([]);
  });

  it('removes the sums of a deleted plan with its expenses', async () => {
    const other = await setup(t);
    expect((await kept()).filter((row) => row.marketing_plan_id === other.plan.id)).toHaveLength(1);
    const response = await t.post(
      '/api/MarketingPlanClient/Delete',
      { MarketingPlanId: other.plan.id, Version: 1 },
      await other.tenant.tokenFor('owner'),
    );
    expect(response.status, response.text).toBe(200);
    expect((await kept()).filter((row) => row.marketing_plan_id === other.plan.id)).toEqual([]);
    await expectSumsKept('a deleted plan');
  });

  it('the recount catches a writer the triggers miss (here the update trigger switched off for one edit)', async () => {
    const expense = await newExpense({ Amount: 42 });
    await expectSumsKept('a save');
    await t.database.execScript('ALTER TABLE expenses DISABLE TRIGGER expenses_sums_update');
    try {
      await edit(expense, { Amount: 43 });
      expect(await kept()).not.toEqual(await recount());
    } finally {
      await t.database.execScript('ALTER TABLE expenses ENABLE TRIGGER expenses_sums_update');
    }
    // Put it right for the other tests: recount the whole table.
    await t.database.execScript(
      `DELETE FROM expense_sums;
       INSERT INTO expense_sums SELECT tenant_id, coalesce(budget_item_id, '00000000-0000-0000-0000-000000000000'), marketing_plan_id,
         date_trunc('month', purchase_date::timestamp)::date, status, sum(amount_cents), count(*) FROM expenses WHERE active GROUP BY 1, 2, 3, 4, 5`,
    );
    await expectSumsKept('the repair');
  });

  it('keeps expense_plan_sums per plan and status, a pending expense as requested (4), and the plan list shows them', async () => {
    const other = await setup(t);
    const inOther = (values: Record<string, unknown>) =>
      t.post(
        SAVE,
        {
          MarketingPlanId: other.plan.id,
          BudgetItemId: other.search.id,
          Name: 'Other',
          PurchaseDate: '2026-03-10',
          CategoryType: 1,
          ...values,
        },
        other.token,
      );
    for (const [amount, status] of [
      [19.99, 3],
      [19.99, 3],
      [19.99, 3],
      [0.01, 2],
      [1000, 1],
    ] as const) {
      expect((await inOther({ Amount: amount, Status: status })).status).toBe(200);
    }
    // Hand SQL: a pending expense (approval 1) counts as requested, in none of the three figures.
    await t.database.execScript(
      `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, purchase_date, amount_cents, status, category_type, approval)
       VALUES ('${other.tenant.id}', gen_random_uuid(), '${other.plan.id}', '${other.search.id}', 'Pending', DATE '2026-03-31', 50000, 3, 1, 1)`,
    );
    expect(await plansKept(), 'a pending expense').toEqual(await plansRecounted());
    const keysOf = async () =>
      (await plansKept()).filter((row) => row.marketing_plan_id === other.plan.id).map((row) => `${row.status} ${row.amount} ${row.n}`);
    // The fixture's own expense is an actual $500 in February (setup).
    expect(await keysOf()).toEqual(['1 100000 1', '2 1 1', '3 55997 4', '4 50000 1']);

    const listed = await t.post('/api/MarketingPlanClient/GetMarketingPlans', {}, other.token);
    expect(listed.status, listed.text).toBe(200);
    const totals = listed.body.Result.find((plan: { Id: string }) => plan.Id === other.plan.id)?.Totals;
    expect(totals).toMatchObject({ Actual: 559.97, Committed: 0.01, Planned: 1000 });

    await t.database.execScript(`UPDATE expenses SET approval = 2 WHERE tenant_id = '${other.tenant.id}' AND name = 'Pending'`);
    expect(await keysOf(), 'the pending expense approved').toEqual(['1 100000 1', '2 1 1', '3 105997 5']);
    await t.database.execScript(`UPDATE expenses SET status = 1 WHERE tenant_id = '${other.tenant.id}' AND status = 2`);
    expect(await keysOf(), 'the last committed one planned: its key leaves').toEqual(['1 100001 2', '3 105997 5']);
    await t.database.execScript(`DELETE FROM expenses WHERE tenant_id = '${other.tenant.id}'`);
    expect(await keysOf(), 'every expense deleted').toEqual([]);
    await expectSumsKept('the other plan emptied');
  });

  it('the plan recount catches a writer of expense_sums the plan triggers miss', async () => {
    // Recorded while the plan triggers work: whether its month's expense_sums row is new (an insert) or
    // not (an update) then does not matter. Only the edit below is missed.
    const expense = await newExpense({ Amount: 42 });
    await t.database.execScript('ALTER TABLE expense_sums DISABLE TRIGGER expense_sums_plan_update');
    try {
      await edit(expense, { Amount: 43 });
      expect(await plansKept()).not.toEqual(await plansRecounted());
      // The plan list reads expense_plan_sums (not expense_sums, which has the $43): it shows the missed edit.
      const actualOf = (sums: PlanSumRow[]) =>
        Number(sums.find((row) => row.marketing_plan_id === f.plan.id && row.status === 3)?.amount ?? 0) / 100;
      const listed = await t.post('/api/MarketingPlanClient/GetMarketingPlans', {}, f.token);
      const shown = listed.body.Result.find((plan: { Id: string }) => plan.Id === f.plan.id)?.Totals.Actual;
      expect(shown).toBe(actualOf(await plansKept()));
      expect(shown).toBeCloseTo(actualOf(await plansRecounted()) - 1, 2);
    } finally {
      await t.database.execScript('ALTER TABLE expense_sums ENABLE TRIGGER expense_sums_plan_update');
    }
    await t.database.execScript(
      `DELETE FROM expense_plan_sums;
       INSERT INTO expense_plan_sums SELECT tenant_id, marketing_plan_id, status, sum(amount_cents), sum(expense_count) FROM expense_sums GROUP BY 1, 2, 3`,
    );
    await expectSumsKept('the plan sums repaired');
  });
});

describe('the answers read from the sums at the boundaries', () => {
  let g: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    g = await setup(t);
    f = g;
  });

  it('moves an expense from January 31 to February 1 in the dashboard, spending and performance months', async () => {
    const expense = await newExpense({ Amount: 19.99, PurchaseDate: '2026-01-31', Status: 3 });
    let now = await figures();
    expect(month(now.dashboard.Months, '2026-01')).toMatchObject({ Actual: 19.99 });
    expect(month(now.spending.Months, '2026-02')).toMatchObject({ Actual: 500 });
    await edit(expense, { PurchaseDate: '2026-02-01' });
    now = await figures();
    expect(month(now.dashboard.Months, '2026-01')).toMatchObject({ Actual: 0 });
    expect(month(now.dashboard.Months, '2026-02')).toMatchObject({ Actual: 519.99 });
    expect(month(now.spending.Months, '2026-02')).toMatchObject({ Actual: 519.99, CumulativeActual: 519.99 });
    expect(now.dashboard.Actual).toBe(519.99);
    expect(month(now.performance.Months, '2026-01')).toMatchObject({ Spent: 0 });
    expect(month(now.performance.Months, '2026-02')).toMatchObject({ Spent: 519.99 });
    expect(now.performance.Kpis).toMatchObject({ Spent: 519.99 });
    expect(itemNamed(now.items, 'Paid search')).toMatchObject({ Actual: 519.99 });
    await expectSumsKept('the month-end move');
  });

  it('sums 19.99 three times to the cent, and a refused half cent changes nothing', async () => {
    const before = await figures();
    for (let i = 0; i < 3; i += 1) await newExpense({ Amount: 19.99, PurchaseDate: '2026-03-05', Status: 2 });
    const halfCent = await t.post(
      SAVE,
      {
        MarketingPlanId: f.plan.id,
        BudgetItemId: f.search.id,
        Name: 'Half',
        PurchaseDate: '2026-03-05',
        Amount: 0.005,
        Status: 2,
        CategoryType: 1,
      },
      f.token,
    );
    expect(halfCent.status).toBe(400);
    const after = await figures();
    expect(Math.round((after.dashboard.Committed - before.dashboard.Committed) * 100)).toBe(5997);
    expect(month(after.dashboard.Months, '2026-03')?.Committed).toBe(59.97);
    expect(itemNamed(after.items, 'Paid search')?.Committed).toBe(59.97);
    await expectSumsKept('19.99 three times');
  });

  it('follows a status change, a move to another item and a deletion in the budget grid and the category report', async () => {
    const expense = await newExpense({ Amount: 300, PurchaseDate: '2026-03-20', Status: 1 });
    let now = await figures();
    expect(itemNamed(now.items, 'Paid search')).toMatchObject({ Planned: 300 });
    const committed = await edit(expense, { Status: 2 });
    now = await figures();
    expect(itemNamed(now.items, 'Paid search')).toMatchObject({ Planned: 0, Committed: 359.97 });
    const moved = await edit(committed, { BudgetItemId: f.events.id, CategoryType: 2 });
    now = await figures();
    expect(itemNamed(now.items, 'Paid search')).toMatchObject({ Committed: 59.97 });
    expect(itemNamed(now.items, 'Events')).toMatchObject({ Committed: 300 });
    expect(now.report.Rows.find((row: { Name: string }) => row.Name === 'Operations')).toMatchObject({ Committed: 300 });
    const deleted = await t.post('/api/ExpenseClient/Delete', { ExpenseId: moved.Id, Version: moved.Version }, f.token);
    expect(deleted.status).toBe(200);
    now = await figures();
    expect(itemNamed(now.items, 'Events')).toMatchObject({ Committed: 0, Planned: 0, Actual: 0 });
    expect(now.dashboard.Committed).toBe(59.97);
    await expectSumsKept('status, item and deletion');
  });

  it('counts overdue money by day inside the current month (today 2026-04-15) and by month before it', async () => {
    const cases = [
      ['2026-03-31', 2, 1_000],
      ['2026-04-01', 1, 200],
      ['2026-04-14', 2, 30],
      ['2026-04-15', 2, 4], // today: not overdue yet
      ['2026-04-16', 1, 5_000],
      ['2026-04-10', 3, 70_000], // actual: never overdue
    ] as const;
    for (const [date, status, amount] of cases) await newExpense({ Amount: amount, PurchaseDate: date, Status: status });
    const dashboard = (await figures()).dashboard;
    const [raw] = await selectRows<{ n: number; amount: string }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n, coalesce(sum(amount_cents), 0)::text AS amount FROM expenses
          WHERE tenant_id = ${f.tenant.id} AND marketing_plan_id = ${f.plan.id} AND active AND status IN (1, 2) AND purchase_date < '2026-04-15'`,
    );
    expect(dashboard.OverdueCount).toBe(raw?.n);
    expect(Math.round(dashboard.OverdueAmount * 100)).toBe(Number(raw?.amount));
    for (const today of ['2026-03-01', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-15', '2026-04-16', '2026-12-31']) {
      const [expected] = await selectRows<{ n: number; amount: string }>(
        t.ctx.db,
        sql`SELECT count(*)::int AS n, coalesce(sum(amount_cents), 0)::text AS amount FROM expenses
            WHERE tenant_id = ${f.tenant.id} AND marketing_plan_id = ${f.plan.id} AND active AND status IN (1, 2) AND purchase_date < ${today}::date`,
      );
      expect(await sumOverdueExpenses(t.ctx.db, f.tenant.id, f.plan.id, today), today).toEqual({
        count: expected?.n,
        amount: Number(expected?.amount),
      });
    }
  });

  it("cuts performance's actual spend at the cutoff day, inside its month", async () => {
    for (const [date, amount] of [
      ['2026-01-30', 1],
      ['2026-01-31', 20],
      ['2026-02-01', 300],
      ['2026-02-28', 4_000],
      ['2026-03-01', 50_000],
    ] as const) {
      await newExpense({ Amount: amount, PurchaseDate: date, Status: 3 });
    }
    for (const cutoff of [
      '2026-01-29',
      '2026-02-27',
      '2026-02-28',
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-03-31',
      '2026-04-10',
      '2026-04-14',
      '2026-04-15',
      '2027-01-01',
    ]) {
      const [row] = await selectRows<{ cut_spent_cents: string; spent_cents: string }>(
        t.ctx.db,
        performanceTotalsQuery(f.tenant.id, f.plan.id, cutoff),
      );
      const [expected] = await selectRows<{ cut: string; all: string }>(
        t.ctx.db,
        sql`SELECT coalesce(sum(amount_cents) FILTER (WHERE purchase_date <= ${cutoff}::date), 0)::text AS cut, coalesce(sum(amount_cents), 0)::text AS all
            FROM expenses WHERE tenant_id = ${f.tenant.id} AND marketing_plan_id = ${f.plan.id} AND active AND status = 3`,
      );
      expect({ cut: row?.cut_spent_cents, all: row?.spent_cents }, cutoff).toEqual({ cut: expected?.cut, all: expected?.all });
    }
  });

  it("cuts an objective's actual spend at the cutoff day, inside its month", async () => {
    const objective = await saveObjective(t, f.tenant, { MarketingPlanId: f.plan.id, Name: 'Leads', TargetValue: 100 });
    await linkItem(t, f.tenant, f.search.id, objective.Id);
    await linkItem(t, f.tenant, f.events.id, objective.Id);
    for (const cutoff of [
      '2026-01-29',
      '2026-01-30',
      '2026-02-27',
      '2026-02-28',
      '2026-01-31',
      '2026-02-01',
      '2026-03-04',
      '2026-03-05',
      '2026-03-31',
      '2026-04-09',
      '2026-04-10',
      '2027-01-01',
    ]) {
      const rows = await selectRows<{ id: string; spent_cents: string; cut_spent_cents: string }>(
        t.ctx.db,
        objectiveFiguresQuery(f.tenant.id, { kind: 'plan', planId: f.plan.id }, cutoff),
      );
      const [expected] = await selectRows<{ cut: string; all: string }>(
        t.ctx.db,
        sql`SELECT coalesce(sum(e.amount_cents) FILTER (WHERE e.purchase_date <= ${cutoff}::date), 0)::text AS cut, coalesce(sum(e.amount_cents), 0)::text AS all
            FROM expenses e JOIN budget_items bi ON bi.tenant_id = e.tenant_id AND bi.id = e.budget_item_id
            WHERE e.tenant_id = ${f.tenant.id} AND bi.objective_id = ${objective.Id} AND bi.active AND e.active AND e.status = 3`,
      );
      const row = rows.find((one) => one.id === objective.Id);
      expect({ cut: row?.cut_spent_cents, all: row?.spent_cents }, cutoff).toEqual({ cut: expected?.cut, all: expected?.all });
    }
  });
});

describe('the statements that read the sums', () => {
  /** The plan PostgreSQL picks with sequential scans priced out: a Seq Scan left means no index serves the statement. */
  const planOf = (statement: SQL) =>
    t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await selectRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${statement}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });

  it('reach expense_sums and expenses through tenant-leading indexes, never a sequential scan', async () => {
    const statements: [string, SQL][] = [
      ['budget items', budgetItemsQuery(f.tenant.id, { kind: 'plan', planId: f.plan.id })],
      ['category report', budgetCategoriesStatement(f.tenant.id, f.plan.id)],
      ['performance cells', performanceCellsQuery(f.tenant.id, f.plan.id)],
      ['performance totals', performanceTotalsQuery(f.tenant.id, f.plan.id, '2026-04-10')],
      ['objective figures', objectiveFiguresQuery(f.tenant.id, { kind: 'plan', planId: f.plan.id }, '2026-04-10')],
    ];
    for (const [name, statement] of statements) {
      const plan = await planOf(statement);
      expect(plan, name).not.toMatch(/Seq Scan on (expenses|expense_sums)\b/);
      expect(plan, name).toMatch(/Index (Only )?Scan using expense_sums_(pkey|plan_idx)|Bitmap Index Scan on expense_sums_(pkey|plan_idx)/);
    }
    const tenantLeading = await t.database.queryRows<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE tablename IN ('expense_sums', 'expenses') ORDER BY 1`,
    );
    for (const index of tenantLeading) expect(index.definition, index.name).toMatch(/\(tenant_id,/);
  });
});
