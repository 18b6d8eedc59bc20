import { EMPTY_ID } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createGlCode, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { activities } from '../../schema/activities.ts';
import { objectives } from '../../schema/objectives.ts';
import { budgetItems } from '../../schema/budget.ts';

const SAVE = '/api/BudgetItemClient/Save';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

const itemsOf = (tenant: TestTenant) => t.ctx.db.select().from(budgetItems).where(eq(budgetItems.tenantId, tenant.id));
const activitiesOf = (tenant: TestTenant) => t.ctx.db.select().from(activities).where(eq(activities.tenantId, tenant.id));
const addObjective = async (tenant: TestTenant, planId: string) => {
  const id = newId();
  await t.ctx.db.insert(objectives).values({
    tenantId: tenant.id,
    id,
    marketingPlanId: planId,
    name: 'Leads',
    targetValue: 100,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
  });
  return id;
};

const itemBody = (planId: string, categoryId: string, fields: Record<string, unknown> = {}) => ({
  Id: EMPTY_ID,
  Name: 'Paid search',
  Amount: 500,
  ItemType: 1,
  BudgetCategoryId: categoryId,
  MarketingPlanId: planId,
  ...fields,
});

describe('budget item ids nested in a Save body', () => {
  it('refuses another tenant’s category, GL code or objective in the caller’s own plan and writes nothing', async () => {
    const plan = await createPlan(t, acme);
    const category = await createCategory(t, acme);
    const theirPlan = await createPlan(t, other);
    const theirCategory = await createCategory(t, other);
    const theirGl = await createGlCode(t, other);
    const theirObjective = await addObjective(other, theirPlan.id);
    const owner = await acme.tokenFor('owner');
    const before = { acme: await itemsOf(acme), other: await itemsOf(other), trail: await activitiesOf(acme) };

    const cases = [
      ['BudgetCategoryId', itemBody(plan.id, theirCategory.id)],
      ['GeneralLedgerCodeId', itemBody(plan.id, category.id, { GeneralLedgerCodeId: theirGl.id })],
      ['ObjectiveId', itemBody(plan.id, category.id, { ObjectiveId: theirObjective })],
    ] as const;
    for (const [field, body] of cases) {
      const response = await t.post(SAVE, body, owner);
      expect(response.status, field).toBe(400);
      expect(response.body.Errors?.[0]?.Field, field).toBe(field);
    }
    expect(await itemsOf(acme)).toEqual(before.acme);
    expect(await itemsOf(other)).toEqual(before.other);
    expect(await activitiesOf(acme)).toEqual(before.trail);
  });

  it('refuses an objective of another plan of the same tenant', async () => {
    const plan = await createPlan(t, acme);
    const otherPlan = await createPlan(t, acme);
    const category = await createCategory(t, acme);
    const objectiveElsewhere = await addObjective(acme, otherPlan.id);
    const response = await t.post(SAVE, itemBody(plan.id, category.id, { ObjectiveId: objectiveElsewhere }), await acme.tokenFor('owner'));
    expect(response.status).toBe(400);
    expect(response.body.Errors?.[0]?.Field).toBe('ObjectiveId');
  });

  it('answers 404 to a new item in another tenant’s plan, even with that tenant’s own category, and writes nothing', async () => {
    const theirPlan = await createPlan(t, other);
    const theirCategory = await createCategory(t, other);
    const myCategory = await createCategory(t, acme);
    const owner = await acme.tokenFor('owner');
    const before = await itemsOf(other);
    expect((await t.post(SAVE, itemBody(theirPlan.id, theirCategory.id), owner)).status).toBe(404);
    expect((await t.post(SAVE, itemBody(theirPlan.id, myCategory.id), owner)).status).toBe(404);
    expect(await itemsOf(other)).toEqual(before);
  });

  it('answers 404 to a Member outside the team who names an existing item with another plan, like a missing item', async () => {
    const plan = await createPlan(t, acme);
    const elsewhere = await createPlan(t, acme);
    const category = await createCategory(t, acme);
    const item = await createItem(t, acme, { planId: plan.id, categoryId: category.id, amountCents: 100_00 });
    const outsider = await acme.tokenFor('outsider');
    const [before] = await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, item.id));

    const moved = await t.post(SAVE, itemBody(elsewhere.id, category.id, { Id: item.id, Version: 1, Name: 'Probe' }), outsider);
    const missing = await t.post(SAVE, itemBody(elsewhere.id, category.id, { Id: newId(), Version: 1, Name: 'Probe' }), outsider);
    expect(moved.status).toBe(404);
    expect(moved.body.Message).toBe(missing.body.Message);
    const [after] = await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, item.id));
    expect(after).toEqual(before);
  });

  it('still tells a caller who can see the item that it cannot move to another plan', async () => {
    const plan = await createPlan(t, acme);
    const elsewhere = await createPlan(t, acme);
    const category = await createCategory(t, acme);
    const item = await createItem(t, acme, { planId: plan.id, categoryId: category.id, amountCents: 100_00 });
    const response = await t.post(SAVE, itemBody(elsewhere.id, category.id, { Id: item.id, Version: 1 }), await acme.tokenFor('member'));
    expect(response.status).toBe(400);
    expect(response.body.Errors?.[0]?.Field).toBe('MarketingPlanId');
  });
});
