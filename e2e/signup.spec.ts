import { planNameForDates } from '@plansmith/contract';
import { expect, test } from './fixtures.ts';
import { settled } from './page-models/dialog.ts';
import { LoginPage } from './page-models/login-page.ts';
import { SIGNUP_PASSWORD, SignupPage, verificationLinkFor } from './page-models/signup-page.ts';

/** "Nov 27, 2026" → "2026-11-27". */
const isoDay = (shown: string): string => {
  const date = new Date(`${shown} 12:00`);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@signup.test`;

test('a visitor signs up for Performance billed monthly, pays by card and signs in to the Performance areas', async ({ page, request }) => {
  const email = uniqueEmail('performance');
  const signup = new SignupPage(page);
  await page.goto('/register?plan=performance&bill=month');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).or(page.locator('.ant-breadcrumb'))).toContainText('Get Started');
  await signup.createAccount({ first: 'Riley', last: 'Rivera', company: 'Rivera Growth', email });
  await expect(page.getByText(email)).toBeVisible();

  await signup.setPassword(await verificationLinkFor(request, email));
  await expect(page).toHaveURL(/\/register\/payment$/);
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  // bill=month preselects monthly; the query plan is selected
  await expect(page.getByRole('radio', { name: 'Performance' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Performance' })).toContainText('$99.00');
  await page.getByText('Bill Annually').click();
  await expect(page.getByRole('radio', { name: 'Performance' })).toContainText('$79.00');
  await page.getByText('Bill Monthly').click();

  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Please provide an address 1!')).toBeVisible();
  await expect(page.getByText('Please select a state!')).toBeVisible();
  await signup.fillBillingAddress();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByTestId('total-due-today')).toHaveText('$99.00');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Address 1')).toHaveValue('500 Howard St');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await signup.enterCard('4242 4242 4242 4242');
  await signup.submitOrder();
  await expect(page).toHaveURL(/\/register\/completed\?setup_intent=seti_.+&setup_intent_client_secret=.+&redirect_status=succeeded/);
  await expect(page.getByText('Thank You')).toBeVisible();
  await expect(page.getByText('Order Complete')).toBeVisible();
  await expect(page.getByText('Your Performance plan is active, billed monthly.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Next Steps' })).toBeVisible();

  // Paying signed the new Owner in: no second password entry.
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Performance' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Playbook' })).toBeVisible();
  // a new tenant is greeted by the account set-up overlay; close it for now
  const setup = await settled(page.getByRole('dialog', { name: 'Set up your account' }));
  await setup.getByRole('button', { name: 'Close' }).click();
  await nav.getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expect(page.getByText('Monthly', { exact: true })).toBeVisible();

  // The starter plan is named after its dates ("FY2027 plan" or "Plan Nov 2026 – Nov 2027").
  await nav.getByRole('link', { name: 'Plans' }).click();
  const dates = page.getByRole('cell', { name: /^[A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/ }).first();
  await expect(dates).toBeVisible();
  const [start = '', end = ''] = ((await dates.textContent()) ?? '').split(' – ').map(isoDay);
  const planRow = page.getByRole('row').filter({ has: dates });
  await expect(planRow).toContainText(planNameForDates(start, end));
  await expect(planRow).toContainText(/(FY\d{4} plan|Plan [A-Z][a-z]{2} \d{4}( – [A-Z][a-z]{2} \d{4})?)/);
});

test('a Starter sign-up skips payment and lands on a Starter account', async ({ page, request }) => {
  const email = uniqueEmail('starter');
  const signup = new SignupPage(page);
  await page.goto('/register?plan=Starter');
  await signup.createAccount({ first: 'Sam', last: 'Starter', company: 'Starter Studio', email });
  await signup.setPassword(await verificationLinkFor(request, email));
  await expect(page).toHaveURL(/\/register\/completed$/);
  await expect(page.getByText('Thank You')).toBeVisible();
  await expect(page.getByText('Order Complete')).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign in' }).click();
  await new LoginPage(page).signIn(email, SIGNUP_PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Plans' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Performance' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Playbook' })).toHaveCount(0);
});

test('a declined card shows the card error in place and the order can be retried with another card', async ({ page, request }) => {
  const email = uniqueEmail('declined');
  const signup = new SignupPage(page);
  await page.goto('/register?plan=agility');
  await signup.createAccount({ first: 'Dee', last: 'Klein', company: 'Declined Inc', email });
  await signup.setPassword(await verificationLinkFor(request, email));
  await expect(page.getByRole('radio', { name: 'Agility' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Agility' })).toContainText('$39.00'); // annual by default
  await signup.fillBillingAddress();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByTestId('total-due-today')).toHaveText('$468.00');

  await signup.enterCard('4000 0000 0000 0002');
  await signup.submitOrder();
  await expect(page.getByTestId('sandbox-card-form').getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/register\/payment$/);

  await signup.enterCard('4000 0000 0000 9995');
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(page.getByTestId('sandbox-card-form').getByRole('alert')).toHaveText('Your card has insufficient funds.');

  await signup.enterCard('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Submit Order' }).click();
  await expect(page.getByText('Your Agility plan is active, billed annually.')).toBeVisible();
});
