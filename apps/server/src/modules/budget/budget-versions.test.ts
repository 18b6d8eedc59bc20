import { EMPTY_ID } from '@plansmith/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';

const SAVE = '/api/BudgetItemClient/Save';
const DELETE = '/api/BudgetItemClient/Delete';
const GET = '/api/BudgetItemClient/GetBudgetItem';
const GET_MONTHS = '/api/BudgetItemClient/GetPlanMonths';
const SAVE_MONTHS = '/api/BudgetItemClient/SaveMonths';
const SET_MONTH = '/api/BudgetItemClient/SetMonth';

// Mid-March 2026: March to June are the plan's open months.
const clock = createTestClock(new Date('2026-03-15T12:00:00Z'));
let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock });
  tenant = await createTenant(t, { name: 'Versions' });
});
afterAll(async () => t.close());

type Cell = { Month: string; Amount: number; Version: number };
type Item = { Id: string; Amount: number; Version: number; IsPhased: boolean; Months: Cell[]; MarketingPlanId: string };

const QUARTER = { '2026-03': 10_000, '2026-04': 10_000, '2026-05': 10_000 };

const setUp = async (months: Record<string, number> | undefined = QUARTER) => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  const category = await createCategory(t, tenant);
  const amountCents = months ? Object.values(months).reduce((sum, cents) => sum + cents, 0) : 60_000;
  const phased = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents, name: 'Google Ads', months });
  const flat = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 60_000, name: 'Webinars' });
  return { plan, category, phased, flat };
};

const read = async (itemId: string): Promise<Item> =>
  (await t.post(GET, { BudgetItemId: itemId }, await tenant.tokenFor('owner'))).body.Result;
const cellsOf = (item: Item) => item.Months.map(({ Month, Version }) => ({ Month, Version }));
const stored = async (itemIds: string[]) => ({
  items: (await t.ctx.db.select().from(budgetItems).where(inArray(budgetItems.id, itemIds))).map((row) => [
    row.id,
    row.amountCents,
    row.version,
  ]),
  months: (await t.ctx.db.select().from(budgetItemMonths).where(inArray(budgetItemMonths.budgetItemId, itemIds)))
    .map((row) => [row.budgetItemId, row.month, row.amountCents, row.version])
    .sort(),
});

const itemBody = (item: { id: string; marketingPlanId: string; budgetCategoryId: string }, overrides: Record<string, unknown>) => ({
  Id: item.id,
  Name: 'Google Ads',
  Amount: 300,
  ItemType: 1,
  BudgetCategoryId: item.budgetCategoryId,
  MarketingPlanId: item.marketingPlanId,
  ...overrides,
});

