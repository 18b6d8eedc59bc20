import { type APIRequestContext, expect, test } from './fixtures.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { watchRequests } from './page-models/quiet.ts';
import { chooseOption, clickOption } from './page-models/select-option.ts';

const EMPTY_ID = '00000000-0000-0000-0000-000000000000';

/** YYYY-MM of the month `offset` months from the current one (UTC, as the demo tenant's zone). */
const monthFrom = (offset: number): string => {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
};
const lastDay = (month: string) =>
  `${month}-${String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate()).padStart(2, '0')}`;
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The API as the demo Owner: a plan of three months that have all ended, with one item and its expenses. */
const arrange = async (request: APIRequestContext, planName: string) => {
  const login = await request.post('/api/identity/token/user', {
    data: { Username: DEMO_OWNER.email, Password: DEMO_OWNER.password, ClientId: 'plansmith-web' },
  });
  expect(login.ok()).toBe(true);
  const { AccessToken } = (await login.json()) as { AccessToken: string };
  const call = async (path: string, data: unknown) => {
    const response = await request.post(path, { data, headers: { Authorization: `Bearer ${AccessToken}` } });
    const body = (await response.json()) as { Result: never; Message: string | null };
    return { status: response.status(), ...body };
  };
  const plans = await call('/api/MarketingPlanClient/GetMarketingPlans', {});
  const teamId = (plans.Result as { TeamId: string }[])[0]?.TeamId;
  const categories = (await call('/api/BudgetCategoryClient/GetBudgetCategories', {})).Result as { Id: string; CategoryType: 1 | 2 | 3 }[];
  const category = categories[0];
  if (!teamId || !category) throw new Error('the demo tenant has no team or category');
  const [first, second, third] = [monthFrom(-3), monthFrom(-2), monthFrom(-1)];
  const plan = await call('/api/MarketingPlanClient/Save', {
    Id: EMPTY_ID,
    Name: planName,
    TeamId: teamId,
    StartDate: `${first}-01`,
    EndDate: lastDay(third),
  });
  expect(plan.status, plan.Message ?? '').toBe(200);
  const planId = (plan.Result as { Id: string }).Id;
  const item = await call('/api/BudgetItemClient/Save', {
    Id: EMPTY_ID,
    Name: 'Close search ads',
    Amount: 1500,
    ItemType: 1,
    BudgetCategoryId: category.Id,
    MarketingPlanId: planId,
    Months: [
      { Month: first, Amount: 1000 },
      { Month: second, Amount: 500 },
    ],
  });
  expect(item.status, item.Message ?? '').toBe(200);
  const itemId = (item.Result as { Id: string }).Id;
  const expense = async (name: string, amount: number, status: 1 | 2 | 3) => {
    const saved = await call('/api/ExpenseClient/Save', {
      Id: EMPTY_ID,
      MarketingPlanId: planId,
      BudgetItemId: itemId,
      Name: name,
      PurchaseDate: `${first}-15`,
      Amount: amount,
      Status: status,
      CategoryType: category.CategoryType,
    });
    expect(saved.status, saved.Message ?? '').toBe(200);
  };
  await expense('Close spent ads', 900, 3);
  await expense('Close banner', 99.99, 1);
  await expense('Close agency PO', 250, 2);
  await expense('Close idea', 40, 1);
  return { call, planId, itemId, category, first, second };
};

test.describe('month close', () => {
  test('settles the blockers (mark actual, move, cancel), closes a month with roll forward, sees it closed and an expense in it refused', async ({
    page,
    request,
  }) => {
    const PLAN = `Close E2E ${Date.now()}`;
    const { call, planId, itemId, category, first, second } = await arrange(request, PLAN);
    const { quiet } = watchRequests(page);
    await new LoginPage(page).signInAs(DEMO_OWNER);
    await chooseOption(page.getByLabel('Context plan'), PLAN);
    await page.getByRole('link', { name: 'Month Close' }).first().click();
    await quiet();
    const name = monthName(first);
    await expect(page.getByRole('listitem', { name: `${name}: next to close` })).toBeVisible();
    const blockers = page.getByRole('list', { name: `Blockers of ${name}` });
    await expect(blockers.getByRole('listitem')).toHaveCount(3);
    const close = page.getByRole('button', { name: `Close ${name}` });
    await expect(close).toBeDisabled();

    // Mark actual: the banner's $99.99 joins the month's actual.
    await blockers.getByRole('listitem', { name: 'Close banner' }).getByRole('button', { name: 'Mark actual' }).click();
    await expect(blockers.getByRole('listitem', { name: 'Close banner' })).toBeHidden();
    // Move the agency PO into the next month.
    const move = page.getByLabel('Move Close agency PO to a month');
    await move.click();
    await clickOption(page, (list) => list.locator('.ant-select-item-option', { hasText: monthName(second).replace(/^(\w{3})\w*/, '$1') }));
    await expect(blockers.getByRole('listitem', { name: 'Close agency PO' })).toBeHidden();
    // Cancel the idea (the expense is deleted).
    await blockers.getByRole('listitem', { name: 'Close idea' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Cancel expense' }).click();
    await expect(page.getByText(`No planned or committed expense is left in ${name} or earlier.`)).toBeVisible();

    // $1,000.00 budget − $999.99 actual: one cent rolls forward.
    const unspent = page.getByRole('table');
    await expect(unspent.getByRole('row', { name: /Close search ads/ })).toContainText('$1,000.00');
    await expect(unspent.getByRole('row', { name: /Close search ads/ })).toContainText('$999.99');
    await expect(unspent.getByRole('row', { name: /Close search ads/ })).toContainText('$0.01');
    await expect(page.getByRole('radio', { name: /Roll forward \$0\.01/ })).toBeChecked();
    await close.click();
    await page
      .getByRole('button', { name: `Close ${name}` })
      .last()
      .click();
    await expect(page.getByRole('listitem', { name: `${name}: closed` })).toBeVisible();
    await expect(page.getByRole('listitem', { name: `${name}: closed` })).toContainText('Unspent rolled forward');
    await expect(page.getByRole('listitem', { name: `${monthName(second)}: next to close` })).toBeVisible();

    // The month refuses an expense dated in it, naming it.
    const refused = await call('/api/ExpenseClient/Save', {
      Id: EMPTY_ID,
      MarketingPlanId: planId,
      BudgetItemId: itemId,
      Name: 'Too late',
      PurchaseDate: `${first}-20`,
      Amount: 1,
      Status: 3,
      CategoryType: category.CategoryType,
    });
    expect(refused.status).toBe(409);
    expect(refused.Message).toBe(
      `${name} is closed: nothing dated in it can be created, changed or deleted. An Admin can reopen it on the Close page.`,
    );
    // The next month's budget took the cent: $500.01.
    await expect(unspent.getByRole('row', { name: /Close search ads/ })).toContainText('$500.01');
  });
});
