import { expect, type Page, test } from './fixtures.ts';
import { BudgetPage } from './page-models/budget-page.ts';
import { LoginPage } from './page-models/login-page.ts';
import { settled } from './page-models/dialog.ts';
import { chooseOption } from './page-models/select-option.ts';
import { SIGNUP_PASSWORD, SignupPage, verificationLinkFor } from './page-models/signup-page.ts';

// The first hour of a new account (issue 17, DESIGN.md §12): budget at once, and typed values are kept or refused, never changed.

const uniqueEmail = () => `first-hour-${Date.now()}-${Math.floor(Math.random() * 1e6)}@signup.test`;

/** A date `days` after today (UTC, like the first plan's start), typed the en-US way and shown the app's way. */
const dayAhead = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    typed: `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`,
    shown: date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
  };
};

const signUpStarter = async (page: Page, request: Parameters<typeof verificationLinkFor>[0]) => {
  const email = uniqueEmail();
  const signup = new SignupPage(page);
  await page.goto('/register?plan=Starter');
  await signup.createAccount({ first: 'Fran', last: 'First', company: 'First Hour Co', email });
  await signup.setPassword(await verificationLinkFor(request, email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await new LoginPage(page).signIn(email, SIGNUP_PASSWORD);
  const setup = await settled(page.getByRole('dialog', { name: 'Set up your account' }));
  await setup.getByRole('button', { name: 'Close' }).click();
  await expect(setup).toBeHidden();
};

const statistic = (page: Page, title: string) =>
  page
    .locator('.ant-statistic', { has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
    .locator('.ant-statistic-content');

test('a fresh sign-up adds its first item and a planned expense without visiting Lookups, and Left to plan follows on the grid and the dashboard', async ({
  page,
  request,
}) => {
  await signUpStarter(page, request);

  // The empty-plan dashboard never says "Choose a plan": the first plan exists.
  await page.goto('/');
  await expect(page.getByText('Choose a plan')).toHaveCount(0);

  const budget = new BudgetPage(page);
  await budget.open();
  await budget.addItem({ name: 'Search ads', category: 'Paid Media', amount: '12000' });
  const row = budget.itemRow('Search ads');
  await expect(row.locator('td.num').last()).toHaveText('$12,000.00');

  // A planned expense, dated by typing MM/DD/YYYY.
  const date = dayAhead(20);
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Record expense' }).first().click();
  const dialog = await settled(page.getByRole('dialog', { name: 'Record expense' }));
  await chooseOption(dialog.getByLabel('Budget item'), 'Search ads');
  await dialog.getByLabel('Name').fill('Q3 search burst');
  await dialog.getByLabel('Amount').fill('2500');
  await dialog.getByText('Planned', { exact: true }).click();
  await dialog.getByLabel('Purchase date').fill(date.typed);
  // Enter keeps the typed date and sends the form.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Expense recorded.')).toBeVisible();
  await page.goto('/expenses');
  await expect(page.getByRole('row', { name: /Q3 search burst/ })).toContainText(date.shown);

  await budget.open();
  await expect(row.locator('td.num').last()).toHaveText('$9,500.00');
  await page.goto('/');
  await expect(statistic(page, 'Planned')).toHaveText('$2,500.00');
  await expect(statistic(page, 'Left to plan')).toHaveText('$9,500.00');
});

test('money and date inputs refuse what they cannot keep instead of changing it', async ({ page, request }) => {
  await signUpStarter(page, request);
  const budget = new BudgetPage(page);
  await budget.open();
  await page
    .getByRole('button', { name: /Add (item|the first item)$/ })
    .first()
    .click();
  const dialog = await settled(page.getByRole('dialog', { name: 'Add budget item' }));
  await dialog.getByLabel('Name').fill('Trade show');
  await dialog.getByLabel('Category').fill('Events');
  await page.keyboard.press('Enter');
  const amount = dialog.getByLabel('Amount (USD)');
  const add = dialog.getByRole('button', { name: 'Add item' });

  await amount.fill('-500');
  await add.click();
  await expect(dialog.getByText('The amount cannot be negative: enter $0.00 or more.')).toBeVisible();
  await amount.fill('123.456');
  await add.click();
  await expect(dialog.getByText('Enter whole cents: at most 2 decimals (e.g. 123.45).')).toBeVisible();
  await expect(amount).toHaveValue(/123\.456/);
  await amount.fill('1000000000000000000');
  await add.click();
  await expect(dialog.getByText(/^The amount can be at most \$[\d,]+\.\d\d\.$/)).toBeVisible();
  await expect(dialog).toBeVisible();

  await amount.fill('123.45');
  await add.click();
  await expect(dialog).toBeHidden();
  await expect(budget.itemRow('Trade show')).toContainText('$123.45');

  // A date outside the plan is refused with the plan's dates, not replaced by today.
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Record expense' }).first().click();
  const expense = await settled(page.getByRole('dialog', { name: 'Record expense' }));
  await chooseOption(expense.getByLabel('Budget item'), 'Trade show');
  await expense.getByLabel('Name').fill('Booth');
  await expense.getByLabel('Amount').fill('100');
  // Planned: an Actual expense in the future is refused before the plan's dates are checked (issue 28 A5).
  await expense.getByText('Planned', { exact: true }).click();
  const purchaseDate = expense.getByLabel('Purchase date');
  await purchaseDate.fill('2099-01-10');
  // Enter keeps the typed date and sends the form; the server refuses it.
  await page.keyboard.press('Enter');
  await expect(
    expense.locator('.ant-form-item-explain-error', {
      hasText: /^The purchase date must lie within the plan’s dates, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.$/,
    }),
  ).toBeVisible();
  await expect(purchaseDate).toHaveValue(/2099/);
  await expect(page.getByText('Expense recorded.')).toHaveCount(0);
});