describe('budget item versions (DESIGN.md §13)', () => {
  it('starts at 1, adds one per change, keeps it when a save changes nothing, and is in every read', async () => {
    const { plan, category } = await setUp(undefined);
    const owner = await tenant.tokenFor('owner');
    const base = { Id: EMPTY_ID, Name: 'Trade fair', Amount: 19.99, ItemType: 1, BudgetCategoryId: category.id, MarketingPlanId: plan.id };
    const created = (await t.post(SAVE, base, owner)).body.Result;
    expect(created.Version).toBe(1);
    const changed = await t.post(SAVE, { ...base, Id: created.Id, Version: 1, Amount: 20 }, owner);
    expect(changed.body.Result.Version).toBe(2);
    const same = await t.post(SAVE, { ...base, Id: created.Id, Version: 2, Amount: 20 }, owner);
    expect(same.body.Result.Version).toBe(2);
    const listed = (await t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: plan.id }, owner)).body.Result;
    expect(listed.find((item: Item) => item.Id === created.Id)?.Version).toBe(2);
    expect((await read(created.Id)).Version).toBe(2);
  });

  it('refuses an update or delete without the version it read (400 naming Version), and SetMonth without the cell’s', async () => {
    const { phased } = await setUp();
    const owner = await tenant.tokenFor('owner');
    const update = await t.post(SAVE, itemBody(phased, { Amount: 300 }), owner);
    expect(update.status).toBe(400);
    expect(update.body.Errors).toEqual([{ Field: 'Version', Message: expect.stringContaining('Version is required') }]);
    expect((await t.post(DELETE, { BudgetItemId: phased.id }, owner)).status).toBe(400);
    const noCell = await t.post(SET_MONTH, { BudgetItemId: phased.id, Month: '2026-03', Amount: 1, YearTotal: null }, owner);
    expect(noCell.status).toBe(400);
    expect(noCell.body.Errors).toEqual([expect.objectContaining({ Field: 'Version' })]);
    const keep = await t.post(SET_MONTH, { BudgetItemId: phased.id, Month: '2026-03', Amount: 1, YearTotal: 300, Version: 1 }, owner);
    expect(keep.status).toBe(400);
    expect(keep.body.Errors).toEqual([expect.objectContaining({ Field: 'Cells', Message: expect.stringContaining('Cells is required') })]);
    const noItemVersion = await t.post(
      SAVE_MONTHS,
      { MarketingPlanId: phased.marketingPlanId, Items: [{ BudgetItemId: phased.id, Amount: 0, Months: null }] },
      owner,
    );
    expect(noItemVersion.status).toBe(400);
    expect((await read(phased.id)).Version).toBe(1);
  });

  it('keeps a colleague’s change: a save from the older version answers 409 naming who, with their item; then saves over it', async () => {
    const { flat } = await setUp();
    const dana = await tenant.tokenFor('admin');
    const sam = await tenant.tokenFor('member');
    clock.advance(60_000);
    expect((await t.post(SAVE, itemBody(flat, { Name: 'Webinars', Amount: 700, Version: 1 }), dana)).status).toBe(200);

    const mine = await t.post(SAVE, itemBody(flat, { Name: 'Webinars', Amount: 500, Version: 1 }), sam);
    expect(mine.status).toBe(409);
    expect(mine.body.Message).toMatch(
      /^Admin Versions changed the budget item “Webinars” at [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M while you were editing\.$/,
    );
    expect(mine.body.Result).toMatchObject({ Id: flat.id, Amount: 700, Version: 2 });
    expect(mine.body.Conflict).toMatchObject({ Entity: 'BudgetItem', Id: flat.id, Version: 2, ChangedBy: 'Admin Versions' });
    expect((await stored([flat.id])).items).toEqual([[flat.id, 70_000, 2]]);

    const over = await t.post(SAVE, itemBody(flat, { Name: 'Webinars', Amount: 500, Version: 2 }), sam);
    expect(over.body.Result).toMatchObject({ Amount: 500, Version: 3 });
  });

  it('refuses an item Save whose months are not as read: a colleague’s “keep year total” month edit (item Version unchanged) answers 409 and nothing is written; the fresh cells save', async () => {
    const { phased } = await setUp();
    const sam = await tenant.tokenFor('member');
    const mine = await read(phased.id);
    clock.advance(60_000);
    // The colleague moves $50 into March and keeps the year total: April and May give it back, the item's own row is unchanged.
    const kept = await t.post(
      SET_MONTH,
      { BudgetItemId: phased.id, Month: '2026-03', Amount: 150, YearTotal: 300, Version: 1, Cells: cellsOf(mine) },
      await tenant.tokenFor('admin'),
    );
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.Result.Item.Version).toBe(mine.Version);
    const before = await stored([phased.id]);

    const months = [
      { Month: '2026-03', Amount: 100 },
      { Month: '2026-04', Amount: 120 },
      { Month: '2026-05', Amount: 80 },
    ];
    const stale = await t.post(SAVE, itemBody(phased, { Amount: 300, Version: mine.Version, Cells: cellsOf(mine), Months: months }), sam);
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.Message).toMatch(/^Admin Versions changed Google Ads, Mar 2026 at .+ while you were editing\.$/);
    expect(stale.body.Conflict).toMatchObject({ Entity: 'BudgetItemMonth', Id: `${phased.id}/2026-03`, Version: 2 });
    const theirs: Item = stale.body.Result;
    expect(theirs).toMatchObject({ Id: phased.id, Amount: 300, Version: mine.Version });
    expect(theirs.Months).toEqual(expect.arrayContaining([{ Month: '2026-03', Amount: 150, BaseAmount: 150, Version: 2 }]));
    expect(await stored([phased.id])).toEqual(before);
    // Clearing the phasing replaces the cells as well, and a missing Cells means "read without phasing".
    expect(
      (await t.post(SAVE, itemBody(phased, { Amount: 300, Version: mine.Version, Cells: cellsOf(mine), Months: null }), sam)).status,
    ).toBe(409);
    expect((await t.post(SAVE, itemBody(phased, { Amount: 300, Version: mine.Version, Months: months }), sam)).status).toBe(409);
    expect(await stored([phased.id])).toEqual(before);

    const over = await t.post(
      SAVE,
      itemBody(phased, { Amount: 300, Version: theirs.Version, Cells: cellsOf(theirs), Months: months }),
      sam,
    );
    expect(over.status, over.text).toBe(200);
    expect(over.body.Result.Months).toEqual([
      { Month: '2026-03', Amount: 100, BaseAmount: 100, Version: 3 },
      { Month: '2026-04', Amount: 120, BaseAmount: 120, Version: expect.any(Number) },
      { Month: '2026-05', Amount: 80, BaseAmount: 80, Version: expect.any(Number) },
    ]);
  });

  it('takes an item Save without Months whatever its cells are now: the phasing it keeps is not written', async () => {
    const { phased } = await setUp();
    const mine = await read(phased.id);
    await t.post(
      SET_MONTH,
      { BudgetItemId: phased.id, Month: '2026-03', Amount: 150, YearTotal: 300, Version: 1, Cells: cellsOf(mine) },
      await tenant.tokenFor('admin'),
    );
    const renamed = await t.post(SAVE, itemBody(phased, { Name: 'Search ads', Version: mine.Version }), await tenant.tokenFor('member'));
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.Result.Months).toEqual(expect.arrayContaining([{ Month: '2026-03', Amount: 150, BaseAmount: 150, Version: 2 }]));
  });

  it('refuses to delete an item someone changed since it was read, and deletes it with the new version', async () => {
    const { flat } = await setUp();
    const owner = await tenant.tokenFor('owner');
    await t.post(SAVE, itemBody(flat, { Name: 'Renamed', Amount: 600, Version: 1 }), await tenant.tokenFor('admin'));
    const stale = await t.post(DELETE, { BudgetItemId: flat.id, Version: 1 }, owner);
    expect(stale.status).toBe(409);
    expect(stale.body.Result).toMatchObject({ Name: 'Renamed', Version: 2 });
    expect((await stored([flat.id])).items).toHaveLength(1);
    expect((await t.post(DELETE, { BudgetItemId: flat.id, Version: 2 }, owner)).body.Result).toBe(true);
  });
});

