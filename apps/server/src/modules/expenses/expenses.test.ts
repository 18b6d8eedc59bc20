import { EMPTY_ID } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createExpenseRow, createGlCode, createItem, createPlan, createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { expenses } from '../../schema/expenses.ts';

const SAVE = '/api/ExpenseClient/Save';
const GET_ONE = '/api/ExpenseClient/GetExpense';
const LIST = '/api/ExpenseClient/GetExpenses';
const DELETE = '/api/ExpenseClient/Delete';

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  // After the 2026 plans end, so any of their days may hold Actual money (issue 28 A5 refuses it in the future).
  t = await createTestApp({ clock: createTestClock(new Date('2027-02-01T12:00:00Z')) });
  tenant = await createTenant(t);
  other = await createTenant(t);
});
afterAll(async () => t.close());

const expenseBody = (planId: string, itemId: string, overrides: Record<string, unknown> = {}) => ({
  Id: EMPTY_ID,
  MarketingPlanId: planId,
  BudgetItemId: itemId,
  Name: 'Search ads, March',
  Payee: 'Google',
  Description: 'Brand campaign',
  PurchaseOrder: 'PO-1001',
  PurchaseDate: '2026-03-10',
  Amount: 1234.56,
  CategoryType: 1,
  ...overrides,
});

const rowOf = async (id: string) => {
  const [row] = await t.ctx.db.select().from(expenses).where(eq(expenses.id, id));
  return row;
};
const activityOf = (id: string) => t.ctx.db.select().from(activities).where(eq(activities.entityId, id));

