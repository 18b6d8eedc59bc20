import { CLIENT_ID } from '@plansmith/contract';
import { expect, test } from './fixtures.ts';
import { ExpensesPage } from './page-models/expenses-pages.ts';
import { DEMO_MEMBER, DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { Mailbox } from './page-models/mailbox.ts';
import { Onboarding } from './page-models/onboarding.ts';
import { SIGNUP_PASSWORD, SignupPage, verificationLinkFor } from './page-models/signup-page.ts';

const DEMO_ADMIN = { email: 'admin@plansmith.test', password: 'plansmith-demo-2026' };
/** One of the demo plan's items (apps/server/src/seed/demo-ids.ts). */
const SURVEY_ITEM_ID = '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2512';

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
  // By its subject: another journey on the shared demo may have taken another item over budget first.
  const mail = await mailbox.waitForMessage(DEMO_ADMIN.email, 'overspend', 'Over budget: Webinar Series (2026 Marketing Plan)');
  expect(mail.Links.map((link) => link.Label)).toEqual(['Open the budget item', 'Unsubscribe from overspend alerts']);
  await new LoginPage(page).signInAs(DEMO_ADMIN);
  await new Onboarding(page).closeTourIfDue();
  // This mail's own link (the mailbox page lists every mail to the Admin, newest first).
  const link = mail.Links.find((candidate) => candidate.Label === 'Open the budget item');
  expect(link).toBeDefined();
  await page.goto(link?.Url ?? '');
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

  // A link to a closed area (a bookmark, a mail) names the plan that includes it and offers the upgrade.
  await page.goto('/objectives');
  await expect(page.getByText('Objectives is part of the Performance plan')).toBeVisible();
  await expect(page.getByText('Your account is on the Starter plan. Performance and Enterprise include Objectives.')).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/e2e-closed-area-owner.png', fullPage: true });
  await page.getByRole('link', { name: 'Upgrade to Performance' }).click();
  await expect(page).toHaveURL(/\/account\/biling\?plan=performance$/);
  await expect(page.getByRole('heading', { name: 'Upgrade your plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Performance' })).toHaveText('Selected');
  await page.getByText('Bill Monthly').click();
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

  // Changing to Enterprise the same day: the prorated amount is shown before the change is confirmed.
  await page.getByRole('button', { name: 'Select Enterprise' }).click();
  const preview = page.getByRole('table', { name: 'Due today for this change' });
  await expect(preview).toContainText('Unused time on Plansmith Performance');
  await expect(preview).toContainText('-$99.00');
  await expect(preview).toContainText('$249.00');
  await expect(page.getByTestId('change-due-today')).toHaveText('$150.00');
  await page.getByRole('button', { name: 'Change plan' }).click();
  await expect(page.getByText('Switch to Enterprise, billed monthly ($150.00 today)?')).toBeVisible();
  await page.getByRole('tooltip').getByRole('button', { name: 'Change plan' }).click();
  await expect(page).toHaveURL(/\/account\/subscription\/completed\?plan=Enterprise&cycle=month/);

  // The change's invoice charges exactly the previewed amount, and opens as a printable invoice.
  await page.goto('/account/biling');
  const changeRow = page.getByRole('row').filter({ hasText: 'Unused time on Plansmith Performance' });
  await expect(changeRow).toContainText('$150.00');
  await changeRow.getByRole('link', { name: /printable$/ }).click();
  await expect(page).toHaveURL(/\/account\/biling\/invoices\/in_\w+$/);
  const sheet = page.getByRole('article', { name: /^Invoice / });
  await expect(sheet).toContainText('Upgrade Studio');
  await expect(sheet.getByRole('row', { name: 'Total $150.00', exact: true })).toBeVisible();
  await expect(sheet.getByRole('row').filter({ hasText: 'Unused time on Plansmith Performance' })).toContainText('−$99.00');
  await expect(page.getByRole('button', { name: /Print \/ Save as PDF/ })).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/e2e-invoice.png', fullPage: true });
  // On paper only the invoice is left: no navigation, header or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: /Print \/ Save as PDF/ })).toBeHidden();
  await expect(sheet).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

test('a mention reaches the bell and the inbox; marking it read lowers the count', async ({ page, request }) => {
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await new LoginPage(page).signInAs(DEMO_OWNER);
  await new Onboarding(page).closeTourIfDue();
  // Start from nothing unread (earlier journeys may have left notifications).
  await page.goto('/inbox');
  await expect(
    page.getByRole('list', { name: 'Notifications' }).or(page.getByText('No notifications yet.', { exact: false })),
  ).toBeVisible();
  const markAll = page.getByRole('button', { name: 'Mark all read' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(bell).toHaveAttribute('aria-label', 'Notifications');

  // Morgan Member mentions Dana Demo (the Owner) in a comment on a budget item.
  const login = await request.post('/api/identity/token/user', {
    data: { Username: DEMO_MEMBER.email, Password: DEMO_MEMBER.password, ClientId: CLIENT_ID },
  });
  const { AccessToken } = (await login.json()) as { AccessToken: string };
  const saved = await request.post('/api/CommentsClient/Save', {
    data: { EntityType: 'BudgetItem', EntityId: SURVEY_ITEM_ID, Description: 'Numbers look off here, @Dana Demo, can you check?' },
    headers: { Authorization: `Bearer ${AccessToken}` },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto('/');
  await expect(bell).toHaveAttribute('aria-label', 'Notifications, 1 unread');
  await bell.click();
  await expect(page).toHaveURL(/\/inbox$/);
  const mention = page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('link', { name: /^Morgan Member mentioned you on / })
    .first();
  await expect(mention).toBeVisible();
  await page.screenshot({ path: '.tmp/screens/e2e-inbox.png', fullPage: true });
  const title = (await mention.textContent()) ?? '';
  await page
    .getByRole('button', { name: `Mark read: ${title}` })
    .first()
    .click();
  await expect(bell).toHaveAttribute('aria-label', 'Notifications');
  await mention.click();
  await expect(page).toHaveURL(new RegExp(`/budget/${SURVEY_ITEM_ID}$`));
});
