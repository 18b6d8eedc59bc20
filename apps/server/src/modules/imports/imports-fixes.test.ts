import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetItems } from '../../schema/budget.ts';
import { expenses } from '../../schema/expenses.ts';
import { base64, COMMIT, PREVIEW, previewBody, setup } from '../../../test/imports-fixture.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';

// Issue 28 B6: the date order (guessed, named, chosen), fixing rows in the preview, "Type" as the item
// type; issue 28 A5 through the import: no Actual money after the tenant's today.

let t: TestApp;
beforeAll(async () => {
  // Mid-June 2026 in UTC (the tenants' zone): the fixture plan runs through 2026.
  t = await createTestApp({ clock: createTestClock(new Date('2026-06-15T12:00:00Z')) });
});
afterAll(async () => t.close());

type Row = { Row: number; Errors: { Field: string; Message: string }[] };

describe('the date order of an import', () => {
  it('guesses day first from a 13–31 in the first position, says so, and imports 31/05/2026 as May 31', async () => {
    const { plan, token } = await setup(t);
    const csv = 'Date,Amount,Budget item,Payee\n02/03/2026,5,Paid search,A\n31/05/2026,6,Paid search,B\n';
    const preview = (await t.post(PREVIEW, previewBody(plan.id, csv), token)).body.Result;
    expect(preview).toMatchObject({
      DateOrder: 'DayFirst',
      DateOrderSource: 'Guessed',
      DateNote: 'Read day first: 31/05/2026 has 31 in the first position.',
    });
    expect(preview.Rows.map((row: Row) => row.Errors)).toEqual([[], []]);
    expect((await t.post(COMMIT, previewBody(plan.id, csv), token)).body.Result.Created).toBe(2);
    const dates = await t.ctx.db.select({ date: expenses.purchaseDate }).from(expenses).where(eq(expenses.marketingPlanId, plan.id));
    expect(dates.map((row) => row.date).sort()).toEqual(['2026-02-01', '2026-03-02', '2026-05-31']);
  });

  it('names the ambiguity when no date tells, and reads the order the planner chooses', async () => {
    const { plan, token } = await setup(t);
    const csv = 'Date,Amount,Budget item,Payee\n03/04/2026,5,Paid search,A\n';
    const guessed = (await t.post(PREVIEW, previewBody(plan.id, csv), token)).body.Result;
    expect(guessed.DateOrder).toBe('MonthFirst');
    expect(guessed.DateNote).toContain('Dates like 03/04/2026 read either way');
    const chosen = (await t.post(PREVIEW, previewBody(plan.id, csv, { DateOrder: 'DayFirst' }), token)).body.Result;
    expect(chosen).toMatchObject({ DateOrder: 'DayFirst', DateOrderSource: 'Given', DateNote: null });
    await t.post(COMMIT, previewBody(plan.id, csv, { DateOrder: 'DayFirst' }), token);
    const [row] = await t.ctx.db
      .select({ date: expenses.purchaseDate })
      .from(expenses)
      .where(and(eq(expenses.marketingPlanId, plan.id), eq(expenses.payee, 'A')));
    expect(row?.date).toBe('2026-04-03');
  });

  it('tells a month-first reading of 31/05/2026 to choose day first instead of calling it not a real date', async () => {
    const { plan, token } = await setup(t);
    const csv = 'Date,Amount,Budget item,Payee\n31/05/2026,6,Paid search,B\n';
    const [row] = (await t.post(PREVIEW, previewBody(plan.id, csv, { DateOrder: 'MonthFirst' }), token)).body.Result.Rows;
    expect(row.Errors).toEqual([
      {
        Field: 'PurchaseDate',
        Message: '31/05/2026 has 31 where the month goes: read day first it is 2026-05-31. Choose Day first as the date order.',
      },
    ]);
  });
});

describe('fixing rows in the preview', () => {
  it('takes an edited cell and an unknown item mapped to an existing one, in the preview and the commit', async () => {
    const { plan, token } = await setup(t);
    const csv = 'Date,Amount,Budget item,Payee\n2026-03-01,abc,Paid search,A\n2026-03-02,7,Search ads,B\n2026-03-03,8,search ADS,C\n';
    const broken = (await t.post(PREVIEW, previewBody(plan.id, csv), token)).body.Result;
    expect(broken.Counts).toMatchObject({ Valid: 0, Invalid: 3 });
    const fixes = {
      Edits: [{ Row: 2, Field: 'Amount', Value: '12.50' }],
      Replacements: [{ Field: 'BudgetItem', From: 'Search ads', To: 'Paid search' }],
    };
    const fixed = (await t.post(PREVIEW, previewBody(plan.id, csv, fixes), token)).body.Result;
    expect(fixed.Counts).toMatchObject({ Valid: 3, Invalid: 0 });
    expect(fixed.Rows[0].Values.Amount).toBe('12.50');
    expect(fixed.Rows[2].Values.BudgetItem).toBe('Paid search');
    expect((await t.post(COMMIT, previewBody(plan.id, csv, fixes), token)).body.Result.Created).toBe(3);
    const [edited] = await t.ctx.db
      .select({ amountCents: expenses.amountCents })
      .from(expenses)
      .where(and(eq(expenses.marketingPlanId, plan.id), eq(expenses.payee, 'A')));
    expect(edited?.amountCents).toBe(1_250);
  });
});

