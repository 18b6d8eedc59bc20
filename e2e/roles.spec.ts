import { expect, test } from './fixtures.ts';
import { LoginPage } from './page-models/login-page.ts';
import { Onboarding } from './page-models/onboarding.ts';

// Issue 17 point 7 (DESIGN.md §12): controls a role cannot use are not offered; read-only screens say so once.
const DEMO_VIEWER = { email: 'viewer@plansmith.test', password: 'plansmith-demo-2026' };
const DEMO_PLAN_ID = '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401';

test('a Viewer is offered no write control on plans, budget, items and expenses, and is told why once', async ({ page }) => {
  await new LoginPage(page).signInAs(DEMO_VIEWER);
  // The demo Viewer has not finished the new-user tour.
  await new Onboarding(page).closeTourIfDue();
  const writeButtons = page.getByRole('button', {
    name: /^(New plan|Add item|Add the first item|Record expense|Save item|Save expense|Delete)$/,
  });

  await page.goto('/plans');
  await expect(page.getByRole('heading', { name: 'Plans', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '2026 Marketing Plan' }).first()).toBeVisible();
  await expect(writeButtons).toHaveCount(0);

  await page.goto(`/plans/${DEMO_PLAN_ID}`);
  await expect(page.getByRole('heading', { name: '2026 Marketing Plan', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Edit|Archive|Share|Delete)/ })).toHaveCount(0);

  await page.goto('/budget');
  await expect(page.getByRole('heading', { name: 'Budget', exact: true })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(1);
  await expect(page.getByRole('note')).toContainText('Your team role lets you read this plan’s budget and expenses, not change them.');
  await expect(page.getByTestId('item-Google Search Ads')).toBeVisible();
  await expect(writeButtons).toHaveCount(0);
  // The grid's in-place cells stay as text: disabled, under the note that says why.
  await expect(page.getByRole('button', { name: /^Amount of / }).first()).toBeDisabled();
  await expect(page.locator('.budget-grid button:enabled')).toHaveCount(0);

  await page.getByRole('link', { name: /^Open Google Search Ads/ }).click();
  await expect(page.getByRole('heading', { name: 'Google Search Ads' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(1);
  await expect(writeButtons).toHaveCount(0);

  await page.goto('/expenses');
  await expect(page.getByRole('heading', { name: 'Expenses' })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(writeButtons).toHaveCount(0);
});
