import { type APIRequestContext, expect, test } from './fixtures.ts';
import { BudgetPage } from './page-models/budget-page.ts';
import { dollarsOf } from './page-models/expenses-pages.ts';
import { ImportPage, MonthGrid, seriousViolations } from './page-models/import-pages.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { chooseOption } from './page-models/select-option.ts';
import writeXlsxFile from 'write-excel-file/node';

// Issue 14's journeys on the demo's 2026 plan (the context plan after sign-in): a CSV with one bad
// row and one duplicate imported as it is, then undone; a 3 × 4 block pasted into the month grid,
// then undone with Ctrl+Z. The demo's January–October 2026 are closed (its month-close seed), so the
// imports are dated in its open November and December, and the paste has a plan of its own.

const EXPENSES_CSV = [
  'Name,Amount,Purchase Date,Budget Item,Payee,PO Number',
  'E2E banner ads,"1,250.00",2026-11-05,Google Search Ads,Acme Media,E2E-PO-1',
  'E2E broken row,lots,2026-11-06,Google Search Ads,Acme Media,E2E-PO-2',
  'E2E launch video,980.50,11/07/2026,Meta Retargeting,Studio Nine,E2E-PO-3',
  'E2E banner ads,"1,250.00",2026-11-05,Google Search Ads,Acme Media,E2E-PO-1',
  '',
].join('\r\n');

// 2,000 items in one category, $1 in December each: the grid's scale case (issue 14: smooth with 2,000 items).
const BULK_ITEMS_CSV = [
  'Name,Category,Nov 2026,Dec 2026',
  ...Array.from({ length: 2000 }, (_, index) => `Bulk item ${String(index + 1).padStart(4, '0')},Content,0,1`),
  '',
].join('\n');

const EMPTY_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The API as the demo Owner: a 2026 plan of its own (no closed month, no locked baseline) with the demo
 * plan's three paid media items phased evenly by month: $10,000, $7,000 and $3,000 a month.
 */
const arrangePastePlan = async (request: APIRequestContext, name: string) => {
  const login = await request.post('/api/identity/token/user', {
    data: { Username: DEMO_OWNER.email, Password: DEMO_OWNER.password, ClientId: 'plansmith-web' },
  });
  expect(login.ok()).toBe(true);
  const { AccessToken } = (await login.json()) as { AccessToken: string };
  const call = async (path: string, data: unknown) => {
    const response = await request.post(path, { data, headers: { Authorization: `Bearer ${AccessToken}` } });
    const body = (await response.json()) as { Result: never; Message: string | null };
    expect(response.status(), body.Message ?? '').toBe(200);
    return body.Result;
  };
  const plans = (await call('/api/MarketingPlanClient/GetMarketingPlans', {})) as { Name: string; TeamId: string }[];
  const categories = (await call('/api/BudgetCategoryClient/GetBudgetCategories', {})) as { Id: string; Name: string }[];
  const teamId = plans.find((candidate) => candidate.Name === '2026 Marketing Plan')?.TeamId ?? plans[0]?.TeamId;
  const categoryId = categories.find((category) => category.Name === 'Paid Media')?.Id ?? categories[0]?.Id;
  if (!teamId || !categoryId) throw new Error('the demo tenant has no team or category');
  const created = (await call('/api/MarketingPlanClient/Save', {
    Id: EMPTY_ID,
    Name: name,
    TeamId: teamId,
    StartDate: '2026-01-01',
    EndDate: '2026-12-31',
  })) as { Id: string };
  for (const [itemName, monthly] of [
    ['Google Search Ads', 10_000],
    ['LinkedIn Sponsored Content', 7_000],
    ['Meta Retargeting', 3_000],
  ] as const) {
    await call('/api/BudgetItemClient/Save', {
      Id: EMPTY_ID,
      Name: itemName,
      Amount: monthly * 12,
      ItemType: 1,
      BudgetCategoryId: categoryId,
      MarketingPlanId: created.Id,
      Months: Array.from({ length: 12 }, (_, index) => ({ Month: `2026-${String(index + 1).padStart(2, '0')}`, Amount: monthly })),
    });
  }
};

