// Issue 29 part 2 on PostgreSQL, where transactions really run side by side: two writers of the same
// expense_sums key (one budget item, month and status) at the same moment are both counted. Each
// race is made certain: the second writer is seen waiting on the first's lock before the first commits.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { holdTableLock, requirePostgres, waitForLockWaiters } from '../../../test/pg-race.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';

let t: TestApp;
let tenant: TestTenant;
let plan: { id: string };
let item: { id: string };

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-04-15T12:00:00Z')) });
  requirePostgres(t);
  tenant = await createTenant(t, { name: 'Race' });
  ({ plan, item } = await createPlanWithItem(t, tenant));
});
afterAll(async () => t.close());

const connect = async () => {
  const client = new pg.Client({ connectionString: requirePostgres(t) });
  await client.connect();
  return client;
};

const insertExpense = (client: pg.Client, amountCents: number, purchaseDate = '2026-03-10') =>
  client.query(
    `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, purchase_date, amount_cents, status, category_type)
     VALUES ($1, $2, $3, $4, 'Race', $5, $6, 3, 1)`,
    [tenant.id, newId(), plan.id, item.id, purchaseDate, amountCents],
  );

/** The item's kept sums per month, and the same counted again from its active expenses. */
const sumsAndRecount = async () => {
  const kept = await t.database.queryRows<{ month: string; amount: string; n: number }>(
    `SELECT to_char(month, 'YYYY-MM') AS month, amount_cents::text AS amount, expense_count AS n FROM expense_sums
      WHERE tenant_id = '${tenant.id}' AND budget_item_id = '${item.id}' AND status = 3 ORDER BY 1`,
  );
  const counted = await t.database.queryRows<{ month: string; amount: string; n: number }>(
    `SELECT to_char(purchase_date, 'YYYY-MM') AS month, sum(amount_cents)::text AS amount, count(*)::int AS n FROM expenses
      WHERE tenant_id = '${tenant.id}' AND budget_item_id = '${item.id}' AND status = 3 AND active GROUP BY 1 ORDER BY 1`,
  );
  return { kept, counted };
};

/** Runs `first` and `second` in two transactions: `second` is seen waiting on `first`'s lock, then both commit. */
const race = async (first: (client: pg.Client) => Promise<unknown>, second: (client: pg.Client) => Promise<unknown>) => {
  const [a, b] = await Promise.all([connect(), connect()]);
  try {
    await a.query('BEGIN');
    await b.query('BEGIN');
    await first(a);
    const waiting = (async () => {
      await second(b);
      await b.query('COMMIT');
    })();
    await waitForLockWaiters(t, 1);
    await a.query('COMMIT');
    await waiting;
  } finally {
    await Promise.all([a.end(), b.end()]);
  }
};

