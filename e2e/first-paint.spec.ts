import { expect, type Page, test } from './fixtures.ts';
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
    test(`the sign-in page is in /login's HTML, drawn where the app draws it when it opens /login itself (${width} px)`, async ({
      browser,
    }) => {
      // The page as the server sends it, with every script file refused: only its own script runs.
      const withoutScripts = await browser.newContext({ viewport: { width, height: 844 } });
      await withoutScripts.route('**/*.js', (route) => route.abort());
      const before = await withoutScripts.newPage();
      await before.goto('/login');
      await expect(before.getByRole('heading', { name: 'Sign In' })).toBeVisible();
      await expect(before.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expect(before.getByLabel('Email')).toBeEditable();
      const painted = await layoutOf(before);
      await withoutScripts.close();

      // The app's own sign-in page (React), as it draws it after a link inside the app.
      const withScripts = await browser.newContext({ viewport: { width, height: 844 } });
      const after = await withScripts.newPage();
      await after.goto('/forgotpassword');
      await after.getByRole('link', { name: 'Sign In' }).click();
      await expect(after).toHaveURL(/\/login$/);
      // The address changes before the route's page is drawn: wait for the sign-in page itself (the
      // forgot-password page has an Email field too, and was once measured instead).
      await expect(after.getByRole('heading', { name: 'Sign In' })).toBeVisible();
      await expect(after.getByLabel('Email')).toBeEditable();
      expect(await layoutOf(after)).toEqual(painted);
      await withScripts.close();
    });
  }

  test('without JavaScript at all the drawn form sends nothing (the password never goes into the address)', async ({ browser }) => {
    const withoutJavaScript = await browser.newContext({ javaScriptEnabled: false });
    const page = await withoutJavaScript.newPage();
    await page.goto('/login');
    await expect(page.getByLabel('Email')).not.toBeEditable();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await withoutJavaScript.close();
  });

  test("/login signs in with none of the app's JavaScript loaded or run: only its own script, the app's files prefetched once idle", async ({
    page,
  }) => {
    // Every app script refused: the sign-in must not need one.
    const scripts: { url: string; purpose: string }[] = [];
    await page.route('**/assets/*.js', async (route) => {
      scripts.push({ url: route.request().url(), purpose: (await route.request().allHeaders())['sec-purpose'] ?? '' });
      await route.abort();
    });
    await page.goto('/login?returnTo=%2Fbudget');
    const login = new LoginPage(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter your email!')).toBeVisible();
    await expect(page.getByText('Please enter your password!')).toBeVisible();
    await login.signIn(DEMO_OWNER.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Login Failed' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fbudget$/);
    // The browser fetched the app's files only to keep them (prefetch), never to run them.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => script.purpose !== 'prefetch')).toEqual([]);
    expect(await page.evaluate(() => document.querySelectorAll('script[src], link[rel="modulepreload"]').length)).toBe(0);

    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/budget$/);
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('user_session') ?? 'null') as { IsAuthenticated?: boolean });
    expect(session?.IsAuthenticated).toBe(true);
  });

  test('/login loads no script file and at most 8 KB of its own, and after the sign-in the app opens the page asked for', async ({
    page,
  }) => {
    const evaluated: string[] = [];
    page.on('request', async (request) => {
      if (request.resourceType() === 'script' && (await request.allHeaders())['sec-purpose'] !== 'prefetch') evaluated.push(request.url());
    });
    const response = await page.goto('/login?returnTo=%2Fbudget');
    const html = (await response?.text()) ?? '';
    const ownScript = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce((sum, match) => sum + (match[1]?.length ?? 0), 0);
    expect(ownScript).toBeGreaterThan(0);
    expect(ownScript).toBeLessThanOrEqual(8 * 1024);
    await page.waitForLoadState('networkidle');
    expect(evaluated, 'script files loaded to run on /login').toEqual([]);
    await new LoginPage(page).signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    await expect(page).toHaveURL(/\/budget$/);
    await expect(page.getByRole('heading', { name: 'Budget', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
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
