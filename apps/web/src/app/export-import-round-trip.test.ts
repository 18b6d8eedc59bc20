import { budgetRoutes, campaignRoutes, customFieldRoutes, EMPTY_ID, type Expense, expenseRoutes, reportRoutes } from '@plansmith/contract';
import { budgetMonthRoutes } from '@plansmith/contract/budget-months';
import { type ImportKind, importRoutes } from '@plansmith/contract/imports';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../server/test/factories.ts';
import { createCategory, createExpenseRow, createGlCode, createItem, createPlan } from '../../../server/test/planning-factories.ts';
import { fetchItemsSheet } from '../features/budget/lib/budget-export.ts';
import { expensesToSheet, fetchAllExpenses } from '../features/expenses/lib/expense-export.ts';
import { buildReportWorkbook, reportToCsv } from '../features/reports/lib/report-export.ts';
import { callApi } from '../shared/api/client.ts';
import { sheetToCsv, sheetToXlsx } from '../shared/export/spreadsheet.ts';
import { type RealApi, startRealApi } from '../test/real-api.ts';
import { xlsxCell, xlsxRows } from '../test/xlsx-cells.ts';

// Issue 14: what the app exports imports back into an empty plan unchanged, through the same
// export functions the screens use and the real import API.

let api: RealApi;
let tenant: TestTenant;
let source: { Id: string; Name: string; StartDate: string; EndDate: string };
/** The tenant's custom fields (DESIGN.md §16), by name: one of each type on budget items and on expenses. */
const fieldIds: Record<string, string> = {};

const DATES = { startDate: '2026-01-01', endDate: '2026-12-31' };
const wire = (plan: { id: string; name: string }) => ({ Id: plan.id, Name: plan.name, StartDate: DATES.startDate, EndDate: DATES.endDate });

beforeAll(async () => {
  api = await startRealApi();
  tenant = await createTenant(api.server);
  const plan = await createPlan(api.server, tenant, { name: '2026 Plan', ...DATES });
  source = wire(plan);
  const media = await createCategory(api.server, tenant, { name: 'Paid media', categoryType: 1 });
  const ops = await createCategory(api.server, tenant, { name: '=Ops+', categoryType: 2 });
  const gl = await createGlCode(api.server, tenant, 'GL 6100');
  await api.signIn(tenant.users.owner.email);
  // Issue 33: custom fields of every type on both entities (named as their export columns are), and a campaign.
  const addField = async (Entity: 'BudgetItem' | 'Expense', Name: string, Type: string, Options?: string[]) => {
    const field = await callApi(customFieldRoutes.save, { Id: EMPTY_ID, Entity, Name, Type, Options } as Parameters<
      typeof callApi<typeof customFieldRoutes.save>
    >[1]);
    fieldIds[`${Entity}:${Name}`] = field.Id;
  };
  await addField('BudgetItem', 'Region', 'Select', ['EMEA', 'NA', 'APAC']);
  await addField('BudgetItem', 'Channel', 'MultiSelect', ['Web', 'Email', 'Events']);
  await addField('BudgetItem', 'Launch', 'Date');
  await addField('Expense', 'Invoice note', 'Text');
  await addField('Expense', 'Units', 'Number');
  await addField('Expense', 'Market', 'Select', ['EMEA', 'NA']);
  await addField('Expense', 'Tags', 'MultiSelect', ['Brand', 'Promo']);
  const campaign = await callApi(campaignRoutes.save, { Id: EMPTY_ID, MarketingPlanId: plan.id, Name: 'Spring Launch' } as Parameters<
    typeof callApi<typeof campaignRoutes.save>
  >[1]);
  // Through the API, so descriptions, GL codes and phasing are set as users set them.
  const save = (body: Record<string, unknown>) =>
    callApi(budgetRoutes.save, { MarketingPlanId: plan.id, ItemType: 1, Description: null, ...body } as Parameters<
      typeof callApi<typeof budgetRoutes.save>
    >[1]);
  const search = await save({
    Name: 'Paid search',
    BudgetCategoryId: media.id,
    Amount: 1200.5,
    GeneralLedgerCodeId: gl.id,
    Description: '@brand, "quoted"',
    CampaignId: campaign.Id,
    CustomFields: {
      [fieldIds['BudgetItem:Region'] as string]: 'EMEA',
      [fieldIds['BudgetItem:Channel'] as string]: ['Web', 'Events'],
      [fieldIds['BudgetItem:Launch'] as string]: '2026-02-28',
    },
  });
  await save({
    Name: '-Events, spring',
    BudgetCategoryId: ops.id,
    ItemType: 2,
    Amount: 300,
    Months: [
      { Month: '2026-03', Amount: 100 },
      { Month: '2026-04', Amount: 200 },
    ],
  });
  await createItem(api.server, tenant, { planId: plan.id, categoryId: media.id, amountCents: 0, name: 'Zero item' });
  const saveExpense = (body: Record<string, unknown>) =>
    callApi(expenseRoutes.saveExpense, {
      MarketingPlanId: plan.id,
      BudgetItemId: search.Id,
      CategoryType: 1,
      Status: 3,
      ...body,
    } as Parameters<typeof callApi<typeof expenseRoutes.saveExpense>>[1]);
  await saveExpense({
    Name: 'Search, March',
    Payee: 'Google',
    PurchaseDate: '2026-03-10',
    Amount: 1234.56,
    PurchaseOrder: 'PO-1',
    GeneralLedgerCodeId: gl.id,
    Description: 'Brand',
    CustomFields: {
      [fieldIds['Expense:Invoice note'] as string]: 'Net 30, "rush"',
      [fieldIds['Expense:Units'] as string]: 1250.5,
      [fieldIds['Expense:Market'] as string]: 'NA',
      [fieldIds['Expense:Tags'] as string]: ['Brand', 'Promo'],
    },
  });
  await saveExpense({
    Name: '=HYPERLINK("x")',
    Payee: '-Agency',
    PurchaseDate: '2026-03-10',
    Amount: 10,
    Status: 2,
    CustomFields: { [fieldIds['Expense:Units'] as string]: -0.25 },
  });
  await saveExpense({ Name: 'Same day, same payee', Payee: 'Google', PurchaseDate: '2026-03-10', Amount: 10.01, Status: 1 });
  // Issue 34: expenses in other currencies (€1,200.50 and ¥1,234 at March's rates) export their own amount and code.
  await api.server.database.queryRows(
    "INSERT INTO fx_rates (tenant_id, currency, month, rate) VALUES ($1, 'EUR', '2026-03-01', '1.0825'), ($1, 'JPY', '2026-03-01', '0.0067')",
    [tenant.id],
  );
  for (const [Name, currency, amountMinor] of [
    ['Messe, in euros', 'EUR', 120_050],
    ['Tokyo, in yen', 'JPY', 1234],
  ] as const)
    await createExpenseRow(api.server, tenant, {
      planId: plan.id,
      itemId: search.Id,
      name: Name,
      payee: 'Abroad',
      amountCents: 0,
      currency,
      amountMinor,
      purchaseDate: '2026-03-12',
    });
});
// The test setup clears the stored session after every test.
beforeEach(async () => {
  await api.signIn(tenant.users.owner.email);
});
afterEach(() => api.reset());
afterAll(() => api.close());

