// Money through the real API (issue 28 A7): amounts inexact in binary are stored as their exact
// cents and answered as they were sent; a third decimal is a 400 that stores nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { expenses } from '../../schema/expenses.ts';

let t: TestApp;
let acme: TestTenant;
let plan: { id: string };
let item: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  ({ plan, item } = await createPlanWithItem(t, acme, 100_000));
});
afterAll(async () => t.close());

const save = async (amount: number) =>
  t.post(
    '/api/ExpenseClient/Save',
    {
      MarketingPlanId: plan.id,
      BudgetItemId: item.id,
      Name: `Invoice ${amount}`,
      PurchaseDate: '2026-03-02',
      Amount: amount,
      CategoryType: 1,
    },
    await acme.tokenFor('member'),
  );

const storedCents = async (id: string) => {
  const [row] = await t.ctx.db
    .select({ cents: expenses.amountCents })
    .from(expenses)
    .where(and(eq(expenses.tenantId, acme.id), eq(expenses.id, id)));
  return Number(row?.cents);
};

describe('expense amounts inexact in binary', () => {
  it.each([
    [19.99, 1999],
    [0.29, 29],
    [1.15, 115],
    [9_999_900_935.2, 999_990_093_520],
  ])('stores $%s as %i cents and answers it unchanged', async (amount, cents) => {
    const response = await save(amount);
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result.Amount).toBe(amount);
    expect(await storedCents(response.body.Result.Id)).toBe(cents);
  });

  it('refuses $1.005 with a 400 naming the rule, and stores nothing', async () => {
    const before = await t.ctx.db.select({ id: expenses.id }).from(expenses).where(eq(expenses.tenantId, acme.id));
    const response = await save(1.005);
    expect(response.status).toBe(400);
    expect(response.text).toContain('at most 2 decimals');
    expect(await t.ctx.db.select({ id: expenses.id }).from(expenses).where(eq(expenses.tenantId, acme.id))).toEqual(before);
  });
});
