import { EMPTY_ID } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { expenses } from '../../schema/expenses.ts';

const SAVE = '/api/ExpenseClient/Save';
const DELETE = '/api/ExpenseClient/Delete';

const clock = createTestClock(new Date('2027-02-01T12:00:00Z'));
let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock });
  tenant = await createTenant(t, { name: 'Versions' });
});
afterAll(async () => t.close());

const expenseBody = (planId: string, itemId: string, overrides: Record<string, unknown> = {}) => ({
  Id: EMPTY_ID,
  MarketingPlanId: planId,
  BudgetItemId: itemId,
  Name: 'Trade fair stand',
  PurchaseDate: '2026-03-10',
  Amount: 1000,
  CategoryType: 1,
  ...overrides,
});

const versionOf = async (id: string) => (await t.ctx.db.select().from(expenses).where(eq(expenses.id, id)))[0]?.version;

describe('expense versions (DESIGN.md §13)', () => {
  it('starts at 1, adds one per change, and keeps it when a save changes nothing', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const owner = await tenant.tokenFor('owner');
    const created = await t.post(SAVE, expenseBody(plan.id, item.id), owner);
    expect(created.body.Result.Version).toBe(1);
    const id = created.body.Result.Id;

    const changed = await t.post(SAVE, expenseBody(plan.id, item.id, { Id: id, Version: 1, Amount: 19.99 }), owner);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.Result.Version).toBe(2);

    const same = await t.post(SAVE, expenseBody(plan.id, item.id, { Id: id, Version: 2, Amount: 19.99 }), owner);
    expect(same.body.Result.Version).toBe(2);

    // A change outside the save route (an import, an undo, a move) is counted by the database too.
    await t.ctx.db.update(expenses).set({ amountCents: 500 }).where(eq(expenses.id, id));
    expect(await versionOf(id)).toBe(3);
  });

  it('refuses an update or delete without the version it read (400 naming Version), writing nothing', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const owner = await tenant.tokenFor('owner');
    const id = (await t.post(SAVE, expenseBody(plan.id, item.id), owner)).body.Result.Id;

    const update = await t.post(SAVE, expenseBody(plan.id, item.id, { Id: id, Amount: 5 }), owner);
    expect(update.status).toBe(400);
    expect(update.body.Errors).toEqual([{ Field: 'Version', Message: expect.stringContaining('Version is required') }]);
    const remove = await t.post(DELETE, { ExpenseId: id }, owner);
    expect(remove.status).toBe(400);
    expect(await versionOf(id)).toBe(1);
  });

  it('keeps a colleague’s change: a save from the older version answers 409 naming who changed it, with their row', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const dana = await tenant.tokenFor('admin');
    const sam = await tenant.tokenFor('member');
    const read = (await t.post(SAVE, expenseBody(plan.id, item.id), sam)).body.Result;

    // Dana saves first, from the version both read, a minute later.
    clock.advance(60_000);
    const theirs = await t.post(SAVE, expenseBody(plan.id, item.id, { Id: read.Id, Version: read.Version, Amount: 1500 }), dana);
    expect(theirs.body.Result.Version).toBe(2);

    const mine = await t.post(SAVE, expenseBody(plan.id, item.id, { Id: read.Id, Version: read.Version, Amount: 900 }), sam);
    expect(mine.status).toBe(409);
    expect(mine.body.Message).toMatch(
      /^Admin Versions changed this expense at [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M while you were editing\.$/,
    );
    expect(mine.body.Result).toMatchObject({ Id: read.Id, Amount: 1500, Version: 2 });
    expect(mine.body.Conflict).toMatchObject({ Entity: 'Expense', Id: read.Id, Version: 2, ChangedBy: 'Admin Versions' });
    const [row] = await t.ctx.db.select().from(expenses).where(eq(expenses.id, read.Id));
    expect(row?.amountCents).toBe(150_000);

    // "Save mine over theirs" is a new save with the version the 409 named.
    const over = await t.post(SAVE, expenseBody(plan.id, item.id, { Id: read.Id, Version: 2, Amount: 900 }), sam);
    expect(over.body.Result).toMatchObject({ Amount: 900, Version: 3 });
  });

  it('refuses to delete an expense someone changed since it was read', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const owner = await tenant.tokenFor('owner');
    const read = (await t.post(SAVE, expenseBody(plan.id, item.id), owner)).body.Result;
    await t.post(SAVE, expenseBody(plan.id, item.id, { Id: read.Id, Version: 1, Name: 'Renamed' }), await tenant.tokenFor('admin'));

    const stale = await t.post(DELETE, { ExpenseId: read.Id, Version: 1 }, owner);
    expect(stale.status).toBe(409);
    expect(stale.body.Result).toMatchObject({ Name: 'Renamed', Version: 2 });
    expect(await versionOf(read.Id)).toBe(2);
    expect((await t.post(DELETE, { ExpenseId: read.Id, Version: 2 }, owner)).body.Result).toBe(true);
  });
});