describe('month cell versions (DESIGN.md §13)', () => {
  it('counts each cell on its own: a typed month bumps that cell, a Save with the same months keeps theirs', async () => {
    const { phased } = await setUp();
    const owner = await tenant.tokenFor('owner');
    const months = (await t.post(GET_MONTHS, { MarketingPlanId: phased.marketingPlanId }, owner)).body.Result;
    expect(months).toEqual([
      {
        BudgetItemId: phased.id,
        Currency: 'USD',
        Months: [
          { Month: '2026-03', Amount: 100, BaseAmount: 100, Version: 1 },
          { Month: '2026-04', Amount: 100, BaseAmount: 100, Version: 1 },
          { Month: '2026-05', Amount: 100, BaseAmount: 100, Version: 1 },
        ],
      },
    ]);
    const typed = await t.post(SET_MONTH, { BudgetItemId: phased.id, Month: '2026-04', Amount: 150, YearTotal: null, Version: 1 }, owner);
    expect(typed.status, typed.text).toBe(200);
    expect(typed.body.Result.Item.Months.map((cell: Cell) => cell.Version)).toEqual([1, 2, 1]);
    // The item's total changed with it, so the item row counts one more too.
    expect(typed.body.Result.Item.Version).toBe(2);

    // The form saves the whole phasing: cells updated in place keep counting, unchanged ones keep theirs.
    const saved = await t.post(
      SAVE,
      itemBody(phased, {
        Amount: 400,
        Version: 2,
        Cells: cellsOf(typed.body.Result.Item),
        Months: [
          { Month: '2026-03', Amount: 100 },
          { Month: '2026-04', Amount: 150 },
          { Month: '2026-05', Amount: 150 },
        ],
      }),
      owner,
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Result.Months.map((cell: Cell) => cell.Version)).toEqual([1, 2, 2]);
  });

  it('lets two people type different months of one item: both are kept and the total is their sum', async () => {
    const { phased } = await setUp();
    const dana = await tenant.tokenFor('admin');
    const sam = await tenant.tokenFor('member');
    // Both read the item at version 1 with every cell at version 1.
    const hers = await t.post(SET_MONTH, { BudgetItemId: phased.id, Month: '2026-03', Amount: 200, YearTotal: null, Version: 1 }, dana);
    const his = await t.post(SET_MONTH, { BudgetItemId: phased.id, Month: '2026-05', Amount: 50, YearTotal: null, Version: 1 }, sam);
    expect(hers.status).toBe(200);
    expect(his.status, his.text).toBe(200);
    expect(his.body.Result.Item).toMatchObject({ Amount: 350 });
    expect((await read(phased.id)).Months.map((cell) => cell.Amount)).toEqual([200, 100, 50]);
  });

  it('answers 409 to a month someone else typed since it was read, naming who, with the item’s cells now; nothing written', async () => {
    const { phased } = await setUp();
    const dana = await tenant.tokenFor('admin');
    const sam = await tenant.tokenFor('member');
    await t.post(SET_MONTH, { BudgetItemId: phased.id, Month: '2026-04', Amount: 250, YearTotal: null, Version: 1 }, dana);
    const before = await stored([phased.id]);

    const mine = await t.post(SET_MONTH, { BudgetItemId: phased.id, Month: '2026-04', Amount: 90, YearTotal: null, Version: 1 }, sam);
    expect(mine.status).toBe(409);
    expect(mine.body.Message).toMatch(/^Admin Versions changed Google Ads, Apr 2026 at .+ while you were editing\.$/);
    expect(mine.body.Conflict).toMatchObject({ Entity: 'BudgetItemMonth', Id: `${phased.id}/2026-04`, Version: 2 });
    expect(mine.body.Result).toMatchObject({ Id: phased.id, Amount: 450 });
    expect(mine.body.Result.Months).toContainEqual({ Month: '2026-04', Amount: 250, BaseAmount: 250, Version: 2 });
    expect(await stored([phased.id])).toEqual(before);

    // "Save mine over theirs": the same month with the version the 409 named.
    const over = await t.post(SET_MONTH, { BudgetItemId: phased.id, Month: '2026-04', Amount: 90, YearTotal: null, Version: 2 }, sam);
    expect(over.body.Result.Item.Months).toContainEqual({ Month: '2026-04', Amount: 90, BaseAmount: 90, Version: 3 });
  });

  it('keeping the year total checks every cell the spread may change: a colleague’s other month is a 409', async () => {
    const { phased } = await setUp();
    const owner = await tenant.tokenFor('owner');
    const asRead = cellsOf(await read(phased.id));
    await t.post(
      SET_MONTH,
      { BudgetItemId: phased.id, Month: '2026-05', Amount: 500, YearTotal: null, Version: 1 },
      await tenant.tokenFor('admin'),
    );
    const before = await stored([phased.id]);
    const keep = await t.post(
      SET_MONTH,
      { BudgetItemId: phased.id, Month: '2026-03', Amount: 150, YearTotal: 300, Version: 1, Cells: asRead },
      owner,
    );
    expect(keep.status).toBe(409);
    expect(keep.body.Conflict).toMatchObject({ Entity: 'BudgetItemMonth', Id: `${phased.id}/2026-05`, Version: 2 });
    expect(await stored([phased.id])).toEqual(before);
  });

  it('treats an unphased item’s months as its Amount: a changed Amount is a 409 for a typed month', async () => {
    const { flat } = await setUp();
    await t.post(SAVE, itemBody(flat, { Name: 'Webinars', Amount: 900, Version: 1 }), await tenant.tokenFor('admin'));
    const typed = await t.post(
      SET_MONTH,
      { BudgetItemId: flat.id, Month: '2026-03', Amount: 10, YearTotal: null, Version: 1 },
      await tenant.tokenFor('member'),
    );
    expect(typed.status).toBe(409);
    expect(typed.body.Conflict).toMatchObject({ Entity: 'BudgetItem', Id: flat.id, Version: 2 });
    expect(typed.body.Result).toMatchObject({ Amount: 900, IsPhased: false, Months: [] });
  });
});

