import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { CATEGORY_API, createCategory, createItem, createPlan } from '../../../test/planning-fixtures.ts';
import { budgetCategories } from '../../schema/categories.ts';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

const token = (tenant: TestTenant, who: keyof TestTenant['users']) => tenant.tokenFor(who);
const categoryRows = (tenant: TestTenant) => t.ctx.db.select().from(budgetCategories).where(eq(budgetCategories.tenantId, tenant.id));

describe('budget categories', () => {
  it('creates categories forced Active, lists them by SortOrder with their item counts, tenant by tenant', async () => {
    const owner = await token(acme, 'owner');
    const created = await t.post(`${CATEGORY_API}/Save`, { Name: 'Events', CategoryType: 1, SortOrder: 2, Active: false }, owner);
    expect(created.status).toBe(200);
    expect(created.body.Result).toMatchObject({ Name: 'Events', Active: true, CategoryType: 1, SortOrder: 2, ItemCount: 0 });
    await t.post(`${CATEGORY_API}/Save`, { Name: 'Salaries', CategoryType: 3, SortOrder: 1 }, owner);
    await createCategory(t, other, 'Not yours');
    const plan = await createPlan(t, acme);
    await createItem(t, acme, plan.Id, created.body.Result.Id);
    const list = await t.post(`${CATEGORY_API}/GetBudgetCategories`, {}, await token(acme, 'viewer'));
    expect(list.body.Result.map((row: { Name: string; ItemCount: number }) => [row.Name, row.ItemCount])).toEqual([
      ['Salaries', 0],
      ['Events', 1],
    ]);
    const audit = await t.ctx.db.select().from(activities).where(eq(activities.entityId, created.body.Result.Id));
    expect(audit.map((row) => [row.action, row.entityType])).toEqual([['create', 'BudgetCategory']]);
  });

  it('updates a category and records the change; refuses bad types and other tenants (404, unchanged)', async () => {
    const category = await createCategory(t, acme, 'Tools', 2);
    const owner = await token(acme, 'owner');
    const updated = await t.post(
      `${CATEGORY_API}/Save`,
      { Id: category.Id, Version: 1, Name: 'Software', CategoryType: 2, Active: false },
      owner,
    );
    expect(updated.body.Result).toMatchObject({ Name: 'Software', Active: false });
    const audit = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, category.Id), eq(activities.action, 'update')));
    expect(audit[0]?.changes).toEqual({ name: { from: 'Tools', to: 'Software' }, active: { from: true, to: false } });
    expect((await t.post(`${CATEGORY_API}/Save`, { Name: 'Bad', CategoryType: 4 }, owner)).status).toBe(400);
    const before = await categoryRows(acme);
    const foreign = await t.post(
      `${CATEGORY_API}/Save`,
      { Id: category.Id, Version: 2, Name: 'Mine now', CategoryType: 1 },
      await token(other, 'owner'),
    );
    expect(foreign.status).toBe(404);
    expect(await categoryRows(acme)).toEqual(before);
  });

  it('refuses a second category of the same name, ignoring case and spaces (409 naming it), on create, rename and SaveAll; other tenants may reuse it', async () => {
    const owner = await token(acme, 'owner');
    const first = await t.post(`${CATEGORY_API}/Save`, { Name: 'Paid Media', CategoryType: 1 }, owner);
    expect(first.status).toBe(200);
    const before = await categoryRows(acme);
    for (const name of ['Paid Media', 'paid media', '  PAID MEDIA ']) {
      const again = await t.post(`${CATEGORY_API}/Save`, { Name: name, CategoryType: 2 }, owner);
      expect(again.status).toBe(409);
      expect(again.body.Message).toBe('A budget category named “Paid Media” already exists. Category names must differ (ignoring case).');
    }
    const print = await t.post(`${CATEGORY_API}/Save`, { Name: 'Print', CategoryType: 1 }, owner);
    const rename = await t.post(
      `${CATEGORY_API}/Save`,
      { Id: print.body.Result.Id, Version: 1, Name: 'paid MEDIA', CategoryType: 1 },
      owner,
    );
    expect(rename.status).toBe(409);
    // Saving a category under its own name (a case change) is not a duplicate.
    const recase = await t.post(
      `${CATEGORY_API}/Save`,
      { Id: first.body.Result.Id, Version: 1, Name: 'Paid media', CategoryType: 1 },
      owner,
    );
    expect(recase.status).toBe(200);
    const batch = await t.post(
      `${CATEGORY_API}/SaveAll`,
      [
        { Name: 'Radio', CategoryType: 1 },
        { Name: 'radio', CategoryType: 1 },
      ],
      owner,
    );
    expect(batch.status).toBe(409);
    const names = (rows: { name: string }[]) => rows.map((row) => row.name.toLowerCase()).sort();
    expect(names(await categoryRows(acme))).toEqual(names([...before, { name: 'Print' }]));
    expect((await t.post(`${CATEGORY_API}/Save`, { Name: 'Paid Media', CategoryType: 1 }, await token(other, 'owner'))).status).toBe(200);
  });

  it('lets only Owners and Admins change categories', async () => {
    expect((await t.post(`${CATEGORY_API}/Save`, { Name: 'Admin', CategoryType: 1 }, await token(acme, 'admin'))).status).toBe(200);
    expect((await t.post(`${CATEGORY_API}/Save`, { Name: 'Member', CategoryType: 1 }, await token(acme, 'member'))).status).toBe(403);
    expect((await t.post(`${CATEGORY_API}/SaveAll`, [{ Name: 'M', CategoryType: 1 }], await token(acme, 'member'))).status).toBe(403);
  });

  it('saves all or none with SaveAll', async () => {
    const owner = await token(acme, 'owner');
    const before = await categoryRows(acme);
    const foreign = await createCategory(t, other, 'Foreign');
    const failed = await t.post(
      `${CATEGORY_API}/SaveAll`,
      [
        { Name: 'Batch A', CategoryType: 1 },
        { Id: foreign.Id, Version: 1, Name: 'Batch B', CategoryType: 2 },
      ],
      owner,
    );
    expect(failed.status).toBe(404);
    expect(await categoryRows(acme)).toEqual(before);
    const saved = await t.post(
      `${CATEGORY_API}/SaveAll`,
      [
        { Name: 'Batch A', CategoryType: 1, SortOrder: 10 },
        { Name: 'Batch B', CategoryType: 2, SortOrder: 11 },
      ],
      owner,
    );
    expect(saved.body.Result.map((row: { Name: string }) => row.Name)).toEqual(['Batch A', 'Batch B']);
    expect((await t.post(`${CATEGORY_API}/SaveAll`, [], owner)).status).toBe(400);
  });

  it('refuses to delete a category in use, saying how many items use it', async () => {
    const category = await createCategory(t, acme, 'Busy');
    const plan = await createPlan(t, acme);
    await createItem(t, acme, plan.Id, category.Id);
    await createItem(t, acme, plan.Id, category.Id);
    const response = await t.post(`${CATEGORY_API}/Delete`, { BudgetCategoryId: category.Id, Version: 1 }, await token(acme, 'owner'));
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe(
      '“Busy” cannot be deleted: 2 budget items use it. Move those items to another category or mark the category inactive.',
    );
  });

  it('deletes an unused category and records it; another tenant gets 404 and nothing is deleted', async () => {
    const category = await createCategory(t, acme, 'Unused');
    expect(
      (await t.post(`${CATEGORY_API}/Delete`, { BudgetCategoryId: category.Id, Version: 1 }, await token(other, 'owner'))).status,
    ).toBe(404);
    expect((await categoryRows(acme)).some((row) => row.id === category.Id)).toBe(true);
    expect(
      (await t.post(`${CATEGORY_API}/Delete`, { BudgetCategoryId: category.Id, Version: 1 }, await token(acme, 'owner'))).body.Result,
    ).toBe(true);
    expect((await categoryRows(acme)).some((row) => row.id === category.Id)).toBe(false);
    const audit = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, category.Id), eq(activities.action, 'delete')));
    expect(audit).toHaveLength(1);
  });
});

