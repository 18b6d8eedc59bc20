import { EMPTY_ID } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createExpenseRow, createPlanWithItem } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { budgetItems } from '../../schema/budget.ts';
import { expenses } from '../../schema/expenses.ts';
import { planPeriods } from '../../schema/forecast.ts';

let t: TestApp;
let tenant: TestTenant;
let region: { Id: string; Version: number };
let channel: { Id: string };
let budgetOwner: { Id: string };

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t, { name: 'Values' });
  const admin = await tenant.tokenFor('admin');
  const field = async (body: Record<string, unknown>) => (await t.post('/api/CustomFieldClient/Save', body, admin)).body.Result;
  region = await field({ Entity: 'Expense', Name: 'Region', Type: 'Select', Options: ['EMEA', 'NA', 'APAC'] });
  channel = await field({ Entity: 'BudgetItem', Name: 'Channel', Type: 'MultiSelect', Options: ['Web', 'Email', 'Events'] });
  budgetOwner = await field({ Entity: 'BudgetItem', Name: 'Budget owner', Type: 'Text' });
});
afterAll(async () => t.close());

/** The database's refusal of a write (Drizzle wraps it: the cause carries the trigger's message). */
const refusal = async (write: () => Promise<unknown>): Promise<string> => {
  try {
    await write();
  } catch (error) {
    return String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message);
  }
  return 'written';
};

const expenseBody = (planId: string, itemId: string, overrides: Record<string, unknown> = {}) => ({
  Id: EMPTY_ID,
  MarketingPlanId: planId,
  BudgetItemId: itemId,
  Name: 'Trade fair stand',
  PurchaseDate: '2026-03-10',
  Amount: 19.99,
  CategoryType: 1,
  ...overrides,
});

describe('custom field values on expenses (DESIGN.md §16)', () => {
  it('a Planner saves values, every read returns them, and leaving CustomFields out keeps them', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const member = await tenant.tokenFor('member');
    const created = await t.post(
      '/api/ExpenseClient/Save',
      expenseBody(plan.id, item.id, { CustomFields: { [region.Id]: 'emea' } }),
      member,
    );
    expect(created.status, created.text).toBe(200);
    expect(created.body.Result.CustomFields).toEqual({ [region.Id]: 'EMEA' });
    const id = created.body.Result.Id;
    const read = await t.post('/api/ExpenseClient/GetExpense', { ExpenseId: id }, member);
    expect(read.body.Result.CustomFields).toEqual({ [region.Id]: 'EMEA' });
    const page = await t.post('/api/ExpenseClient/GetExpenses', { MarketingPlanId: plan.id }, member);
    expect(page.body.Result.Items[0].CustomFields).toEqual({ [region.Id]: 'EMEA' });

    const renamed = await t.post('/api/ExpenseClient/Save', expenseBody(plan.id, item.id, { Id: id, Version: 1, Name: 'Booth' }), member);
    expect(renamed.body.Result.CustomFields).toEqual({ [region.Id]: 'EMEA' });
    const cleared = await t.post(
      '/api/ExpenseClient/Save',
      expenseBody(plan.id, item.id, { Id: id, Version: 2, Name: 'Booth', CustomFields: { [region.Id]: null } }),
      member,
    );
    expect(cleared.body.Result.CustomFields).toEqual({});
    expect((await t.ctx.db.select().from(expenses).where(eq(expenses.id, id)))[0]?.customFields).toEqual({});
  });

  it('answers 400 naming the field for a value not in its options, and writes nothing', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const member = await tenant.tokenFor('member');
    const before = await snapshotTenant(t.database, tenant.id);
    const refused = await t.post(
      '/api/ExpenseClient/Save',
      expenseBody(plan.id, item.id, { CustomFields: { [region.Id]: 'LATAM' } }),
      member,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe('Region must be one of EMEA, NA, APAC.');
    expect(refused.body.Errors).toEqual([{ Field: `CustomFields.${region.Id}`, Message: 'Region must be one of EMEA, NA, APAC.' }]);
    // A budget item field is not an expense field.
    const wrongEntity = await t.post(
      '/api/ExpenseClient/Save',
      expenseBody(plan.id, item.id, { CustomFields: { [budgetOwner.Id]: 'Dana' } }),
      member,
    );
    expect(wrongEntity.status).toBe(400);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });
});

