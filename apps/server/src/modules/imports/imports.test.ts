import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../schema/activities.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { expenses } from '../../schema/expenses.ts';
import { COMMIT, countRows, LIST, PREVIEW, base64, previewBody, setup } from '../../../test/imports-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('previewing an expense file', () => {
  it('guesses the mapping from the header, checks every row, finds duplicates both ways, and writes nothing', async () => {
    const { plan, token } = await setup(t);
    const before = await countRows(t, plan.id);
    const response = await t.post(PREVIEW, previewBody(plan.id), token);
    expect(response.status).toBe(200);
    const preview = response.body.Result;
    expect(preview.MappingSource).toBe('Guessed');
    expect(preview.Mapping).toMatchObject({
      PurchaseDate: 'Purchase Date',
      Payee: 'Vendor',
      Amount: 'COST',
      BudgetItem: 'item',
      PurchaseOrder: 'PO #',
      GeneralLedgerCode: 'gl code',
      Status: 'Status',
      Description: 'Notes',
      Name: null,
    });
    expect(preview.Counts).toEqual({ Rows: 5, Valid: 4, Invalid: 1, Duplicates: 2, Ignored: 0 });
    const [first, second, broken, repeat, known] = preview.Rows;
    expect(first).toMatchObject({ Row: 2, Errors: [], Duplicate: false, Values: { Amount: '1,234.50', Name: null } });
    expect(second).toMatchObject({ Row: 3, Errors: [], Duplicate: false });
    expect(broken.Errors).toEqual([
      { Field: 'Amount', Message: '“abc” is not an amount.' },
      { Field: 'BudgetItem', Message: 'No budget item named “Unknown item” in this plan.' },
    ]);
    expect(repeat).toMatchObject({ Duplicate: true, Note: 'Same as row 2 of this file.' });
    expect(known).toMatchObject({ Duplicate: true, Note: expect.stringContaining('already has this expense') });
    expect(await countRows(t, plan.id)).toEqual(before);
  });

  it('treats a purchase order as the duplicate key when the row has one', async () => {
    const { tenant, plan, search, token } = await setup(t);
    await t.ctx.db.insert(expenses).values({
      tenantId: tenant.id,
      id: crypto.randomUUID(),
      marketingPlanId: plan.id,
      budgetItemId: search.id,
      name: 'With PO',
      purchaseOrder: 'po-42',
      purchaseDate: '2026-01-05',
      amountCents: 100,
      categoryType: 1,
    });
    const csv =
      'Date,Amount,Budget item,PO,Payee\n2026-06-01,999,Paid search,PO-42,A\n2026-06-02,5,Paid search,PO-43,B\n2026-06-03,6,Paid search,po-43,C\n';
    const rows = (await t.post(PREVIEW, previewBody(plan.id, csv), token)).body.Result.Rows;
    expect(rows.map((row: { Duplicate: boolean }) => row.Duplicate)).toEqual([true, false, true]);
  });

  it('names rows with a date outside the plan, a bad status, an unknown GL code and no name at all', async () => {
    const { plan, token } = await setup(t);
    const csv = 'Date,Amount,Budget item,Status,GL code\n2025-12-31,5,Paid search,Maybe,GL 9999\n';
    const [row] = (await t.post(PREVIEW, previewBody(plan.id, csv), token)).body.Result.Rows;
    expect(row.Errors).toEqual([
      { Field: 'PurchaseDate', Message: '2025-12-31 is outside the plan (2026-01-01 to 2026-12-31).' },
      { Field: 'GeneralLedgerCode', Message: 'No GL code named “GL 9999”.' },
      { Field: 'Status', Message: 'Status “Maybe” must be Planned, Committed or Actual.' },
      { Field: 'Name', Message: 'Name is empty, and so are the description and payee.' },
    ]);
  });

  it('says which required fields have no column', async () => {
    const { plan, token } = await setup(t);
    const [row] = (await t.post(PREVIEW, previewBody(plan.id, 'Payee,Amount\nGoogle,5\n'), token)).body.Result.Rows;
    expect(row.Errors.map((error: { Message: string }) => error.Message)).toEqual([
      'No column is mapped to Purchase date.',
      'No column is mapped to Budget item.',
    ]);
  });

  it('uses a given mapping, and refuses one naming a column the file lacks', async () => {
    const { plan, token } = await setup(t);
    const csv = 'When,How much,Line,Who\n2026-04-01,10,Paid search,Acme\n';
    const Mapping = { PurchaseDate: 'When', Amount: 'How much', BudgetItem: 'Line', Payee: 'Who' };
    const preview = (await t.post(PREVIEW, previewBody(plan.id, csv, { Mapping }), token)).body.Result;
    expect(preview.MappingSource).toBe('Given');
    expect(preview.Counts.Valid).toBe(1);
    const bad = await t.post(PREVIEW, previewBody(plan.id, csv, { Mapping: { ...Mapping, Amount: 'Cost' } }), token);
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toEqual([{ Field: 'Mapping.Amount', Message: 'The file has no column “Cost”.' }]);
  });

  it('answers 400 for a file without a header row it can recognise', async () => {
    const { plan, token } = await setup(t);
    const response = await t.post(PREVIEW, previewBody(plan.id, '2026-04-01,10,Paid search\n2026-04-02,11,Paid search\n'), token);
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/No header row found/);
  });

  it('finds the header below title rows and ignores total rows', async () => {
    const { plan, token } = await setup(t);
    const csv = 'Costs for Q2\n\nDate,Amount,Budget item,Payee\n2026-04-01,10,Paid search,A\nTotal,10,,\n';
    const preview = (await t.post(PREVIEW, previewBody(plan.id, csv), token)).body.Result;
    expect(preview.HeaderRow).toBe(3);
    expect(preview.Counts).toEqual({ Rows: 2, Valid: 1, Invalid: 0, Duplicates: 0, Ignored: 1 });
    expect(preview.Rows[1]).toMatchObject({ Row: 5, Ignored: true });
  });
});

