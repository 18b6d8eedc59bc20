import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { watchRequests } from './page-models/quiet.ts';
import { chooseOption, clickOption } from './page-models/select-option.ts';

// Bulk edit and saved views of /expenses (issue 33 part F, DESIGN.md §16) in the real browser. Every
// write goes to a 2026 plan of the journey's own, not the demo plan (the demo plan's Jan–Oct 2026 are closed, and the
// journeys share the demo tenant); the plan and the saved views are deleted afterwards.

const EMPTY_ID = '00000000-0000-0000-0000-000000000000';
const BRAND = { id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0c01', name: 'Brand & Content' };
/** Every expense and view of the journey has it in its name: the list is searched for it. */
const TERM = 'Bulkzq';

type Call = (path: string, data: unknown) => Promise<{ status: number; Result: never; Message: string | null }>;
type Expense = { Id: string; Name: string; Version: number; Status: number; BudgetItemName: string | null; PurchaseDate: string };

const apiAs = async (request: APIRequestContext, user: { email: string; password: string }): Promise<Call> => {
  const login = await request.post('/api/identity/token/user', {
    data: { Username: user.email, Password: user.password, ClientId: 'plansmith-web' },
  });
  expect(login.ok()).toBe(true);
  const { AccessToken } = (await login.json()) as { AccessToken: string };
  return async (path, data) => {
    const response = await request.post(path, { data, headers: { Authorization: `Bearer ${AccessToken}` } });
    const body = (await response.json()) as { Result: never; Message: string | null };
    return { status: response.status(), ...body };
  };
};

const ok = async <T>(call: ReturnType<Call>): Promise<T> => {
  const answer = await call;
  expect(answer.status, answer.Message ?? '').toBe(200);
  return answer.Result as T;
};

/**
 * A 2026 plan of Brand & Content of the journey's own (not the demo plan) with two items and four
 * expenses: three Planned in Nov–Dec, one Actual in January, whose month is closed here.
 */
const arrange = async (owner: Call) => {
  const categories = await ok<{ Id: string; CategoryType: 1 | 2 | 3 }[]>(owner('/api/BudgetCategoryClient/GetBudgetCategories', {}));
  const category = categories.find((c) => c.CategoryType === 1) ?? categories[0];
  if (!category) throw new Error('the demo tenant has no category');
  const plan = await ok<{ Id: string }>(
    owner('/api/MarketingPlanClient/Save', {
      Id: EMPTY_ID,
      Name: `${TERM} plan ${Date.now()}`,
      TeamId: BRAND.id,
      StartDate: '2026-01-01',
      EndDate: '2026-12-31',
    }),
  );
  const item = async (name: string) =>
    ok<{ Id: string }>(
      owner('/api/BudgetItemClient/Save', {
        Id: EMPTY_ID,
        Name: name,
        Amount: 20000,
        ItemType: 1,
        BudgetCategoryId: category.Id,
        MarketingPlanId: plan.Id,
      }),
    );
  const stand = await item('Bulk fair stand');
  const print = await item('Bulk print');
  const expense = (name: string, amount: number, date: string, status: 1 | 3 = 1) =>
    ok<Expense>(
      owner('/api/ExpenseClient/Save', {
        Id: EMPTY_ID,
        MarketingPlanId: plan.Id,
        BudgetItemId: stand.Id,
        Name: `${TERM} ${name}`,
        PurchaseDate: date,
        Amount: amount,
        Status: status,
        CategoryType: category.CategoryType,
      }),
    );
  const expenses = {
    booth: await expense('Booth', 19.99, '2026-11-10'),
    stand: await expense('Stand', 2500, '2026-11-30'),
    flyers: await expense('Flyers', 2499.99, '2026-12-01'),
    january: await expense('January', 100, '2026-01-15', 3),
  };
  await ok(owner('/api/PlanPeriodClient/Close', { MarketingPlanId: plan.Id, Month: '2026-01', Unspent: 'Release' }));
  return { planId: plan.Id, categoryType: category.CategoryType, standId: stand.Id, printId: print.Id, expenses };
};

const showPlan = async (page: Page, planId: string) =>
  page.evaluate(
    ([team, plan]) => {
      localStorage.setItem('context_team', team as string);
      localStorage.setItem('context_plan', plan as string);
    },
    [BRAND.id, planId],
  );

const listed = async (owner: Call, planId: string) =>
  (await ok<{ Items: Expense[] }>(owner('/api/ExpenseClient/GetExpenses', { MarketingPlanId: planId, Query: TERM }))).Items;

let arranged: Awaited<ReturnType<typeof arrange>> | null = null;

test.afterEach(async ({ request }) => {
  const owner = await apiAs(request, DEMO_OWNER);
  for (const view of await ok<{ Id: string; Name: string; Version: number }[]>(owner('/api/ExpenseViewClient/List', {}))) {
    if (view.Name.includes(TERM)) await ok(owner('/api/ExpenseViewClient/Delete', { Id: view.Id, Version: view.Version }));
  }
  if (arranged) {
    const plan = await ok<{ Version: number }>(owner('/api/MarketingPlanClient/GetMarketingPlan', { MarketingPlanId: arranged.planId }));
    await ok(owner('/api/MarketingPlanClient/Delete', { MarketingPlanId: arranged.planId, Version: plan.Version }));
    arranged = null;
  }
});

/** Signs in as the demo Owner and opens /expenses on the journey's plan, searched for its expenses. */
const openList = async (page: Page, planId: string) => {
  const requests = watchRequests(page);
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
  // Signed in (on a phone the navigation waits in a drawer, so not that).
  await expect(page).not.toHaveURL(/\/login/);
  await showPlan(page, planId);
  await page.goto('/expenses');
  await page.getByLabel('Search expenses').fill(TERM);
  await expect(page.getByRole('link', { name: `${TERM} Booth` })).toBeVisible();
  await requests.quiet();
  return requests;
};

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

const chooseStatus = async (page: Page, status: string) => {
  const dialog = page.getByRole('dialog');
  // The list slides in: on a loaded machine a click can land while it moves, so choose until it shows.
  await expect(async () => {
    await dialog.getByLabel('Status').click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${status}"]`).click({ timeout: 2000 });
    await expect(dialog.locator('.ant-select').first()).toContainText(status, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
};

test('selecting rows by keyboard and setting their Status and item in one go; a stale row and a closed month refuse the whole edit', async ({
  page,
  request,
}) => {
  const owner = await apiAs(request, DEMO_OWNER);
  arranged = await arrange(owner);
  const { expenses } = arranged;
  await openList(page, arranged.planId);

  // Keyboard: each row's checkbox is reachable and Space selects it.
  for (const name of ['Booth', 'Stand']) {
    const box = page.getByRole('checkbox', { name: `Select ${TERM} ${name}` });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await expect(page.getByRole('region', { name: 'Selected expenses' })).toContainText('2 expenses selected');

  // Someone renames “Stand” after the list was read.
  await ok(
    owner('/api/ExpenseClient/Save', {
      Id: expenses.stand.Id,
      MarketingPlanId: arranged.planId,
      BudgetItemId: arranged.standId,
      Name: `${TERM} Stand (large)`,
      PurchaseDate: '2026-11-30',
      Amount: 2500,
      Status: 1,
      CategoryType: arranged.categoryType,
      Version: expenses.stand.Version,
    }),
  );

  await page.getByRole('button', { name: 'Edit selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit 2 expenses' });
  await expect(dialog).toBeVisible();
  await chooseStatus(page, 'Committed');
  await dialog.getByRole('button', { name: 'Apply to 2 expenses' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`changed the expense “${TERM} Stand (large)”`);
  await expect(dialog.getByRole('alert')).toContainText('Nothing was changed.');
  expect((await listed(owner, arranged.planId)).map((expense) => expense.Status).sort()).toEqual([1, 1, 1, 3]);

  await dialog.getByRole('button', { name: 'Apply to the rows as they are now' }).click();
  await expect(page.getByText('2 expenses updated.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, `${TERM} Booth`)).toContainText('Committed');
  await expect(rowOf(page, `${TERM} Stand (large)`)).toContainText('Committed');
  await expect(page.getByRole('region', { name: 'Selected expenses' })).toHaveCount(0);

  // Move “Flyers” to the other item.
  await page.getByRole('checkbox', { name: `Select ${TERM} Flyers` }).check();
  await page.getByRole('button', { name: 'Edit selected' }).click();
  const one = page.getByRole('dialog', { name: 'Edit 1 expense' });
  await chooseOption(one.getByLabel('Budget item'), 'Bulk print');
  await one.getByRole('button', { name: 'Apply to 1 expense' }).click();
  await expect(page.getByText('1 expense updated.')).toBeVisible();
  await expect(rowOf(page, `${TERM} Flyers`)).toContainText('Bulk print');

  // The demo's Expense field Region (Select: EMEA, NA, APAC) set on “Booth”.
  const region = (await ok<{ Id: string; Name: string; Entity: string }[]>(owner('/api/CustomFieldClient/List', {}))).find(
    (field) => field.Entity === 'Expense' && field.Name === 'Region',
  );
  if (!region) throw new Error('the demo tenant has no Expense field Region');
  await page.getByRole('checkbox', { name: `Select ${TERM} Booth` }).check();
  await page.getByRole('button', { name: 'Edit selected' }).click();
  const fields = page.getByRole('dialog', { name: 'Edit 1 expense' });
  await chooseOption(fields.getByLabel('Custom fields to set'), 'Region');
  await page.keyboard.press('Escape');
  await fields.getByLabel('Region', { exact: true }).click();
  await clickOption(page, (list) => list.locator('.ant-select-item-option[title="EMEA"]'));
  await fields.getByRole('button', { name: 'Apply to 1 expense' }).click();
  // The dialog closes once the edit is saved (the move's '1 expense updated.' may still show).
  await expect(fields).toBeHidden();
  const booth = (await listed(owner, arranged.planId)).find((expense) => expense.Name === `${TERM} Booth`) as Expense & {
    CustomFields: Record<string, unknown>;
  };
  expect(booth.CustomFields[region.Id]).toBe('EMEA');

  // January 2026 (of the journey's plan) is closed: with it in the selection nothing is changed, and the dialog says why.
  await page.getByRole('checkbox', { name: `Select ${TERM} January` }).check();
  await page.getByRole('checkbox', { name: `Select ${TERM} Flyers` }).check();
  await page.getByRole('button', { name: 'Edit selected' }).click();
  const closed = page.getByRole('dialog', { name: 'Edit 2 expenses' });
  await chooseStatus(page, 'Committed');
  await closed.getByRole('button', { name: 'Apply to 2 expenses' }).click();
  await expect(closed.getByRole('alert')).toContainText(`“${TERM} January” (2026-01-15): January 2026 is closed`);
  await closed.getByRole('button', { name: 'Cancel' }).click();
  const after = await listed(owner, arranged.planId);
  expect(after.map((expense) => [expense.Name, expense.Status, expense.BudgetItemName])).toEqual(
    expect.arrayContaining([
      [`${TERM} Booth`, 2, 'Bulk fair stand'],
      [`${TERM} Stand (large)`, 2, 'Bulk fair stand'],
      [`${TERM} Flyers`, 1, 'Bulk print'],
      [`${TERM} January`, 3, 'Bulk fair stand'],
    ]),
  );
});

test('saving the filters and columns as a view, opening it again, and deleting it', async ({ page, request }) => {
  const owner = await apiAs(request, DEMO_OWNER);
  arranged = await arrange(owner);
  await openList(page, arranged.planId);

  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Purchase order' }).check();
  await expect(page.getByRole('columnheader', { name: 'Purchase order' })).toBeVisible();
  await page.keyboard.press('Escape');

  const name = `${TERM} view ${Date.now()}`;
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`View “${name}” saved.`)).toBeVisible();

  // Leaving the view puts the list back as it opens: no search, the usual columns.
  const picker = page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Saved view' }) });
  await picker.hover();
  await picker.locator('.ant-select-clear').click();
  await expect(page.getByLabel('Search expenses')).toHaveValue('');
  await expect(page.getByRole('columnheader', { name: 'Purchase order' })).toHaveCount(0);

  await chooseOption(page.getByRole('combobox', { name: 'Saved view' }), name);
  await expect(page.getByLabel('Search expenses')).toHaveValue(TERM);
  await expect(page.getByRole('columnheader', { name: 'Purchase order' })).toBeVisible();
  await expect(page.getByRole('link', { name: `${TERM} Booth` })).toBeVisible();

  await page.getByRole('button', { name: `Delete view ${name}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`View “${name}” deleted.`)).toBeVisible();
  const views = await ok<{ Name: string }[]>(owner('/api/ExpenseViewClient/List', {}));
  expect(views.map((view) => view.Name)).not.toContain(name);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the selection bar and the bulk-edit dialog fit the screen', async ({ page, request }) => {
    const owner = await apiAs(request, DEMO_OWNER);
    arranged = await arrange(owner);
    await openList(page, arranged.planId);
    await page.getByRole('checkbox', { name: `Select ${TERM} Booth` }).check();
    await expect(page.getByRole('region', { name: 'Selected expenses' })).toContainText('1 expense selected');
    await page.getByRole('button', { name: 'Edit selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit 1 expense' });
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expect(dialog.getByRole('button', { name: 'Apply to 1 expense' })).toBeInViewport();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