describe('saving an expense', () => {
  it('creates it forced active, keeps the description, stores cents and records a create activity', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const token = await tenant.tokenFor('member');
    const response = await t.post(SAVE, expenseBody(plan.id, item.id, { Active: false }), token);
    expect(response.status).toBe(200);
    const saved = response.body.Result;
    expect(saved).toMatchObject({
      Amount: 1234.56,
      Active: true,
      Status: 3,
      Description: 'Brand campaign',
      BudgetItemName: 'Paid search',
      PurchaseDate: '2026-03-10',
    });
    const row = await rowOf(saved.Id);
    expect(row?.amountCents).toBe(123456);
    expect(row?.createdBy).toBe(tenant.users.member.id);
    const trail = await activityOf(saved.Id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'create', entityType: 'Expense', marketingPlanId: plan.id, actorId: tenant.users.member.id });
    expect(trail[0]?.description).toContain('$1,234.56 actual');
  });

  it('changes the budget item’s burn rate (actual ÷ amount) and records what an update changed', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant, 200_000); // $2,000
    const token = await tenant.tokenFor('owner');
    const before = await t.post(LIST, { BudgetItemId: item.id }, token);
    expect(before.body.Result.BudgetItem).toMatchObject({ Amount: 2000, Actual: 0, BurnRate: 0 });

    const created = await t.post(SAVE, expenseBody(plan.id, item.id, { Amount: 500, Status: 2 }), token);
    const committed = await t.post(LIST, { BudgetItemId: item.id }, token);
    expect(committed.body.Result.BudgetItem).toMatchObject({ Committed: 500, Actual: 0, BurnRate: 0 });

    const update = await t.post(
      SAVE,
      { ...expenseBody(plan.id, item.id, { Amount: 500, Status: 3 }), Id: created.body.Result.Id, Version: created.body.Result.Version },
      token,
    );
    expect(update.status).toBe(200);
    const actual = await t.post(LIST, { BudgetItemId: item.id }, token);
    expect(actual.body.Result.BudgetItem).toMatchObject({ Committed: 0, Actual: 500, BurnRate: 0.25 });

    const trail = await activityOf(created.body.Result.Id);
    const updated = trail.find((entry) => entry.action === 'update');
    expect(updated?.changes).toEqual({ Status: { from: 2, to: 3 } });
  });

  it('a planned expense lowers the item’s Left to plan (below zero when over-planned) but not its Available, on the item page and the grid', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant, 200_000); // $2,000
    const token = await tenant.tokenFor('owner');
    await t.post(SAVE, expenseBody(plan.id, item.id, { Amount: 500, Status: 3 }), token);
    await t.post(SAVE, expenseBody(plan.id, item.id, { Amount: 1800.5, Status: 1 }), token);
    const money = { Amount: 2000, Planned: 1800.5, Committed: 0, Actual: 500, Available: 1500, LeftToPlan: -300.5 };
    expect((await t.post(LIST, { BudgetItemId: item.id }, token)).body.Result.BudgetItem).toMatchObject(money);
    const grid = await t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: plan.id }, token);
    expect(grid.body.Result.find((row: { Id: string }) => row.Id === item.id)).toMatchObject(money);
  });

  it('refuses an item of another plan, a mismatched category type and a GL code that is not a GL code', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const otherPlan = await createPlan(t, tenant);
    const token = await tenant.tokenFor('owner');

    const wrongPlan = await t.post(SAVE, expenseBody(otherPlan.id, item.id), token);
    expect(wrongPlan.status).toBe(400);
    expect(wrongPlan.body.Message).toContain('belongs to another plan');
    expect(wrongPlan.body.Errors[0].Field).toBe('BudgetItemId');

    const wrongType = await t.post(SAVE, expenseBody(plan.id, item.id, { CategoryType: 3 }), token);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.Message).toBe(
      'The budget item “Paid search” is in a Productive category, so the expense’s CategoryType must be 1 (Productive).',
    );

    const funnelStage = await createGlCode(t, tenant, 'Awareness', 2);
    const notGl = await t.post(SAVE, expenseBody(plan.id, item.id, { GeneralLedgerCodeId: funnelStage.id }), token);
    expect(notGl.status).toBe(404);

    const gl = await createGlCode(t, tenant, 'GL 6100 Advertising');
    const withGl = await t.post(SAVE, expenseBody(plan.id, item.id, { GeneralLedgerCodeId: gl.id }), token);
    expect(withGl.status).toBe(200);
    expect(withGl.body.Result.GeneralLedgerCodeName).toBe('GL 6100 Advertising');

    const count = await t.ctx.db.select().from(expenses).where(eq(expenses.marketingPlanId, otherPlan.id));
    expect(count).toHaveLength(0);
  });

  it('explains bad input field by field: negative amount, three decimals, bad date, missing name', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const token = await tenant.tokenFor('owner');
    const response = await t.post(
      SAVE,
      expenseBody(plan.id, item.id, { Amount: -5, PurchaseDate: '2026-02-30', Name: ' ', Status: 7 }),
      token,
    );
    expect(response.status).toBe(400);
    const fields = Object.fromEntries(response.body.Errors.map((e: { Field: string; Message: string }) => [e.Field, e.Message]));
    expect(fields.Amount).toBe('Amount cannot be negative.');
    expect(fields.PurchaseDate).toBe('Must be a real calendar date.');
    expect(fields.Name).toBe('Name is required.');
    expect(fields.Status).toContain('Status must be 1');
    const cents = await t.post(SAVE, expenseBody(plan.id, item.id, { Amount: 1.005 }), token);
    expect(cents.status).toBe(400);
    expect(cents.body.Message).toBe('Amount can have at most 2 decimals.');
  });

  it('refuses a purchase date outside the plan (400 naming the plan’s dates) and saves nothing; the first and last days are in', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const token = await tenant.tokenFor('owner');
    for (const date of ['2030-01-10', '2025-12-31', '2027-01-01']) {
      const response = await t.post(SAVE, expenseBody(plan.id, item.id, { PurchaseDate: date, Name: `Outside ${date}` }), token);
      expect(response.status).toBe(400);
      expect(response.body.Errors).toEqual([
        { Field: 'PurchaseDate', Message: 'The purchase date must lie within the plan’s dates, 2026-01-01 to 2026-12-31.' },
      ]);
    }
    expect(await t.ctx.db.select().from(expenses).where(eq(expenses.budgetItemId, item.id))).toEqual([]);
    for (const date of ['2026-01-01', '2026-12-31']) {
      expect((await t.post(SAVE, expenseBody(plan.id, item.id, { PurchaseDate: date }), token)).status).toBe(200);
    }
    // Moving an existing expense out of the plan is refused too.
    const saved = await t.post(SAVE, expenseBody(plan.id, item.id), token);
    const moved = await t.post(
      SAVE,
      expenseBody(plan.id, item.id, { Id: saved.body.Result.Id, Version: saved.body.Result.Version, PurchaseDate: '2027-01-10' }),
      token,
    );
    expect(moved.status).toBe(400);
    expect((await rowOf(saved.body.Result.Id))?.purchaseDate).toBe('2026-03-10');
  });

  it('refuses to move an expense to another plan and to change expenses of an archived plan', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const second = await createPlanWithItem(t, tenant);
    const token = await tenant.tokenFor('owner');
    const created = await t.post(SAVE, expenseBody(plan.id, item.id), token);
    const move = await t.post(
      SAVE,
      { ...expenseBody(second.plan.id, second.item.id), Id: created.body.Result.Id, Version: created.body.Result.Version },
      token,
    );
    expect(move.status).toBe(400);
    expect(move.body.Message).toContain('cannot move to another plan');

    const archivedPlan = await createPlan(t, tenant, { state: 2 });
    const archivedItem = await createItem(t, tenant, { planId: archivedPlan.id, categoryId: second.category.id, amountCents: 100 });
    const archived = await t.post(SAVE, expenseBody(archivedPlan.id, archivedItem.id), token);
    expect(archived.status).toBe(409);
    expect(archived.body.Message).toBe('This plan is archived: its expenses cannot be changed.');
  });

  it('refuses expenses in a template (a play, State 3) with 400 naming it, of any status, and stores nothing', async () => {
    const template = await createPlan(t, tenant, { name: 'Launch play', state: 3 });
    const category = await createPlanWithItem(t, tenant);
    const item = await createItem(t, tenant, { planId: template.id, categoryId: category.category.id, amountCents: 100_000 });
    const token = await tenant.tokenFor('owner');
    const message = '“Launch play” is a template (a play): it holds no expenses. Record expenses in a plan made from it.';
    for (const Status of [1, 2, 3]) {
      const response = await t.post(SAVE, expenseBody(template.id, item.id, { Status }), token);
      expect(response.status).toBe(400);
      expect(response.body.Errors).toEqual([{ Field: 'MarketingPlanId', Message: message }]);
    }
    expect(await t.ctx.db.select().from(expenses).where(eq(expenses.marketingPlanId, template.id))).toEqual([]);
    // A Viewer is still told first that they may not write.
    expect((await t.post(SAVE, expenseBody(template.id, item.id), await tenant.tokenFor('viewer'))).status).toBe(403);
  });
});

