import { expect, test } from '@playwright/test';
import { ExpensesPage } from './page-models/expenses-pages.ts';
import { DEMO_MEMBER, LoginPage } from './page-models/login-page.ts';
import { Mailbox } from './page-models/mailbox.ts';
import { Onboarding } from './page-models/onboarding.ts';
import { SIGNUP_PASSWORD, SignupPage, verificationLinkFor } from './page-models/signup-page.ts';

const DEMO_ADMIN = { email: 'admin@plansmith.test', password: 'plansmith-demo-2026' };

test('a Planner takes an item over budget; its Lead gets the overspend mail and follows the link to the item', async ({ page }) => {
  // Morgan Member (Planner in Brand & Content) records a big expense on the $9,600 webinar item.
  await new LoginPage(page).signInAs(DEMO_MEMBER);
  await new Onboarding(page).closeTourIfDue();
  const expenses = new ExpensesPage(page);
  await expenses.open();
  await expenses.recordExpense({ item: 'Webinar Series', name: 'Webinar platform upgrade', amount: '25000', payee: 'ON24' });
  await expect(page.getByRole('heading', { name: 'Webinar platform upgrade', exact: true })).toBeVisible();
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);

  // Avery Admin leads Brand & Content: the alert waits in the dev mailbox with a link to the item.
  const mailbox = new Mailbox(page);
  const mail = await mailbox.waitForMessage(DEMO_ADMIN.email, 'overspend');
  expect(mail.Subject).toBe('Over budget: Webinar Series (2026 Marketing Plan)');
  expect(mail.Links.map((link) => link.Label)).toEqual(['Open the budget item', 'Unsubscribe from overspend alerts']);
  await new LoginPage(page).signInAs(DEMO_ADMIN);
  await new Onboarding(page).closeTourIfDue();
  await mailbox.openLinkInMailTo(DEMO_ADMIN.email, 'Open the budget item');
  await expect(page).toHaveURL(/\/budget\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Webinar Series', exact: true })).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/e2e-overspend-link.png', fullPage: true });
});

test('a Starter owner upgrades to Performance with a card and the Objectives area appears at once', async ({ page, request }) => {
  const email = `starter-upgrade-${Date.now()}@prospect.test`;
  const signup = new SignupPage(page);
  await page.goto('/register?plan=starter');
  await signup.createAccount({ first: 'Uma', last: 'Upgrade', company: 'Upgrade Studio', email });
  await signup.setPassword(await verificationLinkFor(request, email));
  await expect(page).toHaveURL(/\/register\/completed$/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await new LoginPage(page).signIn(email, SIGNUP_PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await new Onboarding(page).close('Set up your account');
  await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Objectives' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { name: 'Upgrade your plan' })).toBeVisible();
  await page.getByText('Bill Monthly').click();
  await page.getByRole('button', { name: 'Select Performance' }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('billing-total-due')).toHaveText('$99.00');
  await page.screenshot({ path: '.tmp/screens/e2e-billing-starter-card-step.png', fullPage: true });

  // A declined card shows its error in place and changes nothing; a good card then goes through.
  await signup.enterCard('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay and upgrade' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await signup.enterCard('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay and upgrade' }).click();

  await expect(page).toHaveURL(/\/account\/subscription\/completed\?plan=Performance&cycle=month/);
  await expect(page.getByText('You are now on the Performance plan, billed monthly.')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Objectives' })).toBeVisible();
  await nav.getByRole('link', { name: 'Objectives' }).click();
  await expect(page.getByRole('heading', { name: 'Objectives', exact: true })).toBeVisible();

  await nav.getByRole('link', { name: 'Billing' }).click();
  const invoices = page.getByRole('table').filter({ hasText: 'Description' });
  await expect(invoices).toContainText('1 × Plansmith Performance (at $99.00 / month)');
  await expect(invoices).toContainText('$99.00');
  await expect(invoices).toContainText('paid');
  await page.screenshot({ path: '.tmp/screens/e2e-billing-after-upgrade.png', fullPage: true });
});
