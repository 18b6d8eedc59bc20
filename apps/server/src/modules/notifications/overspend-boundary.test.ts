// The overspend alert at its threshold (issue 28 A7): spending that EQUALS the budget is not an
// overspend; one cent over is. Amounts are inexact in binary (980.01 + 19.99 is 1000.0000000000001
// in floating point), so a sum in dollars instead of cents would alert at equality.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark } from '../../../test/outbox.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { overspendAlerts } from '../../schema/notifications.ts';
import { itemsToCheck, trackOverspend } from './overspend.ts';

let t: TestApp;
let acme: TestTenant;
let plan: { id: string };
let item: { id: string };
let mark: Date;

const saveExpense = async (amount: number): Promise<{ Id: string }> => {
  const response = await t.post(
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
  expect(response.status, response.text).toBe(200);
  return response.body.Result;
};

const alerts = () => t.ctx.db.select().from(overspendAlerts).where(eq(overspendAlerts.tenantId, acme.id));
const overspendMail = () => mailSince(t, mark, 'overspend');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

beforeEach(async () => {
  acme = await createTenant(t, { name: 'Acme' });
  ({ plan, item } = await createPlanWithItem(t, acme, 100_000)); // $1,000.00
  mark = await outboxMark(t);
});

describe('overspend alert at the budget', () => {
  it('does not alert when spending equals the budget to the cent ($980.01 + $19.99 = $1,000.00)', async () => {
    await saveExpense(980.01);
    await saveExpense(19.99);
    expect(await alerts()).toEqual([]);
    expect(await overspendMail()).toEqual([]);
  });

  it('alerts one cent over the budget', async () => {
    await saveExpense(980.01);
    await saveExpense(19.99);
    await saveExpense(0.01);
    expect(await alerts()).toHaveLength(1);
    // The team's Leads (Owner and Admin in the factory) and the expense's author, once each.
    expect(await overspendMail()).toHaveLength(3);
  });

  it('alerts when one expense of $1,000.01 passes a $1,000.00 item, not at $1,000.00', async () => {
    await saveExpense(1_000);
    expect(await alerts()).toEqual([]);
    await saveExpense(0.01);
    expect(await alerts()).toHaveLength(1);
  });
});

describe('what the overspend record holds', () => {
  it('records the expense that took the item over', async () => {
    await saveExpense(1_000);
    const tipping = await saveExpense(0.01);
    expect(await alerts()).toEqual([expect.objectContaining({ budgetItemId: item.id, expenseId: tipping.Id })]);
  });

  it('mails once per crossing: a further expense while the item is already over mails nobody', async () => {
    await saveExpense(1_000.01);
    expect(await overspendMail()).toHaveLength(3);
    await saveExpense(50);
    expect(await overspendMail()).toHaveLength(3);
    expect(await alerts()).toHaveLength(1);
  });

  it('records a crossing made by a lower budget without an expense, and mails nobody', async () => {
    await saveExpense(600);
    const token = await acme.tokenFor('owner');
    const read = (await t.post('/api/BudgetItemClient/GetBudgetItem', { BudgetItemId: item.id }, token)).body.Result;
    const lowered = await t.post('/api/BudgetItemClient/Save', { ...read, Amount: 500 }, token);
    expect(lowered.status, lowered.text).toBe(200);
    expect(await alerts()).toEqual([expect.objectContaining({ budgetItemId: item.id, expenseId: null })]);
    expect(await overspendMail()).toEqual([]);
  });

  it('passes over items that no longer exist and ids that are empty', async () => {
    await expect(
      t.ctx.db.transaction((tx) => trackOverspend(t.ctx, tx, { tenantId: acme.id, budgetItemIds: [newId(), null, undefined] })),
    ).resolves.toBeUndefined();
    expect(await alerts()).toEqual([]);
  });

  it('checks each item once, in id order, so saves of the same items lock them in the same order', () => {
    expect(itemsToCheck(['b', null, 'a', undefined, 'b', ''])).toEqual(['a', 'b']);
  });
});