describe('two writers of the same item, month and status at once (PostgreSQL)', () => {
  it('two inserts into a month that has no sums row yet are both counted', async () => {
    await race(
      (a) => insertExpense(a, 1_999, '2026-05-31'),
      (b) => insertExpense(b, 1, '2026-05-01'),
    );
    const { kept, counted } = await sumsAndRecount();
    expect(kept.find((row) => row.month === '2026-05')).toEqual({ month: '2026-05', amount: '2000', n: 2 });
    expect(kept).toEqual(counted);
  });

  it('two inserts into a month that already has sums are both added', async () => {
    await race(
      (a) => insertExpense(a, 500),
      (b) => insertExpense(b, 700),
    );
    await race(
      (a) => insertExpense(a, 19_99),
      (b) => insertExpense(b, 1),
    );
    const { kept, counted } = await sumsAndRecount();
    expect(kept.find((row) => row.month === '2026-03')).toEqual({ month: '2026-03', amount: '3200', n: 4 });
    expect(kept).toEqual(counted);
  });

  it('two inserts into different months of one plan both reach the plan’s kept sums (expense_plan_sums, migration 1061)', async () => {
    const planSums = async () =>
      (
        await t.database.queryRows<{ amount: string; n: number }>(
          `SELECT amount_cents::text AS amount, expense_count AS n FROM expense_plan_sums
            WHERE tenant_id = '${tenant.id}' AND marketing_plan_id = '${plan.id}' AND status = 3`,
        )
      )[0];
    const before = await planSums();
    // Different months: no expense_sums key in common, so the second waits on the plan's row alone.
    await race(
      (a) => insertExpense(a, 1_999, '2026-09-30'),
      (b) => insertExpense(b, 1, '2026-10-01'),
    );
    const after = await planSums();
    expect(Number(after?.amount) - Number(before?.amount ?? 0)).toBe(2_000);
    expect(Number(after?.n) - Number(before?.n ?? 0)).toBe(2);
    const [counted] = await t.database.queryRows<{ amount: string; n: number }>(
      `SELECT sum(amount_cents)::text AS amount, count(*)::int AS n FROM expenses
        WHERE tenant_id = '${tenant.id}' AND marketing_plan_id = '${plan.id}' AND status = 3 AND active AND approval <> 1`,
    );
    expect(after).toEqual(counted);
  });

  it('an insert waiting on the deletion of the last expense of its month re-creates the month', async () => {
    const [only] = await t.database.queryRows<{ id: string }>(
      `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, purchase_date, amount_cents, status, category_type)
       VALUES ('${tenant.id}', '${newId()}', '${plan.id}', '${item.id}', 'Alone', '2026-07-15', 900, 3, 1) RETURNING id`,
    );
    await race(
      (a) => a.query('DELETE FROM expenses WHERE tenant_id = $1 AND id = $2', [tenant.id, only?.id]),
      (b) => insertExpense(b, 250, '2026-07-20'),
    );
    const { kept, counted } = await sumsAndRecount();
    expect(kept.find((row) => row.month === '2026-07')).toEqual({ month: '2026-07', amount: '250', n: 1 });
    expect(kept).toEqual(counted);
  });

  it('two expenses saved through the API at the same moment both reach the budget grid', async () => {
    const save = async (amount: number) =>
      t.post(
        '/api/ExpenseClient/Save',
        {
          MarketingPlanId: plan.id,
          BudgetItemId: item.id,
          Name: `Saved ${amount}`,
          PurchaseDate: '2026-04-03',
          Amount: amount,
          Status: 3,
          CategoryType: 1,
        },
        await tenant.tokenFor('member'),
      );
    const before = await t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: plan.id }, await tenant.tokenFor('member'));
    // Both saves stop at the triggers' write to expense_sums and are let go together.
    const lock = await holdTableLock(t, 'expense_sums');
    const pending = [save(19.99), save(0.01)];
    await waitForLockWaiters(t, 2);
    await lock.release();
    const responses = await Promise.all(pending);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const after = await t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: plan.id }, await tenant.tokenFor('member'));
    expect(Math.round((after.body.Result[0].Actual - before.body.Result[0].Actual) * 100)).toBe(2000);
    const { kept, counted } = await sumsAndRecount();
    expect(kept.find((row) => row.month === '2026-04')).toEqual({ month: '2026-04', amount: '2000', n: 2 });
    expect(kept).toEqual(counted);
    // Both saves have no payee: the payee sums (migration 1002) counted both as well.
    const payees = `tenant_id = '${tenant.id}' AND marketing_plan_id = '${plan.id}' AND status = 3`;
    expect(
      await t.database.queryRows(
        `SELECT amount_cents::text AS amount, expense_count AS n FROM expense_payee_sums WHERE ${payees} AND no_payee`,
      ),
    ).toEqual(
      await t.database.queryRows(
        `SELECT sum(amount_cents)::text AS amount, count(*)::int AS n FROM expenses WHERE ${payees} AND active AND payee IS NULL`,
      ),
    );
  });
});