describe('who may read and change expenses', () => {
  it('lets the Viewer read but not save or delete, and the database stays unchanged', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const existing = await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 1000 });
    const viewer = await tenant.tokenFor('viewer');
    expect((await t.post(GET_ONE, { ExpenseId: existing.id, Version: 1 }, viewer)).status).toBe(200);
    const create = await t.post(SAVE, expenseBody(plan.id, item.id), viewer);
    expect(create.status).toBe(403);
    const update = await t.post(SAVE, { ...expenseBody(plan.id, item.id, { Amount: 1 }), Id: existing.id, Version: 1 }, viewer);
    expect(update.status).toBe(403);
    const remove = await t.post(DELETE, { ExpenseId: existing.id, Version: 1 }, viewer);
    expect(remove.status).toBe(403);
    const rows = await t.ctx.db.select().from(expenses).where(eq(expenses.marketingPlanId, plan.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amountCents).toBe(1000);
  });

  it('hides a team’s expenses from a Member outside the team (404) and lets Admin and Planner write', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const existing = await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 1000 });
    const outsider = await tenant.tokenFor('outsider');
    expect((await t.post(GET_ONE, { ExpenseId: existing.id, Version: 1 }, outsider)).status).toBe(404);
    expect((await t.post(LIST, { MarketingPlanId: plan.id }, outsider)).status).toBe(404);
    expect((await t.post(SAVE, expenseBody(plan.id, item.id), outsider)).status).toBe(404);
    expect((await t.post(DELETE, { ExpenseId: existing.id, Version: 1 }, outsider)).status).toBe(404);
    expect((await t.post('/api/ExpenseClient/getPayees', { MarketingPlanId: plan.id }, outsider)).status).toBe(404);
    expect((await t.post(SAVE, expenseBody(plan.id, item.id), await tenant.tokenFor('admin'))).status).toBe(200);
    expect((await t.post(SAVE, expenseBody(plan.id, item.id), await tenant.tokenFor('member'))).status).toBe(200);
  });

  it('answers 404 to another tenant’s owner for every call that takes an id, and changes nothing', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const existing = await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 4242, payee: 'Secret Co' });
    const theirs = await createPlanWithItem(t, other);
    const stranger = await other.tokenFor('owner');
    const snapshot = await rowOf(existing.id);

    expect((await t.post(GET_ONE, { ExpenseId: existing.id, Version: 1 }, stranger)).status).toBe(404);
    expect((await t.post(LIST, { MarketingPlanId: plan.id }, stranger)).status).toBe(404);
    expect((await t.post(LIST, { BudgetItemId: item.id }, stranger)).status).toBe(404);
    expect((await t.post('/api/ExpenseClient/getPayees', { MarketingPlanId: plan.id }, stranger)).status).toBe(404);
    const update = await t.post(
      SAVE,
      { ...expenseBody(theirs.plan.id, theirs.item.id, { Amount: 1 }), Id: existing.id, Version: 1 },
      stranger,
    );
    expect(update.status).toBe(404);
    const intoTheirPlan = await t.post(SAVE, expenseBody(plan.id, item.id), stranger);
    expect(intoTheirPlan.status).toBe(404);
    const foreignItem = await t.post(SAVE, expenseBody(theirs.plan.id, item.id), stranger);
    expect(foreignItem.status).toBe(404);
    const foreignGl = await createGlCode(t, tenant);
    const withForeignGl = await t.post(SAVE, expenseBody(theirs.plan.id, theirs.item.id, { GeneralLedgerCodeId: foreignGl.id }), stranger);
    expect(withForeignGl.status).toBe(404);
    expect((await t.post(DELETE, { ExpenseId: existing.id, Version: 1 }, stranger)).status).toBe(404);

    expect(await rowOf(existing.id)).toEqual(snapshot);
    const theirRows = await t.ctx.db.select().from(expenses).where(eq(expenses.tenantId, other.id));
    expect(theirRows).toHaveLength(0);
    const search = await t.post('/api/ExpenseClient/SearchExpenses', { Query: 'Secret' }, stranger);
    expect(search.body.Result).toEqual([]);
  });
});

