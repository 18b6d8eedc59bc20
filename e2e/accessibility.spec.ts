import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';

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
