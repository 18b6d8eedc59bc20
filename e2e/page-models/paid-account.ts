import { CLIENT_ID } from '@plansmith/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { settled } from './dialog.ts';
import { SIGNUP_PASSWORD, SignupPage, verificationLinkFor } from './signup-page.ts';

export type PaidPlan = 'agility' | 'performance' | 'enterprise';

export type PaidAccount = { email: string; password: string; company: string };

const PLAN_NAMES: Record<PaidPlan, string> = { agility: 'Agility', performance: 'Performance', enterprise: 'Enterprise' };

/**
 * Signs a new account up for a paid plan through the sign-up screens and the payment sandbox (a test
 * card, billed monthly), and leaves its Owner signed in on the dashboard with the set-up overlay closed.
 * A journey that changes things (roles, tokens, the audit log) then works in a tenant of its own
 * instead of the demo tenant every spec shares.
 */
export const signUpPaidAccount = async (page: Page, request: APIRequestContext, plan: PaidPlan, label: string): Promise<PaidAccount> => {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@paid.test`;
  const company = `${PLAN_NAMES[plan]} ${label} ${Date.now() % 100_000}`;
  const signup = new SignupPage(page);
  await page.goto(`/register?plan=${plan}&bill=month`);
  await signup.createAccount({ first: 'Pat', last: 'Paid', company, email });
  await signup.setPassword(await verificationLinkFor(request, email));
  await expect(page).toHaveURL(/\/register\/payment$/);
  await expect(page.getByRole('radio', { name: PLAN_NAMES[plan] })).toHaveAttribute('aria-checked', 'true');
  await signup.fillBillingAddress();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await signup.enterCard('4242 4242 4242 4242');
  await signup.submitOrder();
  await expect(page.getByText(`Your ${PLAN_NAMES[plan]} plan is active, billed monthly.`)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  const setup = await settled(page.getByRole('dialog', { name: 'Set up your account' }));
  await setup.getByRole('button', { name: 'Close' }).click();
  await expect(setup).toBeHidden();
  return { email, password: SIGNUP_PASSWORD, company };
};

/** An Authorization header for the account's person, signed in through the API (not the browser's session). */
export const sessionHeaders = async (request: APIRequestContext, person: { email: string; password: string }) => {
  const response = await request.post('/api/identity/token/user', {
    data: { Username: person.email, Password: person.password, ClientId: CLIENT_ID },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { authorization: `Bearer ${((await response.json()) as { AccessToken: string }).AccessToken}` };
};

/** Calls a route and answers its Result, failing the test with the body on any error status. */
export const callRoute = async <T>(request: APIRequestContext, headers: Record<string, string>, path: string, data: unknown = {}) => {
  const response = await request.post(path, { data, headers });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { Result: T }).Result;
};