const importInto = async (planId: string, kind: ImportKind, fileName: string, bytes: Uint8Array) =>
  callApi(importRoutes.commit, {
    Kind: kind,
    MarketingPlanId: planId,
    FileName: fileName,
    ContentBase64: Buffer.from(bytes).toString('base64'),
    SkipDuplicates: true,
  });

const utf8 = (text: string) => new TextEncoder().encode(text);
const xlsxBytes = async (buffer: ArrayBuffer | Promise<ArrayBuffer>) => new Uint8Array(await buffer);

/** What makes an item the same item, by name. */
const itemsOf = async (planId: string) => {
  const [items, months, campaigns] = await Promise.all([
    callApi(budgetRoutes.getBudgetItems, { MarketingPlanId: planId }),
    callApi(budgetMonthRoutes.getPlanMonths, { MarketingPlanId: planId }),
    callApi(campaignRoutes.list, { MarketingPlanId: planId }),
  ]);
  const phasing = new Map(months.map((entry) => [entry.BudgetItemId, entry.Months]));
  const campaignNames = new Map(campaigns.Campaigns.map((campaign) => [campaign.Id, campaign.Name]));
  return items
    .map((item) => ({
      Name: item.Name,
      Category: item.BudgetCategoryName,
      ItemType: item.ItemType,
      Amount: item.Amount,
      Gl: item.GeneralLedgerCodeId,
      Description: item.Description,
      Months: phasing.get(item.Id) ?? [],
      Campaign: item.CampaignId ? campaignNames.get(item.CampaignId) : null,
      CustomFields: item.CustomFields,
    }))
    .sort((a, b) => a.Name.localeCompare(b.Name));
};

const expensesOf = async (planId: string) =>
  (await fetchAllExpenses(planId))
    .map((expense: Expense) => ({
      Name: expense.Name,
      Payee: expense.Payee,
      Date: expense.PurchaseDate,
      Amount: expense.Amount,
      Currency: expense.Currency,
      BaseAmount: expense.BaseAmount,
      Status: expense.Status,
      Item: expense.BudgetItemName,
      PO: expense.PurchaseOrder,
      Gl: expense.GeneralLedgerCodeName,
      Description: expense.Description,
      CustomFields: expense.CustomFields,
    }))
    .sort((a, b) => a.Name.localeCompare(b.Name));