describe('DeleteAll', () => {
  it('needs an Owner or Admin and refuses while any category is in use', async () => {
    expect((await t.get(`${CATEGORY_API}/DeleteAll`, await token(acme, 'member'))).status).toBe(403);
    const before = await categoryRows(acme);
    const response = await t.get(`${CATEGORY_API}/DeleteAll`, await token(acme, 'admin'));
    expect(response.status).toBe(409);
    expect(response.body.Message).toMatch(/^The categories cannot all be deleted: 2 categories are used by 3 budget items\./);
    expect(await categoryRows(acme)).toEqual(before);
  });

  it('deletes every category of the tenant only, by GET or POST', async () => {
    const fresh = await createTenant(t);
    await createCategory(t, fresh, 'One');
    await createCategory(t, fresh, 'Two');
    const otherBefore = await categoryRows(other);
    const response = await t.get(`${CATEGORY_API}/DeleteAll`, await token(fresh, 'owner'));
    expect(response.body.Result).toEqual({ Deleted: 2 });
    expect(await categoryRows(fresh)).toHaveLength(0);
    expect(await categoryRows(other)).toEqual(otherBefore);
    const again = await t.post(`${CATEGORY_API}/DeleteAll`, { Categories: [] }, await token(fresh, 'owner'));
    expect(again.body.Result).toEqual({ Deleted: 0 });
  });
});
