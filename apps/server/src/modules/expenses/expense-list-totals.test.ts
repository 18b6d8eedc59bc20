// GetExpenses' totals from the kept sums (issue 29.2): for every filter the sums can answer they
// equal the totals summed from the expenses, month ends, statuses, items, inactive rows and a
// second plan included; other filters are answered from the expenses; the statement reaches the
// sums and the inactive expenses through tenant-leading indexes.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setup } from '../../../test/imports-fixture.ts';
import { createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/rows.ts';
import { keptListTotals, keptTotalsQuery, listTotals, wholeMonths } from './expense-list-totals.ts';
import { type ExpenseFilter, type ExpenseSort, expensePageQuery, listExpensePage, sumExpenses } from './expenses.repository.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof setup>>;

/** `count` expenses of an item by hand SQL (the sums triggers keep up): dates around month ends, every status, 19.99s, every 7th inactive. */
const addExpenses = (tenantId: string, planId: string, itemId: string, categoryType: number, count: number, seed: number) =>
  t.database.queryRows(
    `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, payee, purchase_date, amount_cents, status, category_type, active)
     SELECT $1, gen_random_uuid(), $2, $3, 'Row ' || g, 'Payee ' || (g % 5),
       (ARRAY['2026-01-01', '2026-01-31', '2026-02-01', '2026-02-28', '2026-03-01', '2026-06-15', '2026-11-30', '2026-12-01', '2026-12-31']::date[])[1 + (g * $6) % 9],
       CASE WHEN g % 3 = 0 THEN 1999 ELSE 100 + (g * 7919) % 250000 END, 1 + (g * $6) % 3, $4, g % 7 <> 0
     FROM generate_series(1, $5::int) AS g`,
    [tenantId, planId, itemId, categoryType, count, seed],
  );

beforeAll(async () => {
  t = await createTestApp();
  f = await setup(t);
  await addExpenses(f.tenant.id, f.plan.id, f.search.id, 1, 120, 5);
  await addExpenses(f.tenant.id, f.plan.id, f.events.id, 2, 80, 7);
  const other = await createPlan(t, f.tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const item = await createItem(t, f.tenant, { planId: other.id, categoryId: f.media.id, amountCents: 100_000, name: 'Elsewhere' });
  await addExpenses(f.tenant.id, other.id, item.id, 1, 40, 11);
});
afterAll(async () => t.close());

describe('GetExpenses totals from the kept sums', () => {
  it('equal the totals summed from the expenses for every filter of plan, item, status and whole months', async () => {
    const plan = { marketingPlanId: f.plan.id };
    const filters: ExpenseFilter[] = [
      plan,
      { ...plan, budgetItemId: f.search.id },
      { ...plan, budgetItemId: f.events.id, status: 2 },
      { ...plan, status: 1 },
      { ...plan, status: 3 },
      { ...plan, dateFrom: '2026-02-01', dateTo: '2026-02-28' },
      { ...plan, dateFrom: '2026-01-01', dateTo: '2026-01-31' },
      { ...plan, status: 3, dateFrom: '2026-01-01', dateTo: '2026-11-30' },
      { ...plan, dateFrom: '2026-03-01' },
      { ...plan, dateTo: '2026-11-30' },
      { ...plan, dateTo: '2026-12-31' },
      { ...plan, budgetItemId: f.search.id, dateFrom: '2026-12-01', dateTo: '2026-12-31' },
      { ...plan, dateFrom: '2027-01-01' },
    ];
    for (const filter of filters) {
      const kept = await keptListTotals(t.ctx.db, f.tenant.id, filter);
      const fromRows = await sumExpenses(t.ctx.db, f.tenant.id, filter);
      expect(kept, JSON.stringify(filter)).not.toBeNull();
      // requested: 0 unless the rows' totals carry one (approvals, DESIGN.md §15).
      expect(kept, JSON.stringify(filter)).toEqual(Object.assign({ requested: 0 }, fromRows));
    }
    const all = await keptListTotals(t.ctx.db, f.tenant.id, plan);
    // The fixture's expense plus 200 of which 28 inactive (g % 7 = 0): counted, but not in the money.
    expect(all?.count).toBe(201);
  });

  it('leave text searches, payees, category types and dates inside a month to the expenses, with the same answers', async () => {
    const plan = { marketingPlanId: f.plan.id };
    const filters: ExpenseFilter[] = [
      { ...plan, query: 'row 1' },
      { ...plan, payee: 'Payee 3' },
      { ...plan, categoryType: 2 },
      { ...plan, dateFrom: '2026-01-02' },
      { ...plan, dateTo: '2026-02-27' },
      { ...plan, dateFrom: '2026-01-31', dateTo: '2026-02-01' },
      { budgetItemId: f.search.id },
    ];
    for (const filter of filters) {
      expect(await keptListTotals(t.ctx.db, f.tenant.id, filter), JSON.stringify(filter)).toBeNull();
      expect(await listTotals(t.ctx.db, f.tenant.id, filter)).toEqual(
        Object.assign({ requested: 0 }, await sumExpenses(t.ctx.db, f.tenant.id, filter)),
      );
    }
  });

  it('answer the same Total and Totals through GetExpenses as the rows do, page after page', async () => {
    const filter = { MarketingPlanId: f.plan.id, Status: 3, DateFrom: '2026-01-01', DateTo: '2026-11-30', PageSize: 10, Page: 2 };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ExpenseClient/GetExpenses',
      headers: { authorization: `Bearer ${f.token}` },
      payload: filter,
    });
    expect(response.statusCode).toBe(200);
    const body = JSON.parse(response.body) as { Result: { Total: number; Totals: Record<string, number> } };
    const rows = await sumExpenses(t.ctx.db, f.tenant.id, {
      marketingPlanId: f.plan.id,
      status: 3,
      dateFrom: '2026-01-01',
      dateTo: '2026-11-30',
    });
    expect(body.Result.Total).toBe(rows.count);
    expect(body.Result.Totals).toMatchObject({ Count: rows.count, Actual: rows.actual / 100, Amount: rows.amount / 100, Planned: 0 });
  });

  it('cover whole months only', () => {
    expect(wholeMonths(undefined, undefined)).toEqual({ from: null, to: null });
    expect(wholeMonths('2026-02-01', '2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(wholeMonths('2024-02-01', '2024-02-29')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(wholeMonths(undefined, '2026-12-31')).toEqual({ from: null, to: '2027-01-01' });
    expect(wholeMonths('2024-02-01', '2024-02-28')).toBeNull();
    expect(wholeMonths('2026-02-02', undefined)).toBeNull();
    expect(wholeMonths(undefined, '2026-04-30')).toEqual({ from: null, to: '2026-05-01' });
    expect(wholeMonths(undefined, '2026-04-29')).toBeNull();
  });

  it('read expense_sums and the inactive expenses through tenant-leading indexes, never a sequential scan', async () => {
    const statement = keptTotalsQuery(
      t.ctx.db,
      f.tenant.id,
      { marketingPlanId: f.plan.id, budgetItemId: f.search.id, status: 3 },
      { from: '2026-01-01', to: '2026-12-01' },
    ).getSQL() as SQL;
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await selectRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${statement}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).not.toMatch(/Seq Scan on (expenses|expense_sums)\b/);
    expect(plan).toMatch(/Index (Only )?Scan using expense_sums_(pkey|plan_idx)|Bitmap Index Scan on expense_sums_(pkey|plan_idx)/);
    expect(plan).toMatch(/(Index|Bitmap Index) (Only )?Scan (using|on) expenses_inactive_idx/);
  });
});

describe('expense pages', () => {
  /** The page's ids as a hand-written ORDER BY … LIMIT … OFFSET over the plan's expenses says. */
  const expectedIds = async (where: string, orderBy: string, offset: number, limit: number) =>
    (
      await t.database.queryRows<{ id: string }>(
        `SELECT id FROM expenses WHERE tenant_id = $1 AND marketing_plan_id = $2 ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
        [f.tenant.id, f.plan.id],
      )
    ).map((row) => row.id);

  it('are the rows a plain ORDER BY … OFFSET picks, with their item names, for every sort, ties included', async () => {
    const cases: [ExpenseFilter, ExpenseSort, string, string][] = [
      [{}, { by: 'PurchaseDate', direction: 'desc' }, '', 'purchase_date DESC, id DESC'],
      [{}, { by: 'PurchaseDate', direction: 'asc' }, '', 'purchase_date, id'],
      [
        { status: 3, dateFrom: '2026-01-01', dateTo: '2026-11-30' },
        { by: 'PurchaseDate', direction: 'desc' },
        "AND status = 3 AND purchase_date BETWEEN '2026-01-01' AND '2026-11-30'",
        'purchase_date DESC, id DESC',
      ],
      [{}, { by: 'Amount', direction: 'asc' }, '', 'amount_cents, id'],
      [{}, { by: 'Name', direction: 'desc' }, '', 'name DESC, id DESC'],
      [{ budgetItemId: f.events.id }, { by: 'Payee', direction: 'asc' }, `AND budget_item_id = '${f.events.id}'`, 'payee, id'],
    ];
    for (const [filter, sort, where, orderBy] of cases) {
      for (const offset of [0, 10, 37]) {
        const rows = await listExpensePage(t.ctx.db, f.tenant.id, { marketingPlanId: f.plan.id, ...filter }, sort, { offset, limit: 10 });
        const label = `${JSON.stringify(filter)} ${orderBy} offset ${offset}`;
        expect(
          rows.map((row) => row.id),
          label,
        ).toEqual(await expectedIds(where, orderBy, offset, 10));
        for (const row of rows) expect(row.budgetItemName, label).toBe(row.budgetItemId === f.search.id ? 'Paid search' : 'Events');
      }
    }
  });

  it('are chosen before the item and GL code names are joined (a deep page joined and sorted every match)', async () => {
    const statement = expensePageQuery(
      t.ctx.db,
      f.tenant.id,
      { marketingPlanId: f.plan.id, status: 3, dateFrom: '2026-01-01', dateTo: '2026-11-30' },
      { by: 'PurchaseDate', direction: 'desc' },
      { offset: 40, limit: 10 },
    ).getSQL() as SQL;
    const rows = await selectRows<{ 'QUERY PLAN': string }>(t.ctx.db, sql`EXPLAIN ${statement}`);
    const plan = rows.map((row) => row['QUERY PLAN']);
    // Joined first, the statement's top node is the Limit over the joined, sorted matches.
    expect(plan[0], plan.join('\n')).not.toMatch(/^Limit/);
    expect(plan.join('\n')).toMatch(/Subquery Scan on chosen|->\s+Limit/);
  });
});
