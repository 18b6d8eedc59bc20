import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { CATEGORY_API, createCategory } from '../../../test/planning-fixtures.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { budgetCategories } from '../../schema/categories.ts';

const clock = createTestClock(new Date('2027-02-01T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

const rowsOf = async (tenant: TestTenant) =>
  (await t.ctx.db.select().from(budgetCategories).where(eq(budgetCategories.tenantId, tenant.id))).sort((a, b) =>
    a.name.localeCompare(b.name),
  );

type Read = { Id: string; Name: string; CategoryType: 1 | 2 | 3; SortOrder: number; Version: number };
const list = async (tenant: TestTenant): Promise<Read[]> =>
  (await t.post(`${CATEGORY_API}/GetBudgetCategories`, {}, await tenant.tokenFor('owner'))).body.Result;

describe('budget category versions (DESIGN.md §13)', () => {
  it('reads return the version; a stale save answers 409 naming who changed the category, with it; the current version saves', async () => {
    const tenant = await createTenant(t, { name: 'Cats' });
    const category = await createCategory(t, tenant, 'Events');
    const [read] = (await list(tenant)).filter((row) => row.Id === category.Id);
    expect(read?.Version).toBe(1);

    clock.advance(60_000);
    const theirs = await t.post(
      `${CATEGORY_API}/Save`,
      { Id: category.Id, Version: 1, Name: 'Events & fairs', CategoryType: 1 },
      await tenant.tokenFor('admin'),
    );
    expect(theirs.body.Result.Version).toBe(2);
    const mine = await t.post(
      `${CATEGORY_API}/Save`,
      { Id: category.Id, Version: 1, Name: 'Events', CategoryType: 2 },
      await tenant.tokenFor('owner'),
    );
    expect(mine.status).toBe(409);
    expect(mine.body.Message).toMatch(/^Admin Cats changed the budget category “Events & fairs” at .+ while you were editing\.$/);
    expect(mine.body.Result).toMatchObject({ Id: category.Id, Name: 'Events & fairs', CategoryType: 1, Version: 2 });
    expect(mine.body.Conflict).toMatchObject({ Entity: 'BudgetCategory', Id: category.Id, Version: 2 });

    const noVersion = await t.post(`${CATEGORY_API}/Delete`, { BudgetCategoryId: category.Id }, await tenant.tokenFor('owner'));
    expect(noVersion.status).toBe(400);
    const staleDelete = await t.post(
      `${CATEGORY_API}/Delete`,
      { BudgetCategoryId: category.Id, Version: 1 },
      await tenant.tokenFor('owner'),
    );
    expect(staleDelete.status).toBe(409);
    expect(await rowsOf(tenant)).toHaveLength(1);
    const over = await t.post(
      `${CATEGORY_API}/Save`,
      { Id: category.Id, Version: 2, Name: 'Events', CategoryType: 2 },
      await tenant.tokenFor('owner'),
    );
    expect(over.body.Result).toMatchObject({ Name: 'Events', CategoryType: 2, Version: 3 });
  });

  it('SaveAll is all or nothing: one category changed since read answers 409 with the changed ones and saves none', async () => {
    const tenant = await createTenant(t, { name: 'Order' });
    await createCategory(t, tenant, 'Alpha');
    await createCategory(t, tenant, 'Beta');
    const read = await list(tenant);
    const beta = read.find((row) => row.Name === 'Beta') as Read;
    await t.post(`${CATEGORY_API}/Save`, { ...beta, Name: 'Beta (renamed)' }, await tenant.tokenFor('admin'));
    const before = await rowsOf(tenant);

    const reorder = (rows: Read[]) => rows.map((row, index) => ({ ...row, SortOrder: rows.length - index }));
    const stale = await t.post(`${CATEGORY_API}/SaveAll`, reorder(read), await tenant.tokenFor('owner'));
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(/^Admin Order changed the budget category “Beta \(renamed\)” at .+ while you were editing\.$/);
    expect(stale.body.Result).toEqual([expect.objectContaining({ Id: beta.Id, Name: 'Beta (renamed)', Version: 2 })]);
    expect(await rowsOf(tenant)).toEqual(before);

    const current = await t.post(`${CATEGORY_API}/SaveAll`, reorder(await list(tenant)), await tenant.tokenFor('owner'));
    expect(current.status, current.text).toBe(200);
    expect(current.body.Result.map((row: Read) => row.Version)).toEqual([2, 3]);
  });

  it('DeleteAll over POST carries every category as read: one added since answers 409 and deletes none; without a body 400', async () => {
    const tenant = await createTenant(t, { name: 'Wipe' });
    await createCategory(t, tenant, 'Alpha');
    const read = await list(tenant);
    const added = await createCategory(t, tenant, 'Added later');
    const owner = await tenant.tokenFor('owner');
    const asRead = { Categories: read.map((row) => ({ BudgetCategoryId: row.Id, Version: row.Version })) };

    expect((await t.post(`${CATEGORY_API}/DeleteAll`, undefined, owner)).status).toBe(400);
    const stale = await t.post(`${CATEGORY_API}/DeleteAll`, asRead, owner);
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(/changed the budget category “Added later” .*while you were editing\.$/);
    expect(stale.body.Result).toEqual([expect.objectContaining({ Id: added.Id, Version: 1 })]);
    expect(await rowsOf(tenant)).toHaveLength(2);

    const current = { Categories: (await list(tenant)).map((row) => ({ BudgetCategoryId: row.Id, Version: row.Version })) };
    expect((await t.post(`${CATEGORY_API}/DeleteAll`, current, owner)).body.Result).toEqual({ Deleted: 2 });
    expect(await rowsOf(tenant)).toHaveLength(0);
  });
});
