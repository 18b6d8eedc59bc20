import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { watchRequests } from './page-models/quiet.ts';
import { chooseOption } from './page-models/select-option.ts';

// Issue 31.3 (DESIGN.md §14): a forecast entered by keyboard and by a pasted block in the Forecast view
// of /budget, and Landing moving on the dashboard. A plan of its own, so nothing assumes the demo plan.

const EMPTY_ID = '00000000-0000-0000-0000-000000000000';

/** YYYY-MM of the month `offset` months from the current one (UTC, as the demo tenant's zone). */
const monthFrom = (offset: number): string => {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
};
const lastDay = (month: string) =>
  `${month}-${String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate()).padStart(2, '0')}`;
const shortName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The API as the demo Owner: a plan of this month and the next two, with two items of $3,000 (spread $1,000 a month). */
const arrange = async (request: APIRequestContext, planName: string) => {
  const login = await request.post('/api/identity/token/user', {
    data: { Username: DEMO_OWNER.email, Password: DEMO_OWNER.password, ClientId: 'plansmith-web' },
  });
  expect(login.ok()).toBe(true);
  const { AccessToken } = (await login.json()) as { AccessToken: string };
  const call = async (path: string, data: unknown) => {
    const response = await request.post(path, { data, headers: { Authorization: `Bearer ${AccessToken}` } });
    const body = (await response.json()) as { Result: never; Message: string | null };
    expect(response.status(), body.Message ?? '').toBe(200);
    return body.Result;
  };
  const plans = (await call('/api/MarketingPlanClient/GetMarketingPlans', {})) as { TeamId: string }[];
  const categories = (await call('/api/BudgetCategoryClient/GetBudgetCategories', {})) as { Id: string }[];
  const teamId = plans[0]?.TeamId;
  const categoryId = categories[0]?.Id;
  if (!teamId || !categoryId) throw new Error('the demo tenant has no team or category');
  const months = [monthFrom(0), monthFrom(1), monthFrom(2)] as const;
  const plan = (await call('/api/MarketingPlanClient/Save', {
    Id: EMPTY_ID,
    Name: planName,
    TeamId: teamId,
    StartDate: `${months[0]}-01`,
    EndDate: lastDay(months[2]),
  })) as { Id: string };
  for (const name of ['Forecast search', 'Forecast events'])
    await call('/api/BudgetItemClient/Save', {
      Id: EMPTY_ID,
      Name: name,
      Amount: 3000,
      ItemType: 1,
      BudgetCategoryId: categoryId,
      MarketingPlanId: plan.Id,
    });
  return { months };
};

const forecastCell = (page: Page, item: string, month: string) =>
  page.getByRole('cell', { name: new RegExp(`^${item}, ${shortName(month)} forecast: `) });

test.describe('forecast', () => {
  test('enters a forecast by keyboard and by paste in the Forecast view, and sees Landing move on the dashboard', async ({
    page,
    request,
    context,
  }) => {
    const PLAN = `Forecast E2E ${Date.now()}`;
    const { months } = await arrange(request, PLAN);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { quiet } = watchRequests(page);
    await new LoginPage(page).signInAs(DEMO_OWNER);
    await chooseOption(page.getByLabel('Context plan'), PLAN);

    // Before: landing on budget ($6,000).
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await quiet();
    await expect(page.getByTestId('landing')).toContainText('$6,000.00');
    await expect(page.getByTestId('landing-budget')).toHaveText('Landing on budget');

    await page.getByRole('link', { name: 'Budget', exact: true }).first().click();
    await quiet();
    await page.getByLabel('Columns').getByText('Forecast', { exact: true }).click();
    await expect(page.getByTestId('forecast-total')).toBeVisible();

    // By keyboard: the first month's cell, Right to the second, type, Enter.
    await forecastCell(page, 'Forecast search', months[0]).click();
    await page.keyboard.press('ArrowRight');
    await expect(forecastCell(page, 'Forecast search', months[1])).toBeFocused();
    await page.keyboard.type('1250.50');
    await page.keyboard.press('Enter');
    await expect(forecastCell(page, 'Forecast search', months[1])).toHaveAccessibleName(/: \$1,250\.50 \(entered\)/);

    // By paste: a row of two cells copied from a spreadsheet, onto the events row's first two months.
    await page.evaluate((text) => navigator.clipboard.writeText(text), '400\t$2,000.00\r\n');
    await forecastCell(page, 'Forecast events', months[0]).click();
    await page.keyboard.press('ControlOrMeta+V');
    // The toast (the Undo button beside the grid says it too).
    await expect(page.getByText('Pasted 2 forecast cells. Press Ctrl+Z to undo.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Undo: pasted 2 forecast cells' })).toBeVisible();
    await expect(forecastCell(page, 'Forecast events', months[0])).toHaveAccessibleName(/: \$400\.00 \(entered\)/);
    await expect(forecastCell(page, 'Forecast events', months[1])).toHaveAccessibleName(/: \$2,000\.00 \(entered\)/);
    // Search 1,000 + 1,250.50 + 1,000; events 400 + 2,000 + 1,000 = $6,650.50.
    await expect(page.getByTestId('forecast-landing')).toContainText('Landing $6,650.50');
    await expect(page.getByTestId('forecast-item-Forecast search')).toContainText('-$250.50');

    // The dashboard's Landing moved with it.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await quiet();
    await expect(page.getByTestId('landing')).toContainText('$6,650.50');
    await expect(page.getByTestId('landing-budget')).toHaveText('Landing $650.50 over budget');
  });
});
