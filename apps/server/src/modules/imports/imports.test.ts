import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createGlCode, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { expenses } from '../../schema/expenses.ts';
import { imports } from '../../schema/imports.ts';

const PREVIEW = '/api/ImportClient/Preview';
const COMMIT = '/api/ImportClient/Commit';
const LIST = '/api/ImportClient/List';
const UNDO = '/api/ImportClient/Undo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A tenant with a plan of two items ("Paid search" productive, "Events" operational), a GL code and one expense. */
const setup = async () => {
  const tenant = await createTenant(t);
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const media = await createCategory(t, tenant, { name: 'Paid media', categoryType: 1 });
  const ops = await createCategory(t, tenant, { name: 'Operations', categoryType: 2 });
  const search = await createItem(t, tenant, { planId: plan.id, categoryId: media.id, amountCents: 1_000_000, name: 'Paid search' });
  const events = await createItem(t, tenant, { planId: plan.id, categoryId: ops.id, amountCents: 500_000, name: 'Events' });
  const gl = await createGlCode(t, tenant, 'GL 6100');
  const existing = await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: search.id,
    amountCents: 50_000,
    purchaseDate: '2026-02-01',
    payee: 'Google',
    name: 'Existing',
  });
  return { tenant, plan, media, ops, search, events, gl, existing, token: await tenant.tokenFor('member') };
};

// Headers in other words and cases than the field names; row 5 repeats row 2, row 6 repeats the existing expense.
const EXPENSES_CSV = [
  'Purchase Date,Vendor,COST,item,PO #,gl code,Status,Notes',
  '2026-03-10,Google,"1,234.50",Paid search,,GL 6100,Committed,Search ads',
  '03/11/2026,Hotel,200,events,PO-7,,Actual,Venue deposit',
  '2026-03-12,Nobody,abc,Unknown item,,,,Broken row',
  '2026-03-10,google,1234.5,PAID SEARCH,,,,Same as row 2',
  '2026-02-01,Google,500,Paid search,,,,Same as existing',
].join('\n');

const previewBody = (planId: string, csv = EXPENSES_CSV, extra: Record<string, unknown> = {}) => ({
  Kind: 'Expenses',
  MarketingPlanId: planId,
  FileName: 'costs.csv',
  ContentBase64: base64(csv),
  ...extra,
});

const countRows = async (planId: string) => {
  const [e] = await t.ctx.db.select({ n: count() }).from(expenses).where(eq(expenses.marketingPlanId, planId));
  const [i] = await t.ctx.db.select({ n: count() }).from(imports).where(eq(imports.marketingPlanId, planId));
  const [b] = await t.ctx.db.select({ n: count() }).from(budgetItems).where(eq(budgetItems.marketingPlanId, planId));
  return { expenses: e?.n, imports: i?.n, items: b?.n };
};

describe('previewing an expense file', () => {
  it('guesses the mapping from the header, checks every row, finds duplicates both ways, and writes nothing', async () => {
    const { plan, token } = await setup();
    const before = await countRows(plan.id);
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
    expect(await countRows(plan.id)).toEqual(before);
  });

  it('treats a purchase order as the duplicate key when the row has one', async () => {
    const { tenant, plan, search, token } = await setup();
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
    const { plan, token } = await setup();
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
    const { plan, token } = await setup();
    const [row] = (await t.post(PREVIEW, previewBody(plan.id, 'Payee,Amount\nGoogle,5\n'), token)).body.Result.Rows;
    expect(row.Errors.map((error: { Message: string }) => error.Message)).toEqual([
      'No column is mapped to Purchase date.',
      'No column is mapped to Budget item.',
    ]);
  });

  it('uses a given mapping, and refuses one naming a column the file lacks', async () => {
    const { plan, token } = await setup();
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
    const { plan, token } = await setup();
    const response = await t.post(PREVIEW, previewBody(plan.id, '2026-04-01,10,Paid search\n2026-04-02,11,Paid search\n'), token);
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/No header row found/);
  });

  it('finds the header below title rows and ignores total rows', async () => {
    const { plan, token } = await setup();
    const csv = 'Costs for Q2\n\nDate,Amount,Budget item,Payee\n2026-04-01,10,Paid search,A\nTotal,10,,\n';
    const preview = (await t.post(PREVIEW, previewBody(plan.id, csv), token)).body.Result;
    expect(preview.HeaderRow).toBe(3);
    expect(preview.Counts).toEqual({ Rows: 2, Valid: 1, Invalid: 0, Duplicates: 0, Ignored: 1 });
    expect(preview.Rows[1]).toMatchObject({ Row: 5, Ignored: true });
  });
});