describe.each(['csv', 'xlsx'] as const)('the %s exports imported into an empty plan', (format) => {
  it('recreate the budget items (phasing, GL codes, descriptions, campaigns, custom fields) and then the expenses (custom fields)', async () => {
    const target = wire(await createPlan(api.server, tenant, { name: `Copy ${format}`, ...DATES }));
    // The import names a campaign of the plan: the new plan has one of the same name (any case).
    await callApi(campaignRoutes.save, { Id: EMPTY_ID, MarketingPlanId: target.Id, Name: 'spring launch' } as Parameters<
      typeof callApi<typeof campaignRoutes.save>
    >[1]);
    const itemsSheet = await fetchItemsSheet(source);
    const itemsFile = format === 'csv' ? utf8(sheetToCsv(itemsSheet)) : await xlsxBytes(sheetToXlsx(itemsSheet));
    expect(await importInto(target.Id, 'BudgetItems', `items.${format}`, itemsFile)).toMatchObject({ Created: 3, Skipped: 0 });
    const items = await itemsOf(target.Id);
    expect(items.map((item) => ({ ...item, Campaign: item.Campaign?.toLowerCase() }))).toEqual(
      (await itemsOf(source.Id)).map((item) => ({ ...item, Campaign: item.Campaign?.toLowerCase() })),
    );
    expect(items.find((item) => item.Name === 'Paid search')?.CustomFields).toEqual({
      [fieldIds['BudgetItem:Region'] as string]: 'EMEA',
      [fieldIds['BudgetItem:Channel'] as string]: ['Web', 'Events'],
      [fieldIds['BudgetItem:Launch'] as string]: '2026-02-28',
    });

    const expenseFields = await callApi(customFieldRoutes.list, { Entity: 'Expense' });
    const expensesSheet = expensesToSheet(await fetchAllExpenses(source.Id), expenseFields);
    const expensesFile = format === 'csv' ? utf8(sheetToCsv(expensesSheet)) : await xlsxBytes(sheetToXlsx(expensesSheet));
    expect(await importInto(target.Id, 'Expenses', `expenses.${format}`, expensesFile)).toMatchObject({ Created: 5, Skipped: 0 });
    const expensesCopy = await expensesOf(target.Id);
    expect(expensesCopy).toEqual(await expensesOf(source.Id));
    // €1,200.50 × 1.0825 = $1,299.54125 → $1,299.54; ¥1,234 × 0.0067 = $8.2678 → $8.27
    expect(expensesCopy.filter((expense) => expense.Payee === 'Abroad').map((e) => [e.Amount, e.Currency, e.BaseAmount])).toEqual([
      [1200.5, 'EUR', 1299.54],
      [1234, 'JPY', 8.27],
    ]);
    expect(expensesCopy.find((expense) => expense.Name === 'Search, March')?.CustomFields).toEqual({
      [fieldIds['Expense:Invoice note'] as string]: 'Net 30, "rush"',
      [fieldIds['Expense:Units'] as string]: 1250.5,
      [fieldIds['Expense:Market'] as string]: 'NA',
      [fieldIds['Expense:Tags'] as string]: ['Brand', 'Promo'],
    });
  });
});

describe.each(['csv', 'xlsx'] as const)('the budget categories report as %s', (format) => {
  it('imports back as one item per category with the same budget, its total rows ignored', async () => {
    const report = await callApi(reportRoutes.budgetCategoriesReport, { MarketingPlanId: source.Id });
    const file = format === 'csv' ? utf8(reportToCsv(report)) : await xlsxBytes(buildReportWorkbook(report));
    const target = wire(await createPlan(api.server, tenant, { name: `Report ${format}`, ...DATES }));
    expect(await importInto(target.Id, 'BudgetItems', `report.${format}`, file)).toMatchObject({ Created: 2, Skipped: 3 });
    const copy = await callApi(reportRoutes.budgetCategoriesReport, { MarketingPlanId: target.Id });
    const budgets = (rows: typeof report.Rows) => rows.map((row) => [row.Name, row.CategoryType, row.Budgeted]);
    expect(budgets(copy.Rows)).toEqual(budgets(report.Rows));
    expect(copy.Totals.Budgeted).toBe(report.Totals.Budgeted);
  });
});

describe('exported text that looks like a formula', () => {
  it('is quoted in CSV and a plain string cell in XLSX', async () => {
    const sheet = expensesToSheet(await fetchAllExpenses(source.Id));
    const csv = sheetToCsv(sheet);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(`'-Agency`);
    const bytes = await sheetToXlsx(sheet);
    const rowIndex = (await xlsxRows(bytes)).findIndex((row) => row[0] === '=HYPERLINK("x")');
    expect(rowIndex).toBeGreaterThan(0);
    expect(await xlsxCell(bytes, `A${rowIndex + 1}`)).toMatchObject({ isText: true, isFormula: false });
  });
});
