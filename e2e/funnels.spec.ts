import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { settled } from './page-models/dialog.ts';
import { ExpectationsPage, FunnelsPage } from './page-models/funnels-pages.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { PlansPage } from './page-models/plans-page.ts';

test.describe('funnels and expectations', () => {
  test('sets a goal and rates, sees the volumes and implied budget, generates the forecast, edits it with the keyboard, enters actuals', async ({
    page,
  }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    const plans = new PlansPage(page);
    await plans.open();
    await plans.createPlan('Funnel Plan E2E');

    const funnels = new FunnelsPage(page);
    await funnels.open();
    await expect(page.getByText('Set a revenue goal and an average deal size to see what the goal needs.')).toBeVisible();
    // $100,000 ÷ $5,000 = 20 deals.
    await funnels.setGoal({ revenue: '100000', dealSize: '5000', costPerLead: '10' });
    await expect(page.getByText('Deals needed')).toBeVisible();
    await expect(funnels.stageRow('Customer')).toContainText('20');

    // 20 ÷ 25% = 80 opportunities ÷ 50% = 160 SQLs ÷ 50% = 320 MQLs ÷ 50% = 640 leads ÷ 10% = 6,400 visitors.
    await funnels.setRate('Opportunity', '25');
    await funnels.setRate('Sales Qualified Lead', '50');
    await funnels.setRate('Marketing Qualified Lead', '50');
    await funnels.setRate('Lead', '50');
    await funnels.setRate('Visitor', '10');
    await expect(funnels.stageRow('Visitor')).toContainText('6,400');
    await expect(funnels.stageRow('Lead')).toContainText('640');
    await expect(funnels.stageRow('Opportunity')).toContainText('80');
    // The cost is per Lead by default: 640 leads × $10 = $6,400 against a plan with no budget yet.
    await expect(page.getByLabel('Cost per Lead', { exact: true })).toBeVisible();
    await expect(funnels.verdict()).toHaveText('The plan’s budget of $0.00 does not cover the goal: it needs $6,400.00, $6,400.00 more.');
    // Said to be per visitor, the same $10 implies 6,400 visitors × $10 = $64,000.
    await funnels.setCostStage('Visitor');
    await expect(page.getByLabel('Cost per Visitor', { exact: true })).toBeVisible();
    await expect(funnels.verdict()).toHaveText('The plan’s budget of $0.00 does not cover the goal: it needs $64,000.00, $64,000.00 more.');
    // Actual counts are entered beside the forecast; the Funnels page says where.
    await expect(page.getByRole('link', { name: 'enter actuals on the Expectations page' })).toBeVisible();

    const forecast = new ExpectationsPage(page);
    await forecast.open();
    await expect(page.getByText(/No forecast yet\. Generate it from the funnel model/)).toBeVisible();
    await page.getByRole('button', { name: 'Generate from funnel' }).last().click();
    await expect(page.getByText('Forecast generated from the funnel.')).toBeVisible();
    const first = await forecast.firstMonth();
    // No budget: the volume is spread evenly over the plan's months (a new plan runs from today for
    // a year, 12 or 13 months) in whole counts; the leftover units go to the first months.
    const months = await forecast.monthCount();
    const evenShare = (total: number, index: number) => Math.floor(total / months) + (index < total % months ? 1 : 0);
    await expect(forecast.cell('Expected', 'Visitor', first)).toHaveText(String(evenShare(6400, 0)));
    await expect(forecast.cell('Expected', 'Lead', first)).toHaveText(String(evenShare(640, 0)));
    await expect(page.getByRole('row', { name: /^Total/ })).toContainText('6,400');
    const secondVisitors = evenShare(6400, 1);

    // Keyboard: arrow down to the second month, Enter, type, Enter saves; Escape cancels an edit.
    await forecast.cell('Expected', 'Visitor', first).focus();
    await page.keyboard.press('ArrowDown');
    const second = page.locator(':focus');
    await expect(second).toHaveAttribute('data-cell', '1:0');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('600');
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-cell="1:0"]')).toHaveText('600');
    await expect(page.getByRole('row', { name: /^Total/ })).toContainText((6400 - secondVisitors + 600).toLocaleString('en-US'));
    await forecast.type(page.locator('[data-cell="1:0"]'), '999', 'Escape');
    await expect(page.locator('[data-cell="1:0"]')).toHaveText('600');
    // ArrowRight moves from Visitor's expected to its actual.
    await page.locator('[data-cell="1:0"]').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator(':focus')).toHaveAttribute('data-cell', '1:1');

    // Actuals beside the forecast: 1,000 visitors and 150 leads convert at 15%; 200 leads at 20%.
    await forecast.type(forecast.cell('Actual', 'Visitor', first), '1000');
    await expect(forecast.cell('Actual', 'Visitor', first)).toHaveText('1,000');
    await forecast.type(forecast.cell('Actual', 'Lead', first), '150');
    await expect(forecast.cell('Actual', 'Lead', first)).toHaveText('150');
    await funnels.open();
    await expect(funnels.stageRow('Visitor')).toContainText('15%');
    await forecast.open();
    await forecast.type(forecast.cell('Actual', 'Lead', first), '200');
    await expect(forecast.cell('Actual', 'Lead', first)).toHaveText('200');
    await funnels.open();
    await expect(funnels.stageRow('Visitor')).toContainText('20%');

    // Generating over a forecast asks first, then restores the model's numbers and keeps the actuals.
    await forecast.open();
    await page.getByRole('button', { name: 'Generate from funnel' }).click();
    const confirm = await settled(page.getByRole('dialog').filter({ hasText: 'Replace the forecast?' }));
    await confirm.getByRole('button', { name: 'Replace forecast' }).click();
    await expect(page.locator('[data-cell="1:0"]')).toHaveText(String(secondVisitors));
    await expect(forecast.cell('Actual', 'Lead', first)).toHaveText('200');
  });

  test('the demo plan’s funnel and forecast screens have no serious WCAG violations', async ({ page }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    // The demo's 2026 plan (demo-ids.ts DEMO_PLAN), whatever other test made another plan the context.
    await page.evaluate(() => localStorage.setItem('context_plan', '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401'));
    for (const [path, ready] of [
      ['/funnels', 'Deals needed'],
      ['/expectations', 'Q1 2026'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
      // The demo's stages take 132 days from Visitor to Customer: the forecast says how many deals that pushes past December.
      await expect(page.getByText(/^\d+ of \d+ deals \(Customer\) fall after the plan ends/)).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
        path,
      ).toEqual([]);
    }
  });
});
