import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { BudgetPage } from './page-models/budget-page.ts';
import { settled } from './page-models/dialog.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { PlansPage } from './page-models/plans-page.ts';
import { PlaybookPage } from './page-models/playbook-page.ts';

test.describe('the playbook', () => {
  test('previews a starter play, uses it and sees the new plan’s budget with the play’s items', async ({ page }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    const playbook = new PlaybookPage(page);
    await playbook.open();
    const card = playbook.card('Trade show / event');
    await expect(card).toContainText('$78,200.00');
    await expect(card).toContainText('4 months');
    await expect(card).toContainText('6 items');

    // The preview lists the items by category with their phasing.
    await card.getByRole('button', { name: 'Preview Trade show / event' }).click();
    const drawer = await settled(page.getByRole('dialog', { name: 'Trade show / event' }));
    await expect(drawer.getByRole('region', { name: 'Events' })).toContainText('Booth space & sponsorship');
    await expect(drawer.getByRole('region', { name: 'Events' })).toContainText('$47,000.00');
    await expect(drawer.getByRole('img', { name: /^Phasing by month — .*\$17,500\.00/ }).first()).toBeVisible();
    await expect(drawer.getByRole('region', { name: 'Objectives' })).toContainText('Booth leads');
    const axe = await new AxeBuilder({ page }).include('.ant-drawer').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await drawer.getByRole('button', { name: 'Use this play' }).click();
    await playbook.fillCreatePlan('Use “Trade show / event”', { name: 'Trade Show E2E', startDate: '2027-03-01' });

    await expect(page).toHaveURL(/\/budget$/);
    await expect(page.getByLabel('Context plan').locator('..')).toContainText('Trade Show E2E');
    const budget = new BudgetPage(page);
    await expect(budget.total()).toContainText('$78,200.00');
    await expect(budget.itemRow('Booth space & sponsorship')).toContainText('$35,000.00');
    await expect(budget.itemRow('Post-show nurture content')).toContainText('$4,000.00');
  });

  test('saves the current plan as a play, finds it, renames and deletes it', async ({ page }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    const plans = new PlansPage(page);
    await plans.open();
    await plans.createPlan('Play Source E2E');
    // A new plan becomes the context plan: the one "Save current plan as a play" saves.
    const budget = new BudgetPage(page);
    await budget.open();
    await expect(page.getByLabel('Context plan').locator('..')).toContainText('Play Source E2E');
    await budget.addItem({ name: 'Podcast sponsorship', category: 'Paid Media', amount: '12345.67' });

    const playbook = new PlaybookPage(page);
    await playbook.open();
    await playbook.saveCurrentPlanAs('Podcast Play E2E');
    await expect(page.getByText('“Podcast Play E2E” saved to the playbook.')).toBeVisible();
    const card = playbook.card('Podcast Play E2E');
    await expect(card).toContainText('$12,345.67');
    await expect(card).toContainText('1 item');
    await expect(card).toContainText('Paid Media');

    await card.getByRole('button', { name: 'Rename Podcast Play E2E' }).click();
    const rename = await settled(page.getByRole('dialog', { name: 'Rename play' }));
    await rename.getByLabel('Play name').fill('Audio Play E2E');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(playbook.card('Audio Play E2E')).toContainText('$12,345.67');
    await expect(playbook.card('Podcast Play E2E')).toHaveCount(0);

    await playbook.card('Audio Play E2E').getByRole('button', { name: 'Delete Audio Play E2E' }).click();
    const deletion = await settled(page.getByRole('dialog', { name: /Delete the play/ }));
    await deletion.getByRole('button', { name: 'Delete play' }).click();
    await expect(page.getByText('“Audio Play E2E” deleted.')).toBeVisible();
    await expect(playbook.card('Audio Play E2E')).toHaveCount(0);
  });

  test('copies a plan to next year from the plans list and opens the copy’s budget', async ({ page }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    const plans = new PlansPage(page);
    await plans.open();
    await plans.createPlan('Roll Forward E2E');
    const budget = new BudgetPage(page);
    await budget.open();
    await budget.addItem({ name: 'Analyst briefings', category: 'Events', amount: '2500' });

    await plans.open();
    await page.getByRole('button', { name: 'Actions for Roll Forward E2E' }).click();
    await page.getByRole('menuitem', { name: 'Copy to next year…' }).click();
    const playbook = new PlaybookPage(page);
    await playbook.fillCreatePlan('Copy “Roll Forward E2E” to next year', { name: 'Roll Forward E2E (next year)' });

    await expect(page).toHaveURL(/\/budget$/);
    await expect(page.getByLabel('Context plan').locator('..')).toContainText('Roll Forward E2E (next year)');
    await expect(budget.itemRow('Analyst briefings')).toContainText('$2,500.00');
    await expect(budget.total()).toContainText('$2,500.00');
  });
});
