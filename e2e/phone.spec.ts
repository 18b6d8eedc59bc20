import { CLIENT_ID } from '@plansmith/contract';
import { expect, type Page, test } from '@playwright/test';
import { settled } from './page-models/dialog.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { chooseOption } from './page-models/select-option.ts';

// The main journeys on a phone (issue 17, DESIGN.md §12): 390 × 844, nothing wider than the screen.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const DEMO_PLAN_ID = '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401';

/**
 * Elements that stick out past the right edge of the viewport, unless a scrolling ancestor holds
 * them (a table that scrolls sideways is fine; the page itself must not).
 */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden' || overflowX === 'clip') return true;
      }
      return false;
    };
    const wide = Array.from(document.body.querySelectorAll('*')).filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > width + 1 && !clipped(element);
    });
    return {
      pageScrolls: document.documentElement.scrollWidth > width,
      wide: wide.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`),
    };
  });

const expectFitsThePhone = async (page: Page, screen: string) => {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  expect(await overflowing(page), `${screen} at 390 px`).toEqual({ pageScrolls: false, wide: [] });
  await page.screenshot({ path: `.tmp/screens/phone-${screen}.png`, fullPage: true });
};

test('signs in, budgets, records an expense and reads the report at 390 px with nothing wider than the screen', async ({ page }) => {
  // Twelve screens, each waiting for the network to settle: an early answer a phone page does not use
  // (the plans, whose picker sits in the closed menu) is let go only after 10 s.
  test.slow();
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign In · Plansmith');
  await expectFitsThePhone(page, 'login');
  await new LoginPage(page).signIn(DEMO_OWNER.email, DEMO_OWNER.password);
  // One header row: a real menu button, no pickers spilling out.
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(menu).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Plansmith');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expectFitsThePhone(page, 'dashboard');

  // The drawer holds the team and plan pickers and the navigation, and closes on choosing a page.
  await menu.click();
  const drawer = await settled(page.getByRole('dialog', { name: 'Menu' }));
  await drawer.getByRole('link', { name: 'Budget' }).click();
  await expect(page.getByRole('heading', { name: 'Budget', exact: true })).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveTitle('Budget · Plansmith');
  await expectFitsThePhone(page, 'budget');

  await page.goto('/expenses');
  await expect(page.getByRole('heading', { name: 'Expenses' })).toBeVisible();
  await expectFitsThePhone(page, 'expenses');
  await page.getByRole('button', { name: 'Record expense' }).first().click();
  const dialog = await settled(page.getByRole('dialog', { name: 'Record expense' }));
  await chooseOption(dialog.getByLabel('Budget item'), 'Google Search Ads');
  await expect(dialog.getByText('Please choose the budget item')).toHaveCount(0);
  await dialog.getByLabel('Name').fill('Phone-recorded lunch');
  await dialog.getByLabel('Amount').fill('42.50');
  expect(await overflowing(page)).toEqual({ pageScrolls: false, wide: [] });
  await dialog.getByRole('button', { name: 'Record expense' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Phone-recorded lunch').first()).toBeVisible();

  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: /report/i }).first()).toBeVisible();
  await expectFitsThePhone(page, 'reports');

  for (const [screen, path] of [
    ['plans', '/plans'],
    ['plan', `/plans/${DEMO_PLAN_ID}`],
    ['people', '/account/people'],
    ['teams', '/account/teams'],
    ['spending', '/spending'],
  ] as const) {
    await page.goto(path);
    await expectFitsThePhone(page, screen);
  }
  // People keeps names whole: the name cell is at least a word wide.
  await page.goto('/account/people');
  const firstName = page.locator('.ant-table-tbody tr td').first();
  expect((await firstName.boundingBox())?.width ?? 0).toBeGreaterThan(120);
});

test('the guest summary fits a phone, and the app in that tab asks to sign in', async ({ page, request }) => {
  const login = await request.post('/api/identity/token/user', {
    data: { Username: DEMO_OWNER.email, Password: DEMO_OWNER.password, ClientId: CLIENT_ID },
  });
  const { AccessToken } = (await login.json()) as { AccessToken: string };
  const shared = await request.post('/api/MarketingPlanClient/Share', {
    data: { MarketingPlanId: DEMO_PLAN_ID },
    headers: { Authorization: `Bearer ${AccessToken}` },
  });
  const { ShareKey } = ((await shared.json()) as { Result: { ShareKey: string } }).Result;
  await page.goto(`/external/plansummary/${ShareKey}`);
  await expect(page.getByText('read-only summary shared with you')).toBeVisible();
  await expectFitsThePhone(page, 'guest');

  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) failed.push(response.url());
  });
  await page.goto('/budget');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fbudget$/);
  await expect(page.getByRole('heading', { name: 'Sign In' }).first()).toBeVisible();
  expect(failed).toEqual([]);
});
