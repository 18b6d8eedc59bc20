import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { DEMO_MEMBER, DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { watchRequests } from './page-models/quiet.ts';
import { chooseOption } from './page-models/select-option.ts';

// Live changes of the Forecast view (DESIGN.md §13–§14, migration 1026): the Owner has a plan's
// Forecast view open; the Member saves a forecast from another session; the Owner's open grid and its
// Landing show it within a couple of seconds, without a reload. A plan of its own, not the demo plan.

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

/** Calls the API as one person, in a session of its own (its own sign-in). */
const sessionOf = async (request: APIRequestContext, user: { email: string; password: string }) => {
  const login = await request.post('/api/identity/token/user', {
    data: { Username: user.email, Password: user.password, ClientId: 'plansmith-web' },
  });
  expect(login.ok()).toBe(true);
  const { AccessToken } = (await login.json()) as { AccessToken: string };
  return async <T>(path: string, data: unknown): Promise<T> => {
    const response = await request.post(path, { data, headers: { Authorization: `Bearer ${AccessToken}` } });
    const body = (await response.json()) as { Result: T; Message: string | null };
    expect(response.status(), body.Message ?? '').toBe(200);
    return body.Result;
  };
};

/** A plan of this month and the next two with one item of $3,000.00 (spread $1,000.00 a month). */
const arrange = async (request: APIRequestContext, planName: string) => {
  const call = await sessionOf(request, DEMO_OWNER);
  const plans = await call<{ TeamId: string }[]>('/api/MarketingPlanClient/GetMarketingPlans', {});
  const categories = await call<{ Id: string }[]>('/api/BudgetCategoryClient/GetBudgetCategories', {});
  const teamId = plans[0]?.TeamId;
  const categoryId = categories[0]?.Id;
  if (!teamId || !categoryId) throw new Error('the demo tenant has no team or category');
  const months = [monthFrom(0), monthFrom(1), monthFrom(2)] as const;
  const plan = await call<{ Id: string }>('/api/MarketingPlanClient/Save', {
    Id: EMPTY_ID,
    Name: planName,
    TeamId: teamId,
    StartDate: `${months[0]}-01`,
    EndDate: lastDay(months[2]),
  });
  const item = await call<{ Id: string }>('/api/BudgetItemClient/Save', {
    Id: EMPTY_ID,
    Name: 'Live search',
    Amount: 3000,
    ItemType: 1,
    BudgetCategoryId: categoryId,
    MarketingPlanId: plan.Id,
  });
  return { months, planId: plan.Id, itemId: item.Id };
};

const forecastCell = (page: Page, item: string, month: string) =>
  page.getByRole('cell', { name: new RegExp(`^${item}, ${shortName(month)} forecast: `) });

test('an open Forecast view shows a forecast another session saves, with its Landing, without a reload', async ({ page, request }) => {
  const PLAN = `Forecast live E2E ${Date.now()}`;
  const { months, planId, itemId } = await arrange(request, PLAN);
  const { quiet } = watchRequests(page);
  await new LoginPage(page).signInAs(DEMO_OWNER);
  await chooseOption(page.getByLabel('Context plan'), PLAN);
  await page.getByRole('link', { name: 'Budget', exact: true }).first().click();
  await quiet();
  await page.getByLabel('Columns').getByText('Forecast', { exact: true }).click();
  const cell = forecastCell(page, 'Live search', months[1]);
  await expect(cell).toHaveAccessibleName(/: \$1,000\.00 \(from the budget\)/);
  await expect(page.getByTestId('forecast-landing')).toContainText('Landing $3,000.00');
  await quiet();
  let reloads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads += 1;
  });

  // The Member, in a session of their own, forecasts next month at $1,234.56.
  const member = await sessionOf(request, DEMO_MEMBER);
  await member('/api/ForecastClient/Save', {
    MarketingPlanId: planId,
    Cells: [{ BudgetItemId: itemId, Month: months[1], Forecast: 1234.56 }],
  });
  const savedAt = Date.now();
  await expect(cell).toHaveAccessibleName(/: \$1,234\.56 \(entered\)/, { timeout: 3_000 });
  test
    .info()
    .annotations.push({ type: 'the Member’s forecast shown in the Owner’s grid after', description: `${Date.now() - savedAt} ms` });
  await expect(page.getByTestId('forecast-landing')).toContainText('Landing $3,234.56');
  await expect(page.getByTestId('forecast-item-Live search')).toContainText('-$234.56');
  expect(reloads).toBe(0);
  await page.screenshot({ path: '.tmp/screens/forecast-live-owner.png' });
});

test('Ctrl+Z in the Forecast view puts back a typed forecast, and the Undo button says what it undoes', async ({ page, request }) => {
  const PLAN = `Forecast undo E2E ${Date.now()}`;
  const { months } = await arrange(request, PLAN);
  const { quiet } = watchRequests(page);
  await new LoginPage(page).signInAs(DEMO_OWNER);
  await chooseOption(page.getByLabel('Context plan'), PLAN);
  await page.getByRole('link', { name: 'Budget', exact: true }).first().click();
  await quiet();
  await page.getByLabel('Columns').getByText('Forecast', { exact: true }).click();
  const cell = forecastCell(page, 'Live search', months[2]);
  await cell.click();
  await page.keyboard.type('19.99');
  await page.keyboard.press('Enter');
  await expect(cell).toHaveAccessibleName(/: \$19\.99 \(entered\)/);
  const undo = page.getByRole('button', { name: `Undo: changed the forecast of Live search, ${shortName(months[2])}` });
  await expect(undo).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/forecast-undo-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await undo.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screens/forecast-undo-390.png' });
  await page.setViewportSize({ width: 1366, height: 860 });
  await cell.click();
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(cell).toHaveAccessibleName(/: \$1,000\.00 \(from the budget\)/);
  await expect(page.getByText(`Undone: changed the forecast of Live search, ${shortName(months[2])}.`)).toBeVisible();
  await expect(undo).toBeHidden();
  await expect(page.getByTestId('forecast-landing')).toContainText('Landing $3,000.00');
});
