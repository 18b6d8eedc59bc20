import { type Browser, expect, type Page, test } from './fixtures.ts';
import { BudgetPage } from './page-models/budget-page.ts';
import { settled } from './page-models/dialog.ts';
import { ExpensesPage } from './page-models/expenses-pages.ts';
import { DEMO_MEMBER, DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { Onboarding } from './page-models/onboarding.ts';

/*
 * Live changes (issue 30.3, DESIGN.md §13): two people on one plan in two browsers. What one saves
 * appears in the other's open budget grid within a second, without the other's half-typed cell being
 * lost; the plan page shows who else is viewing it.
 */

const signedIn = async (browser: Browser, user: { email: string; password: string }): Promise<Page> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await new LoginPage(page).signInAs(user);
  await new Onboarding(page).closeTourIfDue();
  return page;
};

/**
 * The demo plan both demo people see (the member is a Planner in both teams), by its name: other
 * journeys of the same run add plans (an empty "Funnel Plan E2E") that may sort first.
 */
const firstPlanPath = async (page: Page): Promise<string> => {
  await page.goto('/plans');
  const link = page.locator('main a[href^="/plans/"]').filter({ hasText: '2026 Marketing Plan' }).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  if (!href) throw new Error('no plan link');
  return href;
};

const openBudgetOf = async (page: Page, planPath: string) => {
  await page.goto(planPath);
  await page.getByRole('button', { name: 'Open budget' }).click();
  await expect(page.getByRole('heading', { name: 'Budget', exact: true })).toBeVisible();
};

/** The items whose amount can be edited in place (a phased item's amount is changed by its months). */
const editableItemNames = async (page: Page): Promise<string[]> => {
  const buttons = page.getByRole('button', { name: /^Amount of .*Press Enter to edit$/ });
  await expect(buttons.first()).toBeVisible();
  const labels = await buttons.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.slice('Amount of '.length, label.lastIndexOf(': ')));
};

test('two people on one plan: each sees the other on the plan page, and B’s expense appears in A’s budget grid within a second without losing A’s typing', async ({
  browser,
}) => {
  const a = await signedIn(browser, DEMO_OWNER);
  const b = await signedIn(browser, DEMO_MEMBER);
  const planPath = await firstPlanPath(a);

  // Presence: both on the plan page, each sees the other.
  await a.goto(planPath);
  await b.goto(planPath);
  await expect(a.getByTestId('plan-viewers')).toContainText(/Member/);
  await expect(b.getByTestId('plan-viewers')).toContainText(/Demo|Owner/);
  await a.screenshot({ path: '.tmp/screens/live-a-plan-viewers.png' });

  await openBudgetOf(a, planPath);
  await openBudgetOf(b, planPath);
  const [first, second] = await editableItemNames(a);
  if (!first || !second) throw new Error('the demo plan needs two budget items');

  // A starts typing an amount and leaves the editor open.
  const budgetA = new BudgetPage(a);
  await budgetA.amountButton(second).focus();
  await a.keyboard.press('Enter');
  const editorA = a.getByRole('textbox', { name: `Amount of ${second}` });
  await expect(editorA).toBeFocused();
  await editorA.fill('4321');

  // B records an expense against the first item (B's budget screen: the expenses of the same plan).
  const rowA = budgetA.itemRow(first);
  const before = await rowA.innerText();
  const expenses = new ExpensesPage(b);
  await expenses.open();
  await expenses.recordExpense({ item: first, name: `Live ${Date.now()}`, amount: '1234.56' });
  const savedAt = Date.now();

  // Within a second A's grid shows it…
  await expect(rowA).not.toHaveText(before, { timeout: 1_000 });
  const shownAfterMs = Date.now() - savedAt;
  test.info().annotations.push({ type: 'B’s expense shown in A’s budget grid after', description: `${shownAfterMs} ms` });
  // …and A's cell is still being typed in, with what A typed.
  await expect(editorA).toBeFocused();
  await expect(editorA).toHaveValue('4321');
  // Both screens, to be looked at side by side.
  await a.screenshot({ path: '.tmp/screens/live-a-budget-grid.png' });
  await b.screenshot({ path: '.tmp/screens/live-b-expenses.png' });
  await a.keyboard.press('Escape');
});

test('two people save one expense: the later save gets the merge dialog, and “Save mine over theirs” keeps both people’s changes', async ({
  browser,
}) => {
  const a = await signedIn(browser, DEMO_OWNER);
  const b = await signedIn(browser, DEMO_MEMBER);
  await a.goto('/expenses');
  const link = a.locator('main a[href^="/expenses/"]').first();
  await expect(link).toBeVisible();
  const expensePath = await link.getAttribute('href');
  if (!expensePath) throw new Error('no expense link');

  // Both open the expense as it is now.
  await a.goto(expensePath);
  await b.goto(expensePath);
  const payee = `Payee ${Date.now()}`;
  await expect(a.getByLabel('Amount')).toBeVisible();
  await expect(b.getByLabel('Payee')).toBeVisible();

  // B changes the payee and saves first.
  await b.getByLabel('Payee').fill(payee);
  await b.getByRole('button', { name: 'Save expense' }).click();
  await expect(b.getByText('Expense saved.')).toBeVisible();

  // A, from the version A opened, changes the amount and saves: the merge dialog, never a silent overwrite.
  await a.getByLabel('Amount').fill('4321.09');
  await a.getByRole('button', { name: 'Save expense' }).click();
  const dialog = a.getByRole('dialog').filter({ hasText: 'Someone else changed this while you were editing' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/changed this expense at .+ while you were editing\./);
  await expect(dialog.getByRole('row', { name: /Amount/ })).toContainText('$4,321.09');
  await settled(dialog);
  await a.screenshot({ path: '.tmp/screens/live-a-merge-dialog.png' });
  await dialog.getByRole('button', { name: 'Save mine over theirs' }).click();
  await expect(a.getByText('Expense saved.')).toBeVisible();

  // Both changes are kept: A's amount and B's payee.
  await b.goto(expensePath);
  await expect(b.getByLabel('Amount')).toHaveValue(/4,?321\.09/);
  await expect(b.getByLabel('Payee')).toHaveValue(payee);
});
