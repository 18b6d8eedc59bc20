import { CLIENT_ID } from '@plansmith/contract';
import { expect, test } from './fixtures.ts';
import { CommentsPanelModel, DashboardPage, ExpensePage, ExpensesPage, ReportsPage } from './page-models/expenses-pages.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { Onboarding } from './page-models/onboarding.ts';

const DEMO_VIEWER = { email: 'viewer@plansmith.test', password: DEMO_OWNER.password };

/** The demo's live plan and one of its items (apps/server/src/seed/demo-ids.ts). */
const DEMO_PLAN_ID = '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401';
const SURVEY_ITEM_ID = '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2512';

test.describe('expenses, reports and the dashboard', () => {
  test('recording an expense against an item changes its burn rate, the report and the dashboard', async ({ page }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    const reports = new ReportsPage(page);
    await reports.open();
    const researchBefore = await reports.actualOf('Research');
    const totalBefore = await reports.actualOf('Total');
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    const spentBefore = await dashboard.spent();

    const expenses = new ExpensesPage(page);
    await expenses.open();
    await expenses.recordExpense({ item: 'Customer Survey', name: 'Survey panel top-up', amount: '123.45', payee: 'Qualtrics' });
    await expect(page.getByRole('heading', { name: 'Survey panel top-up', exact: true })).toBeVisible();

    const expense = new ExpensePage(page);
    const card = expense.burnRateCard();
    await expect(card).toContainText('Customer Survey');
    await expect(card).toContainText(`$${(researchBefore + 123.45).toLocaleString('en-US', { minimumFractionDigits: 2 })} actual`);
    const rateBefore = await card.getByRole('progressbar').getAttribute('aria-valuenow');
    await expense.changeAmount('1123.45');
    await expect(card).not.toContainText(`$${(researchBefore + 123.45).toLocaleString('en-US', { minimumFractionDigits: 2 })} actual`);
    await expect
      .poll(async () => Number(await card.getByRole('progressbar').getAttribute('aria-valuenow')))
      .toBeGreaterThan(Number(rateBefore));

    await reports.open();
    await expect.poll(() => reports.actualOf('Research')).toBe(Math.round((researchBefore + 1123.45) * 100) / 100);
    expect(await reports.actualOf('Total')).toBe(Math.round((totalBefore + 1123.45) * 100) / 100);
    await dashboard.open();
    await expect.poll(() => dashboard.spent()).toBe(Math.round((spentBefore + 1123.45) * 100) / 100);
    await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText('Survey panel top-up');
    await page.screenshot({ path: '.tmp/screens/e2e-dashboard-after-expense.png', fullPage: true });
  });

  test('a Viewer reads the expenses but is not offered to record, change or comment', async ({ page }) => {
    await new LoginPage(page).signInAs(DEMO_VIEWER);
    await new Onboarding(page).closeTourIfDue();
    const expenses = new ExpensesPage(page);
    await expenses.open();
    await expect(page.getByRole('table')).toContainText('Google Search Ads');
    await expect(page.getByRole('button', { name: 'Record expense' })).toHaveCount(0);
    await page
      .getByRole('link', { name: /Google Search Ads — / })
      .first()
      .click();
    await expect(page.getByText('Your team role lets you read this expense, not change it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Post comment' })).toHaveCount(0);
  });

  test('a comment on a budget item appears with its author', async ({ page }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    await page.goto(`/budget/${SURVEY_ITEM_ID}`);
    const comments = new CommentsPanelModel(page);
    await comments.post('Survey vendor confirmed for June.');
    await expect(comments.list()).toContainText('Survey vendor confirmed for June.');
    await expect(comments.list()).toContainText('Dana Demo');
    await page.reload();
    await expect(comments.list()).toContainText('Survey vendor confirmed for June.');
  });
});

test.describe('guest plan summary', () => {
  test('a shared plan opens read-only for a visitor without an account; an unknown key is not available', async ({ request, browser }) => {
    const login = await request.post('/api/identity/token/user', {
      data: { Username: DEMO_OWNER.email, Password: DEMO_OWNER.password, ClientId: CLIENT_ID },
    });
    const { AccessToken } = (await login.json()) as { AccessToken: string };
    const shared = await request.post('/api/MarketingPlanClient/Share', {
      data: { MarketingPlanId: DEMO_PLAN_ID },
      headers: { Authorization: `Bearer ${AccessToken}` },
    });
    expect(shared.status()).toBe(200);
    const { ShareKey } = ((await shared.json()) as { Result: { ShareKey: string } }).Result;

    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(`/external/plansummary/${ShareKey}`);
    await expect(guestPage.getByRole('heading', { name: '2026 Marketing Plan', exact: true })).toBeVisible();
    await expect(guestPage.getByText('read-only summary shared with you')).toBeVisible();
    await expect(guestPage.getByRole('cell', { name: 'Paid Media' })).toBeVisible();
    expect(await guestPage.evaluate(() => sessionStorage.getItem('guest_access'))).toBe('true');
    await expect(guestPage).toHaveURL(new RegExp(`/external/plansummary/${ShareKey}$`));
    await guestPage.screenshot({ path: '.tmp/screens/e2e-guest-summary.png', fullPage: true });

    await guestPage.goto(`/external/plansummary/${'n'.repeat(43)}`);
    await expect(guestPage.getByText('This plan summary is not available')).toBeVisible();
    await guest.close();
  });
});
