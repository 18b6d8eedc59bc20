import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createGlCode, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { budgetItems } from '../../schema/budget.ts';
import { expenses } from '../../schema/expenses.ts';
import { lookups } from '../../schema/lookups.ts';

const SAVE = '/api/LookupClient/Save';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

const lookupRow = async (id: string) => (await t.ctx.db.select().from(lookups).where(eq(lookups.id, id)))[0];

describe('changing a lookup’s type', () => {
  it('is refused with 409 while a budget item or an expense uses the GL code, and nothing changes', async () => {
    const plan = await createPlan(t, acme);
    const category = await createCategory(t, acme);
    const onItem = await createGlCode(t, acme, 'GL 6100');
    const onExpense = await createGlCode(t, acme, 'GL 6200');
    const item = await createItem(t, acme, { planId: plan.id, categoryId: category.id, amountCents: 100_00 });
    await t.ctx.db.update(budgetItems).set({ generalLedgerCodeId: onItem.id }).where(eq(budgetItems.id, item.id));
    const expense = await createExpenseRow(t, acme, { planId: plan.id, itemId: item.id, amountCents: 10_00 });
    await t.ctx.db.update(expenses).set({ generalLedgerCodeId: onExpense.id }).where(eq(expenses.id, expense.id));
    const owner = await acme.tokenFor('owner');

    for (const code of [onItem, onExpense]) {
      const before = await lookupRow(code.id);
      const response = await t.post(SAVE, { Id: code.id, Version: 1, Name: code.name, LookupType: 2 }, owner);
      expect(response.status, code.name).toBe(409);
      expect(response.body.Message).toContain('LookupType cannot change');
      expect(await lookupRow(code.id)).toEqual(before);
    }
  });

  it('is allowed for an unused entry', async () => {
    const owner = await acme.tokenFor('owner');
    const unused = await createGlCode(t, acme, 'GL spare');
    const changed = await t.post(SAVE, { Id: unused.id, Version: 1, Name: 'Awareness', LookupType: 2 }, owner);
    expect(changed.status).toBe(200);
    expect(changed.body.Result.LookupType).toBe(2);
  });

  it('answers 404 to another tenant’s owner whatever the type, and changes nothing', async () => {
    const code = await createGlCode(t, acme, 'GL private');
    const before = await lookupRow(code.id);
    const response = await t.post(SAVE, { Id: code.id, Version: 1, Name: 'Taken', LookupType: 2 }, await other.tokenFor('owner'));
    expect(response.status).toBe(404);
    expect(await lookupRow(code.id)).toEqual(before);
  });
});