describe('deleting an expense', () => {
  it('removes it with its comments, keeps an audit entry, and refuses a BudgetItemId that is not its item', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const token = await tenant.tokenFor('member');
    const created = await t.post(SAVE, expenseBody(plan.id, item.id), token);
    const id = created.body.Result.Id;
    await t.post('/api/CommentsClient/Save', { EntityType: 'Expense', EntityId: id, Description: 'Invoice attached' }, token);

    const otherItem = await createItem(t, tenant, { planId: plan.id, categoryId: item.budgetCategoryId, amountCents: 10 });
    const mismatch = await t.post(DELETE, { ExpenseId: id, BudgetItemId: otherItem.id, Version: 1 }, token);
    expect(mismatch.status).toBe(404);
    expect(await rowOf(id)).toBeDefined();

    const response = await t.post(DELETE, { ExpenseId: id, BudgetItemId: item.id, Version: 1 }, token);
    expect(response.status).toBe(200);
    expect(response.body.Result).toBe(true);
    expect(await rowOf(id)).toBeUndefined();
    const trail = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, id), eq(activities.action, 'delete')));
    expect(trail).toHaveLength(1);
    expect(trail[0]?.changes?.Amount).toEqual({ from: 1234.56, to: null });
    expect((await t.post(GET_ONE, { ExpenseId: id }, token)).status).toBe(404);
  });
});