test.describe('import and the month grid', () => {
  test('fixes rows in the preview: a cell edited, an unknown item mapped to an existing one in every row, day-first dates read as such', async ({
    page,
  }) => {
    const csv = [
      'Name,Amount,Purchase Date,Budget Item,Payee',
      'E2E fix amount,lots,14/11/2026,Google Search Ads,Acme Media',
      'E2E fix item one,120,15/11/2026,Search engine ads,Acme Media',
      'E2E fix item two,130,16/11/2026,search engine ADS,Acme Media',
      '',
    ].join('\r\n');
    await new LoginPage(page).signInAs(DEMO_OWNER);
    await page.goto('/import?kind=expenses');
    await expect(page.getByRole('link', { name: 'Download a sample file of expenses' })).toHaveAttribute(
      'download',
      'plansmith-expenses-sample.csv',
    );
    const importPage = new ImportPage(page);
    await importPage.chooseFile('fix-me.csv', csv);
    await expect(page.getByRole('combobox', { name: 'Date order' })).toBeVisible();
    await expect(page.getByText('Read day first: 14/11/2026 has 14 in the first position.')).toBeVisible();
    await expect(importPage.count('With errors')).toHaveText('3');

    await page.getByRole('button', { name: /^Fix Amount of row 2/ }).click();
    await page.getByRole('textbox', { name: 'Amount of row 2' }).fill('99.50');
    await page.getByRole('button', { name: 'Fix row 2' }).click();
    await expect(importPage.count('With errors')).toHaveText('2');

    await page.getByRole('button', { name: /^Fix Budget item of row 3/ }).click();
    await page.getByRole('textbox', { name: 'Budget item of row 3' }).fill('Google Search Ads');
    await page.getByRole('button', { name: 'Use in every row with “Search engine ads”' }).click();
    await expect(importPage.count('With errors')).toHaveText('0');
    await expect(importPage.count('Ready')).toHaveText('3');
    expect(await seriousViolations(page), 'the preview with fixes').toEqual([]);

    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await expect(page.getByText('Imported 3 expenses')).toBeVisible();
    await page.getByRole('button', { name: 'Go to expenses' }).click();
    await page.getByLabel('Search expenses').fill('E2E fix');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('row', { name: /E2E fix amount/ })).toContainText('$99.50');
    await expect(page.getByRole('row', { name: /E2E fix item two/ })).toContainText('Google Search Ads');
    await expect(page.getByRole('row', { name: /E2E fix item two/ })).toContainText(/Nov 16, 2026|2026-11-16|11\/16\/2026/);
  });

  test('imports a CSV with one bad row and one duplicate as it is, commits the two good rows, then undoes the import', async ({ page }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    await page.goto('/expenses');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page).toHaveURL(/\/import\?kind=expenses$/);
    const importPage = new ImportPage(page);
    await importPage.chooseFile('november-expenses.csv', EXPENSES_CSV);

    // The guessed columns, every row checked, the counts.
    await expect(importPage.mappingSelect('Budget item')).toContainText('Budget Item');
    await expect(importPage.mappingSelect('Purchase order')).toContainText('PO Number');
    await expect(importPage.count('Rows')).toHaveText('4');
    await expect(importPage.count('Ready')).toHaveText('2');
    await expect(importPage.count('With errors')).toHaveText('1');
    await expect(importPage.count('Duplicates')).toHaveText('1');
    await expect(importPage.previewRow(3)).toContainText('Error');
    await expect(importPage.previewRow(3)).toContainText(/amount/i);
    await expect(importPage.previewRow(5)).toContainText('Duplicate');
    await expect(page.getByRole('checkbox', { name: /Skip the 1 duplicate/ })).toBeChecked();
    expect(await seriousViolations(page), 'the preview').toEqual([]);

    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(page.getByText('Imported 2 expenses')).toBeVisible();
    await expect(page.getByText('Skipped 2: 1 with errors, 1 duplicate.')).toBeVisible();
    await expect(importPage.historyRow('november-expenses.csv')).toContainText('Demo');

    await page.getByRole('button', { name: 'Go to expenses' }).click();
    await page.getByLabel('Search expenses').fill('E2E');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('row', { name: /E2E banner ads/ })).toHaveCount(1);
    await expect(page.getByRole('row', { name: /E2E launch video/ })).toHaveCount(1);
    await expect(page.getByRole('row', { name: /E2E broken row/ })).toHaveCount(0);

    // Undo from the history: the two rows go, the history says so.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await importPage.historyRow('november-expenses.csv').getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo import' }).click();
    await expect(page.getByText('Undone: removed 2 rows that november-expenses.csv created.')).toBeVisible();
    await expect(importPage.historyRow('november-expenses.csv')).toContainText('Undone');

    await page.goto('/expenses');
    await page.getByLabel('Search expenses').fill('E2E');
    await page.keyboard.press('Enter');
    await expect(page.getByText('E2E banner ads')).toHaveCount(0);
  });

  test('imports budget items from an Excel workbook with a title row, real dates as month headers and a total row', async ({ page }) => {
    // As a planner's workbook looks: a title above the header, months as Excel dates, a Total row.
    // November and December: the demo plan's open months.
    const month = (index: number) => ({ value: new Date(Date.UTC(2026, index, 1)), type: Date, format: 'mmm yyyy' });
    const bytes = await writeXlsxFile(
      [
        ['Q4 launch budget'],
        ['Program', 'Category', month(10), month(11)],
        ['XLSX trade show', 'Events', 1000, 2500.5],
        ['XLSX retargeting', 'paid media', 300, 300],
        ['Total', '', 1300, 2800.5],
      ],
      { sheet: 'Budget 2026' },
    ).toBuffer();

    await new LoginPage(page).signInAs(DEMO_OWNER);
    await page.goto('/budget');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page).toHaveURL(/\/import\?kind=budget-items$/);
    const importPage = new ImportPage(page);
    await importPage.chooseFile('q4-launch.xlsx', bytes);
    await expect(page.getByText('Guessed from the header row (row 2).')).toBeVisible();
    await expect(importPage.mappingSelect('Nov 2026')).toContainText('2026-11-01');
    await expect(importPage.count('Ready')).toHaveText('2');
    await expect(importPage.count('Total rows (ignored)')).toHaveText('1');
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    // The demo plan's baseline is locked: the import says why its budget changes.
    await importPage.giveReason('Q4 launch plan');
    await expect(page.getByText('Imported 2 budget items')).toBeVisible();

    await page.getByRole('button', { name: 'Go to the budget' }).click();
    const grid = new MonthGrid(page);
    await grid.show('Months');
    await expect(grid.cell('XLSX trade show', 'Dec 2026')).toHaveAccessibleName('XLSX trade show, Dec 2026: $2,500.50');
    await expect(grid.budgetCell('XLSX trade show')).toHaveText('$3,500.50');
    await expect(grid.budgetCell('XLSX retargeting')).toHaveText('$600.00');

    await page.goto('/import?kind=budget-items');
    await importPage.historyRow('q4-launch.xlsx').getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo import' }).click();
    await expect(page.getByText('Undone: removed 2 rows that q4-launch.xlsx created.')).toBeVisible();
  });

  test('pastes a 3 × 4 block from a spreadsheet into the month grid, sees the roll-ups, and undoes it with Ctrl+Z', async ({
    page,
    context,
    request,
  }) => {
    const plan = `Paste E2E ${Date.now()}`;
    await arrangePastePlan(request, plan);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await new LoginPage(page).signInAs(DEMO_OWNER);
    await chooseOption(page.getByLabel('Context plan'), plan);
    const budget = new BudgetPage(page);
    await budget.open();
    const grid = new MonthGrid(page);
    await grid.show('Months');

    const items = ['Google Search Ads', 'LinkedIn Sponsored Content', 'Meta Retargeting'];
    const before = await Promise.all(items.map((item) => grid.budgetCell(item).textContent()));
    const beforeMonths = await Promise.all(items.map((item) => grid.cellName(item, 'Jan 2026')));

    // What Excel puts on the clipboard: tab-separated cells, CRLF rows, a trailing line break.
    await grid.copyToClipboard('1,000\t2000\t$3,000.00\t4000\r\n5\t6\t7\t8\r\n0\t0\t0\t0\r\n');
    await grid.cell(items[0] as string, 'Jan 2026').click();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(page.getByText('Pasted 12 cells into 3 items. Press Ctrl+Z to undo.')).toBeVisible();

    await expect(grid.cell('Google Search Ads', 'Jan 2026')).toHaveAccessibleName(/: \$1,000\.00$/);
    await expect(grid.cell('Google Search Ads', 'Apr 2026')).toHaveAccessibleName(/: \$4,000\.00$/);
    await expect(grid.cell('LinkedIn Sponsored Content', 'Mar 2026')).toHaveAccessibleName(/: \$7\.00$/);
    await expect(grid.cell('Meta Retargeting', 'Feb 2026')).toHaveAccessibleName(/: \$0\.00$/);
    // The cells right of the block keep what they had.
    await expect(grid.cell('Google Search Ads', 'May 2026')).toHaveAccessibleName(/: \$10,000\.00$/);
    expect(await seriousViolations(page), 'the month grid').toEqual([]);
    // The item's amount is the sum of its months: 10,000 + 8 × 10,000 from May on.
    await expect(grid.budgetCell('Google Search Ads')).toHaveText('$90,000.00');

    // Quarter roll-up of the pasted months.
    await grid.show('Quarters');
    await expect(grid.cell('Google Search Ads', 'Q1 2026')).toHaveAccessibleName(/: \$6,000\.00$/);
    await expect(grid.cell('LinkedIn Sponsored Content', 'Q1 2026')).toHaveAccessibleName(/: \$18\.00$/);
    await grid.show('Months');

    // One Ctrl+Z undoes the whole block.
    await grid.cell('Google Search Ads', 'Jun 2026').click();
    await page.keyboard.press('ControlOrMeta+Z');
    await expect(page.getByText('Undone: pasted 12 cells into 3 items.')).toBeVisible();
    for (const [index, item] of items.entries()) {
      await expect(grid.budgetCell(item)).toHaveText(before[index] ?? '');
      await expect(grid.cell(item, 'Jan 2026')).toHaveAccessibleName(beforeMonths[index] as string);
    }

    // A column of budgets pasted on the Budget column is refused for a phased item, naming it.
    await grid.copyToClipboard('5000\r\n6000\r\n');
    await grid.cell('Google Search Ads', 'Budget').click();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(
      page.getByText('Google Search Ads is phased by month: its amount is the sum of its months.', { exact: false }),
    ).toBeVisible();
    await expect(grid.budgetCell('Google Search Ads')).toHaveText(before[0] ?? '');

    // A month typed in place with the keyboard: arrows move, a digit opens the editor, Enter saves.
    await grid.cell('Meta Retargeting', 'Jan 2026').click();
    await page.keyboard.press('ArrowRight');
    await expect(grid.cell('Meta Retargeting', 'Feb 2026')).toBeFocused();
    await page.keyboard.type('2500');
    await expect(page.getByRole('textbox', { name: 'Meta Retargeting, Feb 2026' })).toHaveValue('2500');
    await page.keyboard.press('Enter');
    await expect(grid.cell('Meta Retargeting', 'Feb 2026')).toHaveAccessibleName(/: \$2,500\.00$/);
    await page.keyboard.press('ControlOrMeta+Z');
    await expect(grid.cell('Meta Retargeting', 'Feb 2026')).toHaveAccessibleName(/: \$3,000\.00/);
  });

  test('imports 2,000 budget items from a dropped file and keeps the month grid quick: only the rows in view are in the page, totals add up', async ({
    page,
  }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    const budget = new BudgetPage(page);
    const grid = new MonthGrid(page);
    await budget.open();
    await grid.show('Months');
    const decemberBefore = dollarsOf((await grid.totalCell('Dec 2026').textContent()) ?? '');

    const importPage = new ImportPage(page);
    await page.goto('/import?kind=budget-items');
    await importPage.dropFile('two-thousand-items.csv', BULK_ITEMS_CSV);
    await expect(importPage.count('Ready')).toHaveText('2,000');
    await page.getByRole('button', { name: 'Import 2,000 rows' }).click();
    await importPage.giveReason('Bulk items for the big grid');
    await expect(page.getByText('Imported 2,000 budget items')).toBeVisible({ timeout: 30_000 });

    await budget.open();
    await grid.show('Months');
    await expect(grid.cell('Bulk item 0001', 'Dec 2026')).toBeVisible();
    // Speed is measured in the benches, not asserted here: this journey checks the big grid works.
    await grid.show('Quarters');
    await expect(grid.cell('Bulk item 0001', 'Q4 2026')).toBeVisible();
    await grid.show('Months');
    // Virtualised: a screenful of rows is in the page, not 2,000.
    expect(await grid.renderedRows()).toBeLessThan(60);
    await grid.scrollToEnd();
    await expect(grid.cell('Bulk item 0001', 'Dec 2026')).toHaveCount(0);
    expect(await grid.renderedRows()).toBeLessThan(60);
    // 2,000 × $1 in December on top of the plan's own December.
    expect(dollarsOf((await grid.totalCell('Dec 2026').textContent()) ?? '')).toBe(decemberBefore + 2000);

    await page.goto('/import?kind=budget-items');
    await importPage.historyRow('two-thousand-items.csv').getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo import' }).click();
    await expect(page.getByText('Undone: removed 2,000 rows that two-thousand-items.csv created.')).toBeVisible({ timeout: 30_000 });
  });
});
