import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './fixtures.ts';
import { startTestProvider, type TestProvider } from '../apps/server/test/oidc-test-provider.ts';
import { LoginPage } from './page-models/login-page.ts';
import { Mailbox } from './page-models/mailbox.ts';
import { NewPasswordForm } from './page-models/password-pages.ts';
import { PeoplePage } from './page-models/people-page.ts';
import { signUpPaidAccount } from './page-models/paid-account.ts';

/** The contract's SSO_REQUIRED_MESSAGE (packages/contract/src/sso.ts), as a person reads it. */
const SSO_REQUIRED = 'Your account signs in through single sign-on: use Sign in with SSO.';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let provider: TestProvider | null = null;
test.afterEach(async () => {
  await provider?.stop();
  provider = null;
});

/** Serious or critical WCAG findings of axe on the screen, once its transitions have ended. */
const seriousViolations = async (page: Page) => {
  // The pointer off the button it last clicked: a hovered button's colours are not the screen's.
  await page.mouse.move(0, 0);
  // Endless ones (a spinner) are not waited for: a button's loading icon can keep spinning, out of
  // sight, in an antd leave motion that never ends (seen on Test connection).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
};

/** The identity provider's own sign-in page (oidc-provider's development login form). */
const signInAtProvider = async (page: Page, issuer: string, login: string) => {
  await expect(page).toHaveURL(new RegExp(`^${issuer.replace(/[.]/g, '\\.')}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('whatever the IdP checks');
  await page.locator('button[type="submit"]').click();
};

test('an Enterprise Owner sets up single sign-on against a real OpenID Provider; a new person signs in through its login page; "require SSO" then turns the password form away', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await signUpPaidAccount(page, request, 'enterprise', 'sso');
  // A person of the account with a password (invited, the invitation accepted in another browser).
  const robin = { firstName: 'Robin', lastName: 'Password', email: `robin-${Date.now()}@example.test`, password: 'robin-plans-2026-long' };
  const people = new PeoplePage(page);
  await people.open();
  await people.invite(robin);
  const robinsBrowser = await browser.newContext();
  const inbox = await robinsBrowser.newPage();
  await new Mailbox(inbox).waitForMessage(robin.email, 'invitation');
  await new Mailbox(inbox).openLinkInMailTo(robin.email, 'Accept invitation');
  await new NewPasswordForm(inbox).choose(robin.password);
  await expect(inbox).toHaveURL(/\/$/);
  await robinsBrowser.close();

  const domain = `sso-${Date.now()}-${Math.floor(Math.random() * 1e6)}.test`;
  const person = `casey@${domain}`;
  const redirectUri = `${baseURL}/sso/callback`;
  provider = await startTestProvider({
    clientId: 'plansmith-e2e',
    clientSecret: 'e2e-provider-secret',
    redirectUri,
    accounts: [{ email: person, givenName: 'Casey', familyName: 'Single' }],
  });

  // The settings, from the Account navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Single Sign-On' }).click();
  await expect(page.getByRole('heading', { name: 'Single sign-on' })).toBeVisible();
  await expect(page.getByLabel('Redirect URI')).toHaveValue(redirectUri);
  await page.getByLabel('Issuer URL').fill(provider.issuer);
  await page.getByLabel('Client ID').fill('plansmith-e2e');
  await page.getByLabel('Client secret').fill('e2e-provider-secret');
  await page.getByLabel('E-mail domains').fill(domain);
  await page.getByLabel('E-mail domains').press('Enter');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Issuer: ${provider.issuer}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The single sign-on settings were saved.')).toBeVisible();
  await expect(page.getByText(/A secret is saved/)).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/sso-settings.png', fullPage: true });
  // On a phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '.tmp/screens/sso-settings-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 860 });

  // Signed out, a new person of the domain signs in through the provider's own page.
  await page.goto('/logout');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await expect(page).toHaveURL(/\/login\/sso$/);
  await page.getByLabel('Work email').fill(person);
  await page.getByLabel('Work email').press('Enter');
  await signInAtProvider(page, provider.issuer, person);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveTitle('Dashboard · Plansmith');
  await expect(page).toHaveURL(`${baseURL}/`);
  // Created on this first sign-in with the default role, Member: the account's settings are not theirs.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Single Sign-On' })).toHaveCount(0);

  // The Owner requires SSO.
  await page.goto('/logout');
  await new LoginPage(page).signInAs(owner);
  await page.goto('/account/sso');
  await page.getByRole('switch', { name: 'Require single sign-on' }).click();
  await expect(page.getByText('Passwords stop working for everyone but the Owner')).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/sso-require-warning.png', fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The single sign-on settings were saved.')).toBeVisible();

  // Robin's right password is turned away with the message; the Owner's still works (break-glass).
  await page.goto('/logout');
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(robin.email, robin.password);
  await expect(page.getByRole('alert').filter({ hasText: SSO_REQUIRED })).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/sso-required-login.png', fullPage: true });
  await expect(page).toHaveURL(/\/login$/);
  await login.signIn(owner.email, owner.password);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('a failed single sign-on comes back to /login with its reason; by keyboard, Sign in with SSO opens the e-mail step, and an address without SSO is told so', async ({
  page,
}) => {
  await page.goto('/login?sso_error=Your%20account%20is%20not%20active.');
  await expect(page.getByRole('alert').filter({ hasText: 'Your account is not active.' })).toBeVisible();

  // By keyboard: the link opens the e-mail step, which has the focus; Enter sends it.
  await page.getByRole('link', { name: 'Sign in with SSO' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\/sso$/);
  await expect(page.getByLabel('Work email')).toBeFocused();
  await page.keyboard.type('pat@no-sso-here.test');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'No single sign-on is set up for no-sso-here.test.' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\/sso$/);
});
