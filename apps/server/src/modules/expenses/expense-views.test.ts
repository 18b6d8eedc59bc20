import { EMPTY_ID, EXPENSE_VIEWS_MAX } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { expenseViews } from '../../schema/expense-views.ts';

const LIST = '/api/ExpenseViewClient/List';
const SAVE = '/api/ExpenseViewClient/Save';
const DELETE = '/api/ExpenseViewClient/Delete';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());

const FIELD = '0b6f5f4e-59a4-4c8e-9d0a-3d3f3c1e2a10';
const viewBody = (overrides: Record<string, unknown> = {}) => ({
  Id: EMPTY_ID,
  Name: `Committed events ${newId().slice(0, 6)}`,
  Filters: {
    Status: 2,
    Query: 'fair',
    DateFrom: '2026-11-01',
    DateTo: '2026-11-30',
    SortBy: 'Amount',
    SortDirection: 'asc',
    Fields: { [FIELD]: 'EMEA' },
  },
  Columns: ['PurchaseDate', 'Name', 'Amount', `Field:${FIELD}`],
  ...overrides,
});

describe('ExpenseViewClient (saved views of /expenses, DESIGN.md §16)', () => {
  it('saves a view with its filters and columns, lists it by name to its owner only, and counts its version', async () => {
    const owner = await acme.tokenFor('owner');
    const saved = await t.post(SAVE, viewBody({ Name: 'b: Committed in November' }), owner);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Result).toMatchObject({
      Name: 'b: Committed in November',
      Filters: viewBody().Filters,
      Columns: ['PurchaseDate', 'Name', 'Amount', `Field:${FIELD}`],
      Version: 1,
    });
    await t.post(SAVE, viewBody({ Name: 'A: all' }), owner);
    expect((await t.post(LIST, {}, owner)).body.Result.map((view: { Name: string }) => view.Name)).toEqual([
      'A: all',
      'b: Committed in November',
    ]);
    // Private: the Admin of the same tenant sees none of the Owner's views.
    expect((await t.post(LIST, {}, await acme.tokenFor('admin'))).body.Result).toEqual([]);

    const renamed = await t.post(SAVE, { ...viewBody({ Name: 'Committed, November' }), Id: saved.body.Result.Id, Version: 1 }, owner);
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.Result.Version).toBe(2);
  });

  it('answers 409 with the view as it is now to a stale version, and writes nothing', async () => {
    const planner = await acme.tokenFor('member');
    const read = (await t.post(SAVE, viewBody({ Name: 'Mine' }), planner)).body.Result;
    await t.post(SAVE, { ...viewBody({ Name: 'Mine (other window)' }), Id: read.Id, Version: 1 }, planner);
    const before = await snapshotTenant(t.database, acme.id);
    const stale = await t.post(SAVE, { ...viewBody({ Name: 'Mine again' }), Id: read.Id, Version: 1 }, planner);
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(
      /^You \(in another window\) changed the saved view “Mine \(other window\)” at .+ while you were editing\.$/,
    );
    expect(stale.body.Result).toMatchObject({ Id: read.Id, Name: 'Mine (other window)', Version: 2 });
    expect((await t.post(DELETE, { Id: read.Id, Version: 1 }, planner)).status).toBe(409);
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
    expect((await t.post(DELETE, { Id: read.Id, Version: 2 }, planner)).body.Result).toBe(true);
    expect((await t.post(LIST, {}, planner)).body.Result.map((view: { Id: string }) => view.Id)).not.toContain(read.Id);
  });

  it('answers another person’s view, in the tenant or another, like a missing one (404), changing nothing', async () => {
    const owner = await acme.tokenFor('owner');
    const admin = await acme.tokenFor('admin');
    const stranger = await other.tokenFor('owner');
    const view = (await t.post(SAVE, viewBody(), owner)).body.Result;
    const before = await snapshotTenant(t.database, acme.id);
    for (const token of [admin, stranger]) {
      const update = await t.post(SAVE, { ...viewBody({ Name: 'Taken over' }), Id: view.Id, Version: 1 }, token);
      expect(update.status).toBe(404);
      expect(update.body.Message).toBe('The saved view was not found.');
      expect((await t.post(DELETE, { Id: view.Id, Version: 1 }, token)).status).toBe(404);
    }
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
  });

  it('refuses a budget item filter naming another tenant’s item or a hidden plan’s (404), saving nothing', async () => {
    const { item } = await createPlanWithItem(t, acme);
    const stranger = await other.tokenFor('owner');
    const before = await snapshotTenant(t.database, other.id);
    const refused = await t.post(SAVE, viewBody({ Filters: { BudgetItemId: item.id } }), stranger);
    expect(refused.status).toBe(404);
    expect(refused.body.Message).toBe('The budget item was not found.');
    expect(await snapshotTenant(t.database, other.id)).toEqual(before);
    // Nor an item of a plan the caller cannot see (a Member outside the plan's team).
    expect((await t.post(SAVE, viewBody({ Filters: { BudgetItemId: item.id } }), await acme.tokenFor('outsider'))).status).toBe(404);
    // The tenant's own item is kept.
    const mine = await t.post(SAVE, viewBody({ Filters: { BudgetItemId: item.id } }), await acme.tokenFor('owner'));
    expect(mine.body.Result.Filters).toEqual({ BudgetItemId: item.id });
  });

  it('keeps a person’s view names different ignoring case (409), while two people may use the same name', async () => {
    const viewer = await acme.tokenFor('viewer');
    expect((await t.post(SAVE, viewBody({ Name: 'Team review' }), viewer)).status).toBe(200);
    const again = await t.post(SAVE, viewBody({ Name: 'team REVIEW' }), viewer);
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe('You already have a view named “Team review”. Choose another name, or open that view and save it.');
    expect((await t.post(SAVE, viewBody({ Name: 'Team review' }), await acme.tokenFor('outsider'))).status).toBe(200);
  });

  it('refuses an unknown column, a column twice, no column, and DateTo before DateFrom (400)', async () => {
    const owner = await acme.tokenFor('owner');
    const bad = async (overrides: Record<string, unknown>) => (await t.post(SAVE, viewBody(overrides), owner)).text;
    expect(await bad({ Columns: ['Name', 'Secret'] })).toContain('A column must be one of the table’s columns or Field:<FieldId>.');
    expect(await bad({ Columns: ['Name', 'Name'] })).toContain('A column can be shown only once.');
    expect(await bad({ Columns: [] })).toContain('Show at least one column.');
    expect(await bad({ Filters: { DateFrom: '2026-05-01', DateTo: '2026-04-30' } })).toContain('DateTo cannot be before DateFrom.');
    // Equal dates are one day: allowed.
    expect((await t.post(SAVE, viewBody({ Filters: { DateFrom: '2026-04-30', DateTo: '2026-04-30' } }), owner)).status).toBe(200);
  });

  it(`keeps at most ${EXPENSE_VIEWS_MAX} views per person: the next is refused with a way out`, async () => {
    const outsider = await other.tokenFor('outsider');
    const now = new Date();
    await t.ctx.db.insert(expenseViews).values(
      Array.from({ length: EXPENSE_VIEWS_MAX - 1 }, (_, index) => ({
        tenantId: other.id,
        id: newId(),
        userId: other.users.outsider.id,
        name: `View ${index}`,
        filters: {},
        columns: ['Name'],
        createdAt: now,
        updatedAt: now,
      })),
    );
    expect((await t.post(SAVE, viewBody({ Name: 'The fiftieth' }), outsider)).status).toBe(200);
    const over = await t.post(SAVE, viewBody({ Name: 'One more' }), outsider);
    expect(over.status).toBe(409);
    expect(over.body.Message).toBe(
      `You have ${EXPENSE_VIEWS_MAX} saved views, the most one person can keep. Delete one you no longer use first.`,
    );
  });
});