describe('committing an expense file', () => {
  it('creates the good rows in one go, skips bad and duplicate ones, records history, audit and the mapping', async () => {
    const { tenant, plan, search, events, gl, token } = await setup();
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
    const { plan, token } = await setup();
    const response = await t.post(COMMIT, { ...previewBody(plan.id), SkipDuplicates: false }, token);
    expect(response.body.Result).toMatchObject({ Created: 4, Skipped: 1, DuplicatesSkipped: 0 });
  });

  it('answers 400 and writes nothing when no row can be imported', async () => {
    const { plan, token } = await setup();
    const before = await countRows(plan.id);
    const response = await t.post(COMMIT, { ...previewBody(plan.id, 'Date,Amount,Budget item\n2026-04-01,x,Nope\n') }, token);
    expect(response.status).toBe(400);
    expect(response.body.Message).toMatch(/Nothing to import/);
    expect(await countRows(plan.id)).toEqual(before);
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
    const { plan, media, token } = await setup();
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
    expect(preview.Fields).toHaveLength(6 + 12);
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

describe('undoing an import', () => {
  const commit = async (planId: string, token: string, csv = EXPENSES_CSV) =>
    (await t.post(COMMIT, { ...previewBody(planId, csv), SkipDuplicates: true }, token)).body.Result.ImportId as string;

  it('removes exactly what the import created, once', async () => {
    const { plan, existing, token } = await setup();
    const importId = await commit(plan.id, token);
    t.clock.advance(1000);
    const response = await t.post(UNDO, { ImportId: importId }, token);
    expect(response.status).toBe(200);
    expect(response.body.Result).toEqual({ ImportId: importId, Removed: 2 });
    const left = await t.ctx.db.select({ id: expenses.id }).from(expenses).where(eq(expenses.marketingPlanId, plan.id));
    expect(left).toEqual([{ id: existing.id }]);
    const [record] = (await t.post(LIST, { MarketingPlanId: plan.id }, token)).body.Result;
    expect(record.UndoneAt).not.toBeNull();
    const again = await t.post(UNDO, { ImportId: importId }, token);
    expect(again.status).toBe(409);
    expect(again.body.Message).toMatch(/already undone/);
  });

  it('answers 409 naming the row when one was changed since, and removes nothing', async () => {
    const { plan, token } = await setup();
    const importId = await commit(plan.id, token);
    const [created] = await t.ctx.db
      .select()
      .from(expenses)
      .where(and(eq(expenses.marketingPlanId, plan.id), eq(expenses.name, 'Venue deposit')));
    t.clock.advance(60_000);
    const saved = await t.post(
      '/api/ExpenseClient/Save',
      {
        Id: created?.id,
        Name: created?.name,
        MarketingPlanId: plan.id,
        BudgetItemId: created?.budgetItemId,
        PurchaseDate: created?.purchaseDate,
        Amount: 250,
        CategoryType: 2,
        Status: 3,
      },
      token,
    );
    expect(saved.status).toBe(200);
    const before = await countRows(plan.id);
    const response = await t.post(UNDO, { ImportId: importId }, token);
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe(
      'Row 3 of costs.csv (“Venue deposit”) was changed after the import. Undo would lose that change, so nothing was removed.',
    );
    expect(await countRows(plan.id)).toEqual(before);
  });

  it('refuses to remove imported budget items that have expenses since', async () => {
    const { tenant, plan, token } = await setup();
    const body = {
      Kind: 'BudgetItems',
      MarketingPlanId: plan.id,
      FileName: 'items.csv',
      ContentBase64: base64('Name,Category,Amount\nBillboards,Paid media,100\n'),
      SkipDuplicates: true,
    };
    const { ImportId } = (await t.post(COMMIT, body, token)).body.Result;
    const [item] = await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.name, 'Billboards'));
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item?.id ?? '', amountCents: 100 });
    const response = await t.post(UNDO, { ImportId }, token);
    expect(response.status).toBe(409);
    expect(response.body.Message).toContain('Row 2 of items.csv (“Billboards”) has an expense recorded against it');
  });
});