describe('custom field values on budget items', () => {
  it('saves and reads them (GetBudgetItems, GetBudgetItem), keeps them on a save without CustomFields, and refuses a tag twice', async () => {
    const { plan, item, category } = await createPlanWithItem(t, tenant);
    const member = await tenant.tokenFor('member');
    const body = {
      Id: item.id,
      Version: 1,
      Name: 'Paid search',
      Amount: 10_000,
      ItemType: 1,
      BudgetCategoryId: category.id,
      MarketingPlanId: plan.id,
    };
    const saved = await t.post(
      '/api/BudgetItemClient/Save',
      { ...body, CustomFields: { [channel.Id]: ['Events', 'Web'], [budgetOwner.Id]: 'Dana' } },
      member,
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Result.CustomFields).toEqual({ [channel.Id]: ['Web', 'Events'], [budgetOwner.Id]: 'Dana' });
    const list = await t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: plan.id }, member);
    expect(list.body.Result[0].CustomFields).toEqual({ [channel.Id]: ['Web', 'Events'], [budgetOwner.Id]: 'Dana' });
    const kept = await t.post('/api/BudgetItemClient/Save', { ...body, Version: 2, Name: 'Paid search EMEA' }, member);
    expect(kept.body.Result.CustomFields).toEqual({ [channel.Id]: ['Web', 'Events'], [budgetOwner.Id]: 'Dana' });
    const twice = await t.post(
      '/api/BudgetItemClient/Save',
      { ...body, Version: 3, CustomFields: { [channel.Id]: ['Web', 'web'] } },
      member,
    );
    expect(twice.status).toBe(400);
    expect(twice.body.Message).toBe('Channel lists “Web” twice.');
  });
});

describe('field changes and the values rows carry', () => {
  it('deleting a field removes its value from every row in the same transaction, a closed month’s expense too', async () => {
    const admin = await tenant.tokenFor('admin');
    const temporary = (await t.post('/api/CustomFieldClient/Save', { Entity: 'Expense', Name: 'Temporary', Type: 'Number' }, admin)).body
      .Result;
    const { plan, item } = await createPlanWithItem(t, tenant);
    const open = await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 1999, purchaseDate: '2026-04-30' });
    const closed = await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 1999, purchaseDate: '2026-01-31' });
    for (const row of [open, closed]) {
      await t.ctx.db
        .update(expenses)
        .set({ customFields: { [temporary.Id]: 7, [region.Id]: 'NA' } })
        .where(eq(expenses.id, row.id));
    }
    await t.ctx.db.insert(planPeriods).values({ tenantId: tenant.id, marketingPlanId: plan.id, month: '2026-01-01', unspent: 1 });
    // The close still refuses everything else on that expense.
    expect(await refusal(() => t.ctx.db.update(expenses).set({ name: 'Changed' }).where(eq(expenses.id, closed.id)))).toMatch(
      /January 2026 is closed/,
    );

    const deleted = await t.post('/api/CustomFieldClient/Delete', { Id: temporary.Id, Version: 1 }, admin);
    expect(deleted.status, deleted.text).toBe(200);
    for (const row of [open, closed]) {
      expect((await t.ctx.db.select().from(expenses).where(eq(expenses.id, row.id)))[0]?.customFields).toEqual({ [region.Id]: 'NA' });
    }
    expect(await refusal(() => t.ctx.db.update(expenses).set({ name: 'Changed' }).where(eq(expenses.id, closed.id)))).toMatch(
      /January 2026 is closed/,
    );
  });

  it('refuses removing an option rows use, and changing the type of a field that has values (409)', async () => {
    const admin = await tenant.tokenFor('admin');
    const { plan, item } = await createPlanWithItem(t, tenant);
    const row = await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 100, purchaseDate: '2026-05-01' });
    await t.ctx.db
      .update(expenses)
      .set({ customFields: { [region.Id]: 'APAC' } })
      .where(eq(expenses.id, row.id));
    const current = (await t.post('/api/CustomFieldClient/List', { Entity: 'Expense' }, admin)).body.Result.find(
      (field: { Id: string }) => field.Id === region.Id,
    );
    const removeOption = await t.post(
      '/api/CustomFieldClient/Save',
      { Id: region.Id, Version: current.Version, Entity: 'Expense', Name: 'Region', Type: 'Select', Options: ['EMEA', 'NA'] },
      admin,
    );
    expect(removeOption.status).toBe(409);
    expect(removeOption.body.Message).toMatch(
      /^The option “APAC” of “Region” is used by \d+ expenses?: change them first, then remove it\.$/,
    );
    const retype = await t.post(
      '/api/CustomFieldClient/Save',
      { Id: region.Id, Version: current.Version, Entity: 'Expense', Name: 'Region', Type: 'Text' },
      admin,
    );
    expect(retype.status).toBe(409);
    const moveEntity = await t.post(
      '/api/CustomFieldClient/Save',
      { Id: region.Id, Version: current.Version, Entity: 'BudgetItem', Name: 'Region', Type: 'Select', Options: ['EMEA', 'NA', 'APAC'] },
      admin,
    );
    expect(moveEntity.status).toBe(400);
    // An item row is untouched by expense fields.
    expect((await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, item.id)))[0]?.customFields).toEqual({});
  });
});