describe('a Type column of budget items', () => {
  it('is guessed as the item type', async () => {
    const { plan, token } = await setup(t);
    const csv = 'Name,Category,Type,Amount\nBooth,Operations,Operational,100\n';
    const body = { Kind: 'BudgetItems', MarketingPlanId: plan.id, FileName: 'items.csv', ContentBase64: base64(csv) };
    const preview = (await t.post(PREVIEW, body, token)).body.Result;
    expect(preview.Mapping.ItemType).toBe('Type');
    await t.post(COMMIT, body, token);
    const [booth] = await t.ctx.db
      .select({ itemType: budgetItems.itemType })
      .from(budgetItems)
      .where(and(eq(budgetItems.marketingPlanId, plan.id), eq(budgetItems.name, 'Booth')));
    expect(booth?.itemType).toBe(2);
  });
});

describe('Actual money after today', () => {
  it('is a row error naming the date; Planned money on the same day imports', async () => {
    const { plan, token } = await setup(t);
    const csv =
      'Date,Amount,Budget item,Payee,Status\n2026-06-15,5,Paid search,Today,Actual\n2026-06-16,6,Paid search,Tomorrow,Actual\n2026-06-16,7,Paid search,Later,Planned\n';
    const rows = (await t.post(PREVIEW, previewBody(plan.id, csv), token)).body.Result.Rows;
    expect(rows.map((row: Row) => row.Errors)).toEqual([
      [],
      [
        {
          Field: 'PurchaseDate',
          Message:
            '2026-06-16 is after today (2026-06-15): money that has not been spent yet cannot be Actual; record it as Planned or Committed.',
        },
      ],
      [],
    ]);
    expect((await t.post(COMMIT, previewBody(plan.id, csv), token)).body.Result).toMatchObject({ Created: 2, Invalid: 1 });
  });
});

describe('the names a row can be mapped to', () => {
  it('lists the plan’s budget items and the account’s categories and GL codes in the preview, sorted', async () => {
    const { plan, token } = await setup(t);
    const csv = 'Date,Amount,Budget item,Payee\n2026-03-02,5,Paid serch,A\n';
    const preview = (await t.post(PREVIEW, previewBody(plan.id, csv), token)).body.Result;
    expect(preview.Names).toEqual({
      BudgetItem: ['Events', 'Paid search'],
      Category: ['Operations', 'Paid media'],
      GeneralLedgerCode: ['GL 6100'],
    });
  });
});

describe('creating an unknown name from the preview', () => {
  const CSV = 'Date,Amount,Budget item,Payee\n2026-03-02,5,Podcasts,A\n2026-03-03,6,Podcasts,B\n';
  const create = { Creates: [{ Field: 'BudgetItem', Name: 'Podcasts', Category: 'Paid media' }] };
  const planItems = (planId: string) =>
    t.ctx.db
      .select({ id: budgetItems.id, name: budgetItems.name, categoryId: budgetItems.budgetCategoryId, amount: budgetItems.amountCents })
      .from(budgetItems)
      .where(and(eq(budgetItems.marketingPlanId, planId), eq(budgetItems.name, 'Podcasts')));

  it('counts a budget item to create as there in the preview, creating nothing until the commit', async () => {
    const { plan, token } = await setup(t);
    const before = (await t.post(PREVIEW, previewBody(plan.id, CSV), token)).body.Result;
    expect(before.Counts).toMatchObject({ Valid: 0, Invalid: 2 });
    const preview = (await t.post(PREVIEW, previewBody(plan.id, CSV, create), token)).body.Result;
    expect(preview.Counts).toMatchObject({ Valid: 2, Invalid: 0 });
    expect(await planItems(plan.id)).toEqual([]);
  });

  it('creates the item in the plan under the chosen category in the commit, and the rows are recorded against it', async () => {
    const { plan, media, token } = await setup(t);
    const result = await t.post(COMMIT, previewBody(plan.id, CSV, create), token);
    expect(result.status).toBe(200);
    expect(result.body.Result.Created).toBe(2);
    const [item] = await planItems(plan.id);
    expect(item).toMatchObject({ categoryId: media.id, amount: 0 });
    const rows = await t.ctx.db.select({ itemId: expenses.budgetItemId }).from(expenses).where(eq(expenses.payee, 'A'));
    expect(rows.map((row) => row.itemId)).toContain(item?.id);
  });

  it('creates nothing when the commit fails: the item is made in the import’s transaction', async () => {
    const { plan, token } = await setup(t);
    // Both rows are Actual after today (June 15): no valid row, so the commit is refused.
    const csv = 'Date,Amount,Budget item,Payee,Status\n2026-09-02,5,Podcasts,A,Actual\n';
    const result = await t.post(COMMIT, previewBody(plan.id, csv, create), token);
    expect(result.status).toBe(400);
    expect(await planItems(plan.id)).toEqual([]);
  });

  it('creates a budget category for an items file only for an Owner or Admin (a Member gets 403, nothing written)', async () => {
    const { tenant, plan, token } = await setup(t);
    const body = {
      Kind: 'BudgetItems',
      MarketingPlanId: plan.id,
      FileName: 'items.csv',
      ContentBase64: base64('Name,Category,Amount\nTrade fair,Sponsorship,100\n'),
      Creates: [{ Field: 'Category', Name: 'Sponsorship', CategoryType: 2 }],
    };
    const preview = (await t.post(PREVIEW, body, token)).body.Result;
    expect(preview.Counts).toMatchObject({ Valid: 1, Invalid: 0 });
    const refused = await t.post(COMMIT, body, token);
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toContain('Only an Owner or Admin can create budget categories');
    const none = await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.name, 'Trade fair'));
    expect(none).toEqual([]);
    const done = await t.post(COMMIT, body, await tenant.tokenFor('admin'));
    expect(done.status).toBe(200);
    const [item] = await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.name, 'Trade fair'));
    expect(item?.itemType).toBe(2);
  });
});
