import { expect, test } from './fixtures.ts';
import { BudgetPage } from './page-models/budget-page.ts';
import { settled } from './page-models/dialog.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { PlansPage } from './page-models/plans-page.ts';
import { watchRequests } from './page-models/quiet.ts';
import { chooseOption } from './page-models/select-option.ts';

const PLAN = 'Baseline Plan E2E';

// DESIGN.md §14: lock the plan's baseline, change a budget with a reason and see it listed, move
// budget between two items and see both move.
test.describe('baseline and reallocation', () => {
  test('locks the baseline, asks a reason for a budget change and lists it, reallocates between two items', async ({ page }) => {
    const network = watchRequests(page);
    await new LoginPage(page).signInAs(DEMO_OWNER);
    const plans = new PlansPage(page);
    await plans.open();
    await plans.createPlan(PLAN);
    const budget = new BudgetPage(page);
    await budget.open();
    await budget.addItem({ name: 'Search ads', category: 'Paid Media', amount: '1200' });
    await budget.addItem({ name: 'Trade show', category: 'Events', amount: '600' });

    // Lock the baseline on the plan page (a confirmation first).
    await page.getByRole('link', { name: PLAN }).click();
    const baseline = page.getByRole('region', { name: 'Baseline' });
    await expect(baseline.getByText('No budget changes yet.')).toBeVisible();
    await baseline.getByRole('button', { name: 'Lock baseline' }).click();
    const confirm = await settled(page.getByRole('dialog', { name: `Lock the baseline of “${PLAN}”?` }));
    await confirm.getByRole('button', { name: 'Lock baseline' }).click();
    await expect(baseline.getByText(/Baseline locked .* by Dana Demo\. Every budget change needs a reason\./)).toBeVisible();
    await expect(baseline.getByRole('button', { name: 'Unlock baseline' })).toBeVisible();

    // A budget change after the lock asks why, once, and is saved with the reason.
    await budget.open();
    await budget.amountButton('Trade show').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Amount of Trade show' }).fill('700');
    await page.keyboard.press('Enter');
    const why = await settled(page.getByRole('dialog', { name: 'Why does the budget change?' }));
    await why.getByLabel('Reason for the budget change').fill('Bigger booth');
    await why.getByRole('button', { name: 'Save with this reason' }).click();
    await expect(why).toBeHidden();
    await expect(budget.itemRow('Trade show')).toContainText('$700.00');

    // Reallocate $50.00 of this month from Search ads to the trade show: both items move, the total stays.
    await expect(budget.total()).toContainText('$1,900.00');
    await page.getByRole('button', { name: 'Reallocate' }).click();
    const move = await settled(page.getByRole('dialog', { name: 'Reallocate budget' }));
    await chooseOption(move.getByLabel('From item'), 'Search ads');
    await chooseOption(move.getByLabel('To item'), 'Trade show');
    await expect(move.getByText(/ left to move in /)).toBeVisible();
    await move.getByLabel('Amount to move').fill('50');
    await move.getByLabel('Reason').fill('Events outperform search');
    await move.getByRole('button', { name: 'Move budget' }).click();
    await expect(move).toBeHidden();
    await expect(budget.itemRow('Search ads')).toContainText('$1,150.00');
    await expect(budget.itemRow('Trade show')).toContainText('$750.00');
    await expect(budget.total()).toContainText('$1,900.00');

    // The plan page lists the edit and the reallocation with their reasons, who and before → after.
    await page.getByRole('link', { name: PLAN }).click();
    await network.quiet();
    const changes = page.getByRole('region', { name: 'Baseline' });
    await expect(changes.getByText('Bigger booth')).toBeVisible();
    await expect(changes.getByText('$600.00 → $700.00')).toBeVisible();
    await expect(changes.getByText('Events outperform search')).toHaveCount(2);
    await expect(changes.getByText('Reallocation')).toHaveCount(2);
    await expect(changes.getByText('Dana Demo').first()).toBeVisible();
  });
});