describe('who may import', () => {
  it('refuses a team Viewer (403) and a Member outside the team (404), writing nothing', async () => {
    const { tenant, plan, token } = await setup();
    const importId = (await t.post(COMMIT, { ...previewBody(plan.id), SkipDuplicates: true }, token)).body.Result.ImportId;
    const before = await countRows(plan.id);
    const viewer = await tenant.tokenFor('viewer');
    expect((await t.post(PREVIEW, previewBody(plan.id), viewer)).status).toBe(403);
    expect((await t.post(COMMIT, previewBody(plan.id), viewer)).status).toBe(403);
    expect((await t.post(UNDO, { ImportId: importId }, viewer)).status).toBe(403);
    const outsider = await tenant.tokenFor('outsider');
    expect((await t.post(COMMIT, previewBody(plan.id), outsider)).status).toBe(404);
    expect((await t.post(LIST, { MarketingPlanId: plan.id }, outsider)).status).toBe(404);
    expect(await countRows(plan.id)).toEqual(before);
  });

  it('answers another tenant’s owner 404 on every route, and nothing changes', async () => {
    const { plan, token } = await setup();
    const importId = (await t.post(COMMIT, { ...previewBody(plan.id), SkipDuplicates: true }, token)).body.Result.ImportId;
    const before = await countRows(plan.id);
    const stranger = await (await createTenant(t)).tokenFor('owner');
    for (const [url, body] of [
      [PREVIEW, previewBody(plan.id)],
      [COMMIT, previewBody(plan.id)],
      [LIST, { MarketingPlanId: plan.id }],
      [UNDO, { ImportId: importId }],
    ] as const) {
      const response = await t.post(url, body, stranger);
      expect(response.status, url).toBe(404);
    }
    expect(await countRows(plan.id)).toEqual(before);
    const [record] = await t.ctx.db.select().from(imports).where(eq(imports.id, importId));
    expect(record?.undoneAt).toBeNull();
  });

  it('answers 409 for an archived plan', async () => {
    const { tenant, media } = await setup();
    const archived = await createPlan(t, tenant, { state: 2 });
    await createItem(t, tenant, { planId: archived.id, categoryId: media.id, amountCents: 100, name: 'Paid search' });
    const response = await t.post(COMMIT, previewBody(archived.id), await tenant.tokenFor('owner'));
    expect(response.status).toBe(409);
    expect(response.body.Message).toMatch(/archived/);
  });
});

describe('request limits', () => {
  it('takes a body over the app’s 100 KB on the import routes', async () => {
    const { plan, token } = await setup();
    const csv = `Date,Amount,Budget item,Payee\n${'2026-04-01,10,Paid search,Acme with a long payee name to make the file big\n'.repeat(4000)}`;
    expect(csv.length).toBeGreaterThan(200_000);
    const response = await t.post(PREVIEW, previewBody(plan.id, csv), token);
    expect(response.status).toBe(200);
    expect(response.body.Result.Counts).toMatchObject({ Rows: 4000, Duplicates: 3999 });
  });

  it('answers 413 naming the 10 MB limit for a larger file', async () => {
    const { plan, token } = await setup();
    const response = await t.post(PREVIEW, { ...previewBody(plan.id), ContentBase64: 'A'.repeat(15 * 1024 * 1024) }, token);
    expect(response.status).toBe(413);
    expect(response.body.Message).toContain('10 MB');
  });

  it('answers 415 for a file type it cannot read', async () => {
    const { plan, token } = await setup();
    const response = await t.post(PREVIEW, { ...previewBody(plan.id), FileName: 'budget.pdf' }, token);
    expect(response.status).toBe(415);
    expect(response.body.Message).toMatch(/Only .csv and .xlsx/);
  });
});