describe('committing an expense file', () => {
  it('creates the good rows in one go, skips bad and duplicate ones, records history, audit and the mapping', async () => {
    const { tenant, plan, search, events, gl, token } = await setup(t);
    const response = await t.post(COMMIT, { ...previewBody(plan.id), SkipDuplicates: true }, token);
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({ Created: 2, Skipped: 3, Invalid: 1, DuplicatesSkipped: 2 });
    const rows = await t.ctx.db
      .select()
      .from(expenses)
      .where(and(eq(expenses.marketingPlanId, plan.id), eq(expenses.createdBy, tenant.users.member.id)))
      .orderBy(expenses.purchaseDate);
    expect(
      rows.map((row) => [
        row.name,
        row.payee,
        row.amountCents,
        row.status,
        row.budgetItemId,
        row.categoryType,
        row.generalLedgerCodeId,
        row.purchaseOrder,
      ]),
    ).toEqual([
      ['Search ads', 'Google', 123_450, 2, search.id, 1, gl.id, null],
      ['Venue deposit', 'Hotel', 20_000, 3, events.id, 2, null, 'PO-7'],
    ]);
    const history = (await t.post(LIST, { MarketingPlanId: plan.id }, await tenant.tokenFor('viewer'))).body.Result;
    expect(history).toEqual([
      expect.objectContaining({
        ImportId: response.body.Result.ImportId,
        Kind: 'Expenses',
        FileName: 'costs.csv',
        Created: 2,
        Skipped: 3,
        UndoneAt: null,
        CreatedByName: `Member ${tenant.name}`,
      }),
    ]);
    const trail = await t.ctx.db.select().from(activities).where(eq(activities.marketingPlanId, plan.id));
    expect(trail.filter((row) => row.entityType === 'Expense' && row.action === 'create')).toHaveLength(2);
    expect(trail.find((row) => row.entityType === 'MarketingPlan')?.description).toBe('Imported 2 expenses from costs.csv');
    // The next file with the same odd headers is read with the saved mapping.
    const again = (await t.post(PREVIEW, previewBody(plan.id), token)).body.Result;
    expect(again.MappingSource).toBe('Saved');
  });

  it('imports duplicates too when told not to skip them', async () => {
    const { plan, token } = await setup(t);
    const response = await t.post(COMMIT, { ...previewBody(plan.id), SkipDuplicates: false }, token);
    expect(response.body.Result).toMatchObject({ Created: 4, Skipped: 1, DuplicatesSkipped: 0 });
  });

  it('answers 400 and writes nothing when no row can be imported', async () => {
    const { plan, token } = await setup(t);
    const before = await countRows(t, plan.id);
    const response = await t.post(COMMIT, { ...previewBody(plan.id, 'Date,Amount,Budget item\n2026-04-01,x,Nope\n') }, token);
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/Nothing to import/);
    expect(await countRows(t, plan.id)).toEqual(before);
  });
});

