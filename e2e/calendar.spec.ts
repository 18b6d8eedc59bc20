import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { watchRequests } from './page-models/quiet.ts';

// The calendar (issue 33 part B, DESIGN.md §16) in the real browser: a 2027 plan of its own (the demo
// plan's Jan–Oct 2026 are closed, and the other journeys read the demo plan), a program with a campaign
// and an item. The Owner drags the campaign's bar, moves and stretches it with the keys, opens its
// details, and on a phone reads the plan as a list by month. The plan is deleted afterwards.

const EMPTY_ID = '00000000-0000-0000-0000-000000000000';
const BRAND = { id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0c01', name: 'Brand & Content' };
const PLAN_NAME = 'Calendar E2E 2027';

type Call = (path: string, data: unknown) => Promise<{ status: number; Result: never; Message: string | null }>;

const apiAs = async (request: APIRequestContext, user: { email: string; password: string }): Promise<Call> => {
  const login = await request.post('/api/identity/token/user', {
    data: { Username: user.email, Password: user.password, ClientId: 'plansmith-web' },
  });
  expect(login.ok()).toBe(true);
  const { AccessToken } = (await login.json()) as { AccessToken: string };
  return async (path, data) => {
    const response = await request.post(path, { data, headers: { Authorization: `Bearer ${AccessToken}` } });
    const body = (await response.json()) as { Result: never; Message: string | null };
    return { status: response.status(), ...body };
  };
};

type Campaign = { Id: string; Name: string; StartDate: string; EndDate: string; Version: number };

const ok = <T>(answer: { status: number; Result: never; Message: string | null }): T => {
  expect(answer.status, answer.Message ?? '').toBe(200);
  return answer.Result as T;
};

/** The plan this test made, deleted after it. */
let created: string | null = null;

/** The 2027 plan with "E2E program" (the year) → "E2E launch" (March, with the item "E2E launch ads" phased Mar–Apr). */
const arrange = async (owner: Call) => {
  const categories = ok<{ Id: string; CategoryType: number }[]>(await owner('/api/BudgetCategoryClient/GetBudgetCategories', {}));
  const category = categories.find((c) => c.CategoryType === 1) ?? categories[0];
  if (!category) throw new Error('the demo tenant has no category');
  const plan = ok<{ Id: string }>(
    await owner('/api/MarketingPlanClient/Save', {
      Id: EMPTY_ID,
      Name: PLAN_NAME,
      TeamId: BRAND.id,
      StartDate: '2027-01-01',
      EndDate: '2027-12-31',
    }),
  );
  // Deleted after the test, whatever happens from here on.
  created = plan.Id;
  const program = ok<Campaign>(
    await owner('/api/CampaignClient/Save', {
      Id: EMPTY_ID,
      MarketingPlanId: plan.Id,
      Name: 'E2E program',
      StartDate: '2027-01-01',
      EndDate: '2027-12-31',
    }),
  );
  const launch = ok<Campaign>(
    await owner('/api/CampaignClient/Save', {
      Id: EMPTY_ID,
      MarketingPlanId: plan.Id,
      ParentId: program.Id,
      Name: 'E2E launch',
      StartDate: '2027-03-01',
      EndDate: '2027-03-31',
    }),
  );
  ok(
    await owner('/api/BudgetItemClient/Save', {
      Id: EMPTY_ID,
      Name: 'E2E launch ads',
      Amount: 3000,
      ItemType: 1,
      BudgetCategoryId: category.Id,
      MarketingPlanId: plan.Id,
      CampaignId: launch.Id,
      Months: [
        { Month: '2027-03', Amount: 1000 },
        { Month: '2027-04', Amount: 2000 },
      ],
    }),
  );
  return { planId: plan.Id, launchId: launch.Id };
};

const showPlan = (page: Page, planId: string) =>
  page.evaluate(
    ([team, plan]) => {
      localStorage.setItem('context_team', team as string);
      localStorage.setItem('context_plan', plan as string);
    },
    [BRAND.id, planId],
  );

const savedLaunch = async (owner: Call, planId: string, launchId: string) =>
  ok<{ Campaigns: Campaign[] }>(await owner('/api/CampaignClient/List', { MarketingPlanId: planId })).Campaigns.find(
    (campaign) => campaign.Id === launchId,
  );

test.afterEach(async ({ request }) => {
  if (!created) return;
  const owner = await apiAs(request, DEMO_OWNER);
  const plan = ok<{ Version: number }>(await owner('/api/MarketingPlanClient/GetMarketingPlan', { MarketingPlanId: created }));
  ok(await owner('/api/MarketingPlanClient/Delete', { MarketingPlanId: created, Version: plan.Version }));
  created = null;
});

test('drags a campaign on the calendar, moves and stretches it with the keys, opens it, and reads the plan by month on a phone', async ({
  page,
  request,
}) => {
  const owner = await apiAs(request, DEMO_OWNER);
  const { planId, launchId } = await arrange(owner);
  const { quiet } = watchRequests(page);
  await new LoginPage(page).signInAs(DEMO_OWNER);
  await showPlan(page, planId);
  // The context plan is read when the app starts.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page).toHaveTitle('Calendar · Plansmith');

  const bar = page.getByRole('button', { name: /^Campaign E2E launch, / });
  await expect(bar).toHaveAccessibleName('Campaign E2E launch, Mar 1, 2027 – Mar 31, 2027');
  // The item's bar: its budget months, March–April.
  await expect(page.getByRole('link', { name: 'Budget item E2E launch ads, budget in Mar 1, 2027 – Apr 30, 2027' })).toBeVisible();
  await quiet();

  // Drag: the month zoom draws 3 px a day, so 30 px to the right is 10 days later.
  const box = await bar.boundingBox();
  if (!box) throw new Error('the bar is not drawn');
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 15, y, { steps: 3 });
  await page.mouse.move(x + 30, y, { steps: 3 });
  await page.mouse.up();
  await expect(bar).toHaveAccessibleName('Campaign E2E launch, Mar 11, 2027 – Apr 10, 2027');
  await expect.poll(async () => (await savedLaunch(owner, planId, launchId))?.StartDate).toBe('2027-03-11');
  expect(await savedLaunch(owner, planId, launchId)).toMatchObject({ EndDate: '2027-04-10', Version: 2 });
  // Releasing the drag did not open the details.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The keys: → a month later, Shift+→ the end a month later, Enter the details.
  await bar.focus();
  await page.keyboard.press('ArrowRight');
  await expect(bar).toHaveAccessibleName('Campaign E2E launch, Apr 11, 2027 – May 10, 2027');
  await expect.poll(async () => (await savedLaunch(owner, planId, launchId))?.Version).toBe(3);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(bar).toHaveAccessibleName('Campaign E2E launch, Apr 11, 2027 – Jun 10, 2027');
  await expect.poll(async () => (await savedLaunch(owner, planId, launchId))?.EndDate).toBe('2027-06-10');
  expect(await savedLaunch(owner, planId, launchId)).toMatchObject({ StartDate: '2027-04-11', Version: 4 });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'E2E launch' });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('Apr 11, 2027 – Jun 10, 2027');
  await expect(drawer).toContainText('$3,000.00');
  await expect(drawer.getByRole('link', { name: 'E2E launch ads' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Zoom by quarter: the keys then move by three months.
  await page.getByLabel('Zoom').getByText('Quarter', { exact: true }).click();
  await bar.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(bar).toHaveAccessibleName('Campaign E2E launch, Jan 11, 2027 – Mar 10, 2027');
  await expect.poll(async () => (await savedLaunch(owner, planId, launchId))?.StartDate).toBe('2027-01-11');

  // A phone: a list by month, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const february = page.getByRole('list', { name: 'February 2027' });
  await expect(february.getByRole('button', { name: 'E2E launch' })).toBeVisible();
  // A month's items are folded under their campaign.
  const april = page.getByRole('list', { name: 'April 2027' });
  await april.getByText('1 budget item').click();
  await expect(april.getByRole('link', { name: 'E2E launch ads' })).toBeVisible();
  await expect(april).toContainText('$2,000.00 this month');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await february.getByRole('button', { name: 'E2E launch' }).click();
  await expect(page.getByRole('dialog', { name: 'E2E launch' })).toContainText('Jan 11, 2027 – Mar 10, 2027');
});
