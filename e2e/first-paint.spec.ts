import { expect, type Page, test } from '@playwright/test';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';

/** Where the sign-in page's parts are drawn: tag, id and box of each. */
const layoutOf = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('#root h1, #root p, #root label, #root input, #root button, #root a, #root footer')).map(
      (element) => {
        const box = element.getBoundingClientRect();
        return `${element.tagName}#${element.id} ${element.textContent?.trim() ?? ''} @${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
      },
    ),
  );

test.describe('first paint', () => {
  for (const width of [390, 1280]) {
    test(`the sign-in page is in /login's HTML, drawn where the app then draws it (${width} px)`, async ({ browser }) => {
      // Before the JavaScript: the page as the server sends it, with every script refused.
      const withoutScripts = await browser.newContext({ viewport: { width, height: 844 } });
      await withoutScripts.route('**/*.js', (route) => route.abort());
      const before = await withoutScripts.newPage();
      await before.goto('/login');
      await expect(before.getByRole('heading', { name: 'Sign In' })).toBeVisible();
      await expect(before.getByLabel('Email')).toBeVisible();
      await expect(before.getByRole('button', { name: 'Sign In' })).toBeVisible();
      // Nothing typed there can be lost when React draws over it.
      await expect(before.getByLabel('Email')).not.toBeEditable();
      const painted = await layoutOf(before);
      await withoutScripts.close();

      const withScripts = await browser.newContext({ viewport: { width, height: 844 } });
      const after = await withScripts.newPage();
      await after.goto('/login');
      await expect(after.locator('#root:not([data-prerendered])')).toBeAttached();
      await expect(after.getByLabel('Email')).toBeEditable();
      expect(await layoutOf(after)).toEqual(painted);
      await withScripts.close();
    });
  }

  test('a press of Sign In before the app has taken the page over is not lost', async ({ page }) => {
    // The page's own code held back until the button has been pressed on the page the server drew.
    let release: () => void = () => {};
    const pressed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/login-page-[\w-]+\.js$/, async (route) => {
      await pressed;
      await route.continue();
    });
    await page.goto('/login');
    // The button the server drew (React's has no data-submits).
    const drawnButton = page.locator('#root[data-prerendered] button[data-submits]');
    await expect(drawnButton).toHaveText('Sign In');
    await drawnButton.click();
    release();
    await expect(page.getByText('Please enter your email!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("another page shows the router's loading line before its JavaScript, and announces the page's scripts", async ({ browser }) => {
    const withoutScripts = await browser.newContext();
    await withoutScripts.route('**/*.js', (route) => route.abort());
    const page = await withoutScripts.newPage();
    const response = await page.goto('/budget');
    await expect(page.getByRole('status')).toHaveText('Loading Plansmith…');
    // The budget page's own code is fetched with the entry's, not after the router asks for it (at
    // low priority: the loading line does not wait for it, and the data requests go first).
    expect(await response?.text()).toMatch(
      /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/budget-page-[\w-]+\.js">/,
    );
    await withoutScripts.close();
  });

  test('a signed-in page asks for its data, its rows included, before its JavaScript has loaded, and the app takes those answers', async ({
    page,
  }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    // No plan chosen yet: the rows are asked for once the plans have answered.
    await page.evaluate(() => localStorage.removeItem('context_plan'));
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) asked.push(new URL(request.url()).pathname);
    });
    let release: () => void = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });

    await page.goto('/budget', { waitUntil: 'commit' });
    await expect.poll(() => asked).toContain('/api/BudgetItemClient/GetBudgetItems');
    expect(asked).toEqual(
      expect.arrayContaining([
        '/api/UserProfileClient/GetUserProfile',
        '/api/TenantClient/Get',
        '/api/MarketingPlanClient/GetMarketingPlans',
      ]),
    );
    release();
    await expect(page.locator('[data-testid^="item-"]').first()).toBeVisible();
    // The CSP let the inline script run, and the app asked for nothing twice.
    expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    expect(asked.filter((path) => path === '/api/BudgetItemClient/GetBudgetItems')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/MarketingPlanClient/GetMarketingPlans')).toHaveLength(1);
  });

  test("the first draw of /budget and /expenses takes antd's CSS from the build's stylesheet: antd makes none in the browser", async ({
    page,
  }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    for (const [path, rows] of [
      ['/budget', '[data-testid^="item-"]'],
      ['/expenses', '.ant-table-tbody tr.ant-table-row'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator(rows).first()).toBeVisible();
      await expect(page.locator('link[data-antd-styles]')).toHaveAttribute('media', 'all');
      // antd marks each style it makes with data-css-hash; only the theme's CSS variables
      // (data-token-hash) are still set in the browser.
      const made = await page.evaluate(() =>
        Array.from(document.querySelectorAll('style[data-css-hash]:not([data-token-hash])'), (style) => style.textContent?.slice(0, 60)),
      );
      expect(made, `antd made CSS in the browser on ${path}`).toEqual([]);
      // …and the page is styled: the primary button is antd's blue, not a browser's grey.
      await expect(page.locator('.ant-btn-primary').first()).toHaveCSS('background-color', 'rgb(9, 88, 217)');
    }
  });
});
