import { expect, test } from './fixtures.ts';
import { BudgetPage } from './page-models/budget-page.ts';
import { ExpensesPage } from './page-models/expenses-pages.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { ObjectivePage, ObjectivesPage, PerformancePage } from './page-models/objectives-pages.ts';
import { PlansPage } from './page-models/plans-page.ts';

const PLAN = 'Objectives Plan E2E';

test.describe('objectives and performance', () => {
  test('creates an objective, records results, links an item, records an expense on it and sees cost per result and performance change', async ({
    page,
  }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    const plans = new PlansPage(page);
    await plans.open();
    await plans.createPlan(PLAN);
    await expect(page.getByLabel('Context plan').locator('..')).toContainText(PLAN);
    const budget = new BudgetPage(page);
    await budget.open();
    await budget.addItem({ name: 'Webinar ads', category: 'Paid Media', amount: '2000' });

    const objectives = new ObjectivesPage(page);
    await objectives.open();
    await expect(page.getByText('No objectives yet.')).toBeVisible();
    await objectives.addObjective({ name: 'Webinar leads', target: '100', unit: 'leads' }, 'Add the first objective');
    // Started today without results: behind its pace.
    await expect(objectives.row('Webinar leads')).toContainText('Behind');

    const performance = new PerformancePage(page);
    await performance.open();
    await expect(performance.kpi('Cost per result')).toHaveText('—');
    await expect(performance.kpi('Spent')).toHaveText('$0.00');

    await objectives.open();
    await objectives.openObjective('Webinar leads');
    const objective = new ObjectivePage(page);
    await objective.recordResult('40', 'First webinar');
    await objective.recordResult('10');
    await expect(objective.tile('Actual')).toHaveText('50');
    await expect(page.getByRole('region', { name: 'Results' })).toContainText('First webinar');
    // Nothing spent yet on its (not yet linked) items.
    await expect(objective.tile('Cost per result')).toHaveText('$0.00');

    await objective.linkItem('Webinar ads');
    await expect(objective.tile('Spent')).toHaveText('$0.00');
    await expect(page.getByText('of $2,000.00')).toBeVisible();

    const expenses = new ExpensesPage(page);
    await expenses.open();
    await expenses.recordExpense({ item: 'Webinar ads', name: 'Webinar promotion', amount: '300' });

    await objectives.open();
    // $300.00 ÷ 50 leads
    await expect(objectives.row('Webinar leads')).toContainText('$6.00');
    await objectives.openObjective('Webinar leads');
    await expect(objective.tile('Cost per result')).toHaveText('$6.00');
    await expect(objective.tile('Spent')).toHaveText('$300.00');
    await page.screenshot({ path: '.tmp/screens/e2e-objective.png', fullPage: true });

    await performance.open();
    await expect(performance.kpi('Spent')).toHaveText('$300.00');
    await expect(performance.kpi('Cost per result')).toHaveText('$6.00');
    await expect(page.getByRole('link', { name: 'Webinar leads' })).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/e2e-performance.png', fullPage: true });
  });
});
