import { expect, test } from './fixtures.ts';
import { BudgetPage } from './page-models/budget-page.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { PlansPage } from './page-models/plans-page.ts';

const PLAN = 'Launch Plan E2E';

/** Records an actual expense against one of the context plan's items, as the expenses screen would. */
const recordExpense = (page: import('@playwright/test').Page, itemName: string, amount: number) =>
  page.evaluate(
    async ({ itemName, amount }) => {
      const token = JSON.parse(localStorage.getItem('user_session') ?? '{}').AccessToken as string;
      const planId = localStorage.getItem('context_plan');
      const call = async (path: string, body: unknown) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return (await response.json()).Result;
      };
      const items = (await call('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: planId })) as {
        Id: string;
        Name: string;
        CategoryType: number;
      }[];
      const item = items.find((entry) => entry.Name === itemName);
      if (!item) throw new Error(`no item ${itemName}`);
      await call('/api/ExpenseClient/Save', {
        MarketingPlanId: planId,
        BudgetItemId: item.Id,
        Name: 'Invoice 1',
        PurchaseDate: new Date().toISOString().slice(0, 10),
        Amount: amount,
        Status: 3,
        CategoryType: item.CategoryType,
      });
    },
    { itemName, amount },
  );

test.describe('plans and budget', () => {
  test('creates a plan, budgets it in two categories, edits an amount in place, sees subtotals and burn rate, archives it', async ({
    page,
  }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    const plans = new PlansPage(page);
    await plans.open();
    await plans.createPlan(PLAN);
    // A new plan becomes the context plan.
    await expect(page.getByLabel('Context plan').locator('..')).toContainText(PLAN);

    const budget = new BudgetPage(page);
    await budget.open();
    await expect(page.getByText('This plan has no budget items yet.')).toBeVisible();
    await budget.addItem({ name: 'Search ads', category: 'Paid Media', amount: '1000' });
    await budget.addItem({ name: 'Analytics seats', category: 'Software & Tools', amount: '500' });
    await expect(budget.categoryRow('Paid Media')).toContainText('$1,000.00');
    await expect(budget.categoryRow('Software & Tools')).toContainText('$500.00');
    await expect(budget.total()).toContainText('$1,500.00');

    await budget.editAmount('Search ads', '999', 'Escape');
    await expect(budget.amountButton('Search ads')).toHaveText('$1,000.00');
    await budget.editAmount('Search ads', '1,200');
    await expect(budget.amountButton('Search ads')).toHaveText('$1,200.00');
    await expect(budget.amountButton('Search ads')).toBeFocused();
    await expect(budget.categoryRow('Paid Media')).toContainText('$1,200.00');
    await expect(budget.total()).toContainText('$1,700.00');
    const types = page.getByRole('table', { name: 'Subtotals by item type' });
    await expect(types.getByRole('row', { name: /Productive/ })).toContainText('$1,200.00');
    await expect(types.getByRole('row', { name: /Operational/ })).toContainText('$500.00');

    await recordExpense(page, 'Search ads', 300);
    await page.reload();
    await expect(budget.itemRow('Search ads')).toContainText('$300.00');
    await expect(budget.itemRow('Search ads').getByLabel('Burn rate 25%')).toBeVisible();
    await expect(budget.categoryRow('Paid Media').getByLabel('Burn rate 25%')).toBeVisible();
    await expect(budget.total().getByLabel('Burn rate 18%')).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/e2e-budget.png', fullPage: true });

    await plans.open();
    await plans.archive(PLAN);
    await plans.tab('Archived').click();
    await expect(plans.row(PLAN)).toBeVisible();
    await budget.open();
    await expect(page.getByText('This plan is archived')).toBeVisible();
    await expect(page.getByRole('button', { name: /Add item/ })).toHaveCount(0);
  });
});