describe('a pasted block (SaveMonths) is all or nothing (DESIGN.md §13)', () => {
  it('answers 409 for one stale cell inside the block, with the items as they are now, and writes nothing of the block', async () => {
    const { plan, phased, flat } = await setUp();
    const sam = await tenant.tokenFor('member');
    const asRead = cellsOf(await read(phased.id));
    // Dana types April of the phased item after Sam read the grid.
    await t.post(
      SET_MONTH,
      { BudgetItemId: phased.id, Month: '2026-04', Amount: 120, YearTotal: null, Version: 1 },
      await tenant.tokenFor('admin'),
    );
    const before = await stored([phased.id, flat.id]);

    // Sam pastes a 2×1 block on March: the flat item is as he read it, the phased item's April is not.
    const block = {
      MarketingPlanId: plan.id,
      Items: [
        {
          BudgetItemId: flat.id,
          Amount: 600,
          Version: 1,
          Months: [
            { Month: '2026-01', Amount: 100 },
            { Month: '2026-02', Amount: 100 },
            { Month: '2026-03', Amount: 100 },
            { Month: '2026-04', Amount: 100 },
            { Month: '2026-05', Amount: 100 },
            { Month: '2026-06', Amount: 100 },
          ],
        },
        {
          BudgetItemId: phased.id,
          Amount: 350,
          Version: 1,
          Cells: asRead,
          Months: [
            { Month: '2026-03', Amount: 150 },
            { Month: '2026-04', Amount: 100 },
            { Month: '2026-05', Amount: 100 },
          ],
        },
      ],
    };
    const stale = await t.post(SAVE_MONTHS, block, sam);
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(/^Admin Versions changed Google Ads, Apr 2026 at .+ while you were editing\.$/);
    expect(stale.body.Conflict).toMatchObject({ Entity: 'BudgetItemMonth', Id: `${phased.id}/2026-04`, Version: 2 });
    // Only the stale item, as it is now, with its cells' versions for "Save mine over theirs".
    expect(stale.body.Result).toEqual([
      expect.objectContaining({
        Id: phased.id,
        Amount: 320,
        Months: expect.arrayContaining([{ Month: '2026-04', Amount: 120, BaseAmount: 120, Version: 2 }]),
      }),
    ]);
    expect(await stored([phased.id, flat.id])).toEqual(before);

    const current = stale.body.Result[0] as Item;
    const [first, second] = block.Items as [(typeof block.Items)[0], (typeof block.Items)[1]];
    const over = await t.post(
      SAVE_MONTHS,
      { ...block, Items: [first, { ...second, Version: current.Version, Cells: cellsOf(current) }] },
      sam,
    );
    expect(over.status, over.text).toBe(200);
    expect((await read(phased.id)).Months.map((cell) => [cell.Amount, cell.Version])).toEqual([
      [150, 2],
      [100, 3],
      [100, 1],
    ]);
  });

  it('refuses a paste on an item that was unphased as read when its Amount changed or a colleague phased it', async () => {
    const { plan, flat } = await setUp();
    const owner = await tenant.tokenFor('owner');
    const paste = (version: number) => ({
      MarketingPlanId: plan.id,
      Items: [{ BudgetItemId: flat.id, Amount: 80, Version: version, Months: null }],
    });
    await t.post(SAVE, itemBody(flat, { Name: 'Webinars', Amount: 610, Version: 1 }), await tenant.tokenFor('admin'));
    expect((await t.post(SAVE_MONTHS, paste(1), owner)).status).toBe(409);
    await t.post(SAVE, itemBody(flat, { Name: 'Webinars', Amount: 610, Version: 2, Months: [{ Month: '2026-03', Amount: 610 }] }), owner);
    const phasedSince = await t.post(SAVE_MONTHS, paste(2), owner);
    expect(phasedSince.status).toBe(409);
    expect(phasedSince.body.Conflict).toMatchObject({ Entity: 'BudgetItemMonth', Id: `${flat.id}/2026-03`, Version: 1 });
    expect((await read(flat.id)).Amount).toBe(610);
  });

  it('undoes a paste onto an unphased item with the versions the paste answered', async () => {
    const { plan, flat } = await setUp();
    const owner = await tenant.tokenFor('owner');
    const pasted = await t.post(
      SAVE_MONTHS,
      { MarketingPlanId: plan.id, Items: [{ BudgetItemId: flat.id, Amount: 10, Version: 1, Months: [{ Month: '2026-03', Amount: 10 }] }] },
      owner,
    );
    const after = pasted.body.Result[0] as Item;
    const undo = await t.post(
      SAVE_MONTHS,
      {
        MarketingPlanId: plan.id,
        Items: [{ BudgetItemId: flat.id, Amount: 600, Version: after.Version, Cells: cellsOf(after), Months: null }],
      },
      owner,
    );
    expect(undo.status, undo.text).toBe(200);
    expect(undo.body.Result[0]).toMatchObject({ Amount: 600, IsPhased: false, Months: [] });
    expect(await t.ctx.db.select().from(budgetItemMonths).where(eq(budgetItemMonths.budgetItemId, flat.id))).toEqual([]);
  });
});
