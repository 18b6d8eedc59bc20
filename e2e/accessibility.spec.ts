import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';
import { settled } from './page-models/dialog.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { callRoute, sessionHeaders, signUpPaidAccount } from './page-models/paid-account.ts';
import { WebhooksPage } from './page-models/webhooks-page.ts';

/** The demo tenant's plan (apps/server/src/seed/demo-ids.ts DEMO_PLAN). */
const DEMO_PLAN_ID = '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401';
/** The demo plan's MQL objective (apps/server/src/seed/objectives.seed.ts). */
const DEMO_OBJECTIVE_ID = '6b1f3c2e-0d4a-4f7e-9a59-0b0000000001';
/** WCAG 2.0/2.1 A and AA rules decide; best-practice rules (landmarks, heading order) are only reported. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Waits until the screen has drawn its data: no spinner, no skeleton, no running transition. */
const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
};

/** Runs axe on the current screen; prints every finding, fails only on serious or critical WCAG ones. */
const expectNoSeriousViolations = async (page: Page, screen: string) => {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags([...WCAG_TAGS, 'best-practice']).analyze();
  const describe = (v: (typeof violations)[number]) =>
    `${v.impact ?? 'unknown'} ${v.id} ×${v.nodes.length}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`;
  const summary = violations.length ? violations.map(describe).join('\n  ') : 'no violations';
  console.log(`[axe] ${screen}:\n  ${summary}`);
  test.info().annotations.push({ type: 'axe', description: `${screen}: ${summary}` });
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? '') && v.tags.some((tag) => WCAG_TAGS.includes(tag)));
  expect(blocking.map(describe), `serious/critical WCAG violations on ${screen}`).toEqual([]);
};

test.describe('accessibility of the signed-out screens', () => {
  const screens: Array<[string, string, string]> = [
    ['sign-in', '/login', 'Sign In'],
    ['create-account', '/register', 'Create Your Account'],
    ['forgot-password', '/forgotpassword', 'Forgot Password'],
    ['sso-sign-in', '/login/sso', 'Sign In with SSO'],
  ];
  for (const [name, path, heading] of screens) {
    test(`the ${name} screen has no serious accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expectNoSeriousViolations(page, path);
    });
  }
});

test.describe('accessibility of the signed-in screens', () => {
  const screens: Array<[string, string]> = [
    ['dashboard', '/'],
    ['plans list', '/plans'],
    ['plan', `/plans/${DEMO_PLAN_ID}`],
    ['budget', '/budget'],
    ['expenses', '/expenses'],
    ['calendar', '/calendar'],
    ['reports', '/reports'],
    ['report builder', '/reports/builder'],
    ['spending', '/spending'],
    ['people', '/account/people'],
    ['teams', '/account/teams'],
    ['lookups', '/account/lookups'],
    ['billing', '/account/biling'],
    ['my profile', '/settings/myprofile'],
    ['objectives', '/objectives'],
    ['objective', `/objectives/${DEMO_OBJECTIVE_ID}`],
    ['performance', '/performance'],
    ['playbook', '/playbook'],
    ['currencies', '/account/currencies'],
    // The demo account is on Performance: the plan message (the Enterprise log is checked below).
    ['audit log', '/account/audit'],
    ['API tokens', '/settings/api-tokens'],
    ['webhooks', '/account/webhooks'],
    // On Performance too: the plan message (the Enterprise form is checked in sso.spec).
    ['single sign-on', '/account/sso'],
  ];
  for (const [name, path] of screens) {
    test(`the ${name} screen has no serious accessibility violations`, async ({ page }) => {
      await new LoginPage(page).signInAs(DEMO_OWNER);
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectNoSeriousViolations(page, path);
    });
  }
});

test.describe('accessibility of the audit log and API tokens with data, in an Enterprise account of their own', () => {
  test('the audit log with entries, the API tokens list and the new-token dialog have no serious accessibility violations', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await signUpPaidAccount(page, request, 'enterprise', 'axe');
    const headers = await sessionHeaders(request, owner);
    await callRoute(request, headers, '/api/ApiTokenClient/Create', { Name: 'Listed token', Scope: 'read', ExpiresInDays: 30 });

    await page.goto('/account/audit');
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await expect(page.getByText('API token created').first()).toBeVisible();
    await expectNoSeriousViolations(page, '/account/audit (Enterprise)');

    await page.goto('/settings/api-tokens');
    await expect(page.getByRole('cell', { name: /^Listed token psk_/ })).toBeVisible();
    await expectNoSeriousViolations(page, '/settings/api-tokens (a token listed)');
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = await settled(page.getByRole('dialog', { name: 'Create an API token' }));
    await dialog.getByLabel('Name').fill('Shown once');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByRole('dialog', { name: 'Copy your new API token' }).getByLabel('New API token')).toHaveValue(/^psk_/);
    await expectNoSeriousViolations(page, '/settings/api-tokens (the new token shown once)');
  });
});

test.describe('accessibility of the webhooks screen with a hook', () => {
  test('the webhooks list, the add dialog and a hook’s delivery log have no serious accessibility violations', async ({ page }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    const webhooks = new WebhooksPage(page);
    await webhooks.open();
    // Nothing listens on port 9 (discard): the test ping is not answered, so the log shows a retrying delivery.
    const url = 'http://127.0.0.1:9/axe-check';
    await webhooks.addWebhook({ url, events: { Expenses: ['Created', 'Updated'], Approvals: ['Decided'] } });
    await page.getByRole('button', { name: `Send a test to ${url}` }).click();
    await expect(page.getByText(/^Test not delivered: /)).toBeVisible({ timeout: 20_000 });
    // The pointer off the button it clicked: axe checks the screen as read, not a hovered button's colours.
    await page.mouse.move(0, 0);
    await expectNoSeriousViolations(page, '/account/webhooks (a hook listed)');

    await page.getByRole('button', { name: 'Add webhook' }).click();
    await settled(page.getByRole('dialog', { name: 'Add a webhook' }));
    await expectNoSeriousViolations(page, '/account/webhooks (the add dialog)');
    await page.getByRole('dialog', { name: 'Add a webhook' }).getByRole('button', { name: 'Cancel' }).click();

    const log = await webhooks.openDeliveries(url);
    await expect(log.getByText('Test (ping)')).toBeVisible();
    await expectNoSeriousViolations(page, '/account/webhooks (the delivery log)');
    await log.getByRole('button', { name: 'Close' }).click();
    // Deleted, so the demo account's later expenses (other specs) are sent nowhere.
    await webhooks.deleteWebhook(url);
  });
});