describe('importing budget items', () => {
  const itemsBody = (planId: string, csv: string) => ({
    Kind: 'BudgetItems',
    MarketingPlanId: planId,
    FileName: 'items.csv',
    ContentBase64: base64(csv),
  });

  it('creates items with their month phasing, and checks categories, types, sums and duplicates', async () => {
    const { plan, media, token } = await setup(t);
    const csv = [
      'Name,Category,Item type,Amount,Jan 2026,2026-02,Mar 2026',
      'Radio,paid MEDIA,Productive,300,100,100,100',
      'Podcasts,Paid media,,,50,25,',
      'Paid search,Paid media,,10,,,',
      'Print,Nowhere,,10,,,',
      'TV,Paid media,Operational,100,10,10,10',
      'Flyers,Paid media,Weird,1,,,',
    ].join('\n');
    const preview = (await t.post(PREVIEW, itemsBody(plan.id, csv), token)).body.Result;
    expect(preview.Mapping).toMatchObject({
      Name: 'Name',
      Category: 'Category',
      ItemType: 'Item type',
      Amount: 'Amount',
      'Month:2026-01': 'Jan 2026',
      'Month:2026-02': '2026-02',
      'Month:2026-03': 'Mar 2026',
      'Month:2026-04': null,
    });
    // Name, Category, Amount, Currency, Item type, GL code, Description, Campaign and the 12 months.
    expect(preview.Fields).toHaveLength(8 + 12);
    expect(
      preview.Rows.map((row: { Errors: { Field: string }[]; Duplicate: boolean }) => [
        row.Errors.map((error) => error.Field),
        row.Duplicate,
      ]),
    ).toEqual([
      [[], false],
      [[], false],
      [[], true],
      [['Category'], false],
      [['Amount'], false],
      [['ItemType'], false],
    ]);
    expect(preview.Rows[4].Errors[0].Message).toContain('The months add up to $30.00, but the amount is $100.00');
    const result = (await t.post(COMMIT, { ...itemsBody(plan.id, csv), SkipDuplicates: true }, token)).body.Result;
    expect(result).toMatchObject({ Created: 2, Skipped: 4 });
    const [podcasts] = await t.ctx.db
      .select()
      .from(budgetItems)
      .where(and(eq(budgetItems.marketingPlanId, plan.id), eq(budgetItems.name, 'Podcasts')));
    expect(podcasts).toMatchObject({ amountCents: 7_500, budgetCategoryId: media.id, itemType: 1 });
    const months = await t.ctx.db
      .select()
      .from(budgetItemMonths)
      .where(eq(budgetItemMonths.budgetItemId, podcasts?.id ?? ''));
    expect(months.map((m) => [m.month, m.amountCents]).sort()).toEqual([
      ['2026-01-01', 5_000],
      ['2026-02-01', 2_500],
    ]);
  });
});
