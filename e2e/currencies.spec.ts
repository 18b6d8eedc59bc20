import { CLIENT_ID } from '@plansmith/contract';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { settled } from './page-models/dialog.ts';
import { DashboardPage, ReportsPage } from './page-models/expenses-pages.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { chooseOption, clickOption } from './page-models/select-option.ts';

// Issue 34 (DESIGN.md §17): a person reading in de-DE records an expense in EUR on the demo's USD plan
// and finds it converted, in German formatting, on the expense, the dashboard and the report. The demo
// tenant is shared by every spec: the spec deletes its expense and puts the profile back to en-US.

/** 1 EUR in USD per month of 2026, as the demo seed enters them (apps/server/src/seed/currencies.seed.ts). */
const EUR_RATES_2026 = [
  '1.0350',
  '1.0420',
  '1.0810',
  '1.1350',
  '1.1280',
  '1.1520',
  '1.1690',
  '1.1640',
  '1.1730',
  '1.1610',
  '1.1580',
  '1.1600',
];
/** The demo plan's budget rate: January's, the month its baseline was locked. */
const BUDGET_RATE = 1.035;

/** "12.345,67 $" (de-DE) → 12345.67, through cents. */
const germanAmount = (text: string): number => Math.round(Number(text.replace(/[^0-9,-]/g, '').replace(',', '.')) * 100) / 100;
/** 115.8 → "115,80 $" with any space before the sign (de-DE puts a no-break space). */
const germanDollars = (dollars: number) =>
  new RegExp(`${dollars.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace('.', '\\.')}\\s\\$`);

const signIn = async (request: APIRequestContext) => {
  const response = await request.post('/api/identity/token/user', {
    data: { Username: DEMO_OWNER.email, Password: DEMO_OWNER.password, ClientId: CLIENT_ID },
  });
  expect(response.ok()).toBe(true);
  return { authorization: `Bearer ${(await response.json()).AccessToken as string}` };
};

const api = async (request: APIRequestContext, headers: Record<string, string>, path: string, data: unknown) => {
  const response = await request.post(path, { data, headers });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).Result;
};

/** The Actual cell of a category's row, read in de-DE (columns: Category, Budgeted, Planned, Committed, Actual, …). */
const reportActual = async (page: Page, category: string) => {
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: category, exact: true }) });
  return germanAmount((await row.getByRole('cell').nth(4).textContent()) ?? '');
};

const dashboardActual = async (page: Page) => {
  const card = page.locator('.ant-statistic').filter({ has: page.locator('.ant-statistic-title', { hasText: /^Actual$/ }) });
  return germanAmount((await card.locator('.ant-statistic-content').textContent()) ?? '');
};

test('a person reading in de-DE records a EUR expense on a USD plan and sees it converted on the dashboard and the report', async ({
  page,
  request,
}) => {
  // Three screens read twice on a loaded machine.
  test.setTimeout(180_000);
  const headers = await signIn(request);
  const profile = await api(request, headers, '/api/UserProfileClient/GetUserProfile', {});
  const restore = { FirstName: profile.FirstName, LastName: profile.LastName, Locale: profile.Locale ?? 'en-US' };
  let expenseId: string | null = null;
  try {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    await page.goto('/settings/myprofile');
    // Not searchable: opened and its option clicked (not in a dialog, so no backdrop to miss onto).
    await page.getByLabel('Numbers and dates').click();
    await clickOption(page, (list) => list.locator('.ant-select-item-option', { hasText: 'Deutsch (Deutschland)' }));
    await expect(page.locator('.ant-select').filter({ has: page.getByLabel('Numbers and dates') })).toContainText('Deutsch (Deutschland)');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();

    const reports = new ReportsPage(page);
    await reports.open();
    const researchBefore = await reportActual(page, 'Research');
    const totalBefore = await reportActual(page, 'Total');
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    const spentBefore = await dashboardActual(page);

    // €100.00 today, at this month's EUR rate; the budget rate is January's.
    const today = new Date();
    expect(today.getUTCFullYear(), 'the demo seed has EUR rates for 2026').toBe(2026);
    const rate = Number(EUR_RATES_2026[today.getUTCMonth()]);
    const converted = Math.round(100 * rate * 100) / 100;
    const fxVariance = Math.round((converted - 100 * BUDGET_RATE) * 100) / 100;

    await page.goto('/expenses');
    await page.getByRole('button', { name: 'Record expense' }).first().click();
    const dialog = await settled(page.getByRole('dialog', { name: 'Record expense' }));
    await chooseOption(dialog.getByLabel('Budget item'), 'Customer Survey');
    await dialog.getByLabel('Name').fill('Panel incentives, Berlin (e2e)');
    await chooseOption(dialog.getByRole('combobox', { name: 'Currency' }), 'EUR');
    await dialog.getByLabel('Amount').fill('100');
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Panel incentives, Berlin (e2e)', exact: true })).toBeVisible();
    expenseId = new URL(page.url()).pathname.split('/').pop() ?? null;
    // Both amounts: its own in EUR, and the base one beneath it in German formatting.
    await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Currency' }) })).toContainText('EUR');
    await expect(page.getByLabel('Amount')).toHaveValue(/^100(,00)?$/);
    await expect(page.getByText(germanDollars(converted)).first()).toBeVisible();

    await dashboard.open();
    await expect.poll(() => dashboardActual(page)).toBe(Math.round((spentBefore + converted) * 100) / 100);
    const fx = page.getByTestId('fx-variance');
    await expect(fx).toContainText('FX variance');
    await expect(fx).toContainText(germanDollars(Math.abs(fxVariance)));
    await page.screenshot({ path: '.tmp/screens/e2e-currencies-dashboard-de.png', fullPage: true });

    await reports.open();
    await expect.poll(() => reportActual(page, 'Research')).toBe(Math.round((researchBefore + converted) * 100) / 100);
    expect(await reportActual(page, 'Total')).toBe(Math.round((totalBefore + converted) * 100) / 100);
    await expect(page.getByText('FX variance').first()).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/e2e-currencies-report-de.png', fullPage: true });
  } finally {
    if (expenseId) {
      const expense = await api(request, headers, '/api/ExpenseClient/GetExpense', { ExpenseId: expenseId });
      await api(request, headers, '/api/ExpenseClient/Delete', { ExpenseId: expenseId, Version: expense.Version });
    }
    await api(request, headers, '/api/UserProfileClient/MySave', restore);
  }
});
