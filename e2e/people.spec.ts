import { expect, test } from './fixtures.ts';
import { clickOption } from './page-models/select-option.ts';
import { settled } from './page-models/dialog.ts';
import { LoginPage } from './page-models/login-page.ts';
import { Mailbox } from './page-models/mailbox.ts';
import { Onboarding } from './page-models/onboarding.ts';
import { NewPasswordForm } from './page-models/password-pages.ts';
import { PeoplePage } from './page-models/people-page.ts';

const DEMO_ADMIN = { email: 'admin@plansmith.test', password: 'plansmith-demo-2026' };
const NEW_PASSWORD = 'nora-plans-the-budget-2026';
const UNVERIFIED = 'We were unable to verify your invitation. Please ask the sender to send you another invitation.';

test.describe('inviting people', () => {
  test('an admin invites a new person, who follows the mailed link, sets a password and lands signed in', async ({ page, browser }) => {
    const invitee = { firstName: 'Nora', lastName: 'Newcomer', email: `nora-${Date.now()}@example.test` };

    await new LoginPage(page).signInAs(DEMO_ADMIN);
    // The demo admin has not finished the new-user tour; closing it records that.
    await new Onboarding(page).closeTourIfDue();
    const people = new PeoplePage(page);
    await people.open();
    const teamName = await people.invite(invitee);
    expect(teamName).not.toBe('');
    await expect(people.row(invitee.email)).toContainText('Invited');
    await expect(people.row(invitee.email)).toContainText('Invitation expires');
    await page.screenshot({ path: '.tmp/screens/people-invited.png', fullPage: true });

    // The invitee reads their mail in another browser.
    const inviteeContext = await browser.newContext();
    const inbox = await inviteeContext.newPage();
    const mailbox = new Mailbox(inbox);
    const mail = await mailbox.waitForMessage(invitee.email, 'invitation');
    expect(mail.Subject).toBe('Avery Admin invited you to Acme Marketing on Plansmith');
    await mailbox.openLinkInMailTo(invitee.email, 'Accept invitation');

    await expect(inbox).toHaveURL(/\/invitation\?key=/);
    await expect(inbox.getByText('Welcome, Nora!')).toBeVisible();
    await expect(inbox.getByText('Acme Marketing', { exact: true })).toBeVisible();
    await inbox.screenshot({ path: '.tmp/screens/invitation.png', fullPage: true });

    // DESIGN.md §7.5: the two passwords are compared.
    await new NewPasswordForm(inbox).choose(NEW_PASSWORD, 'something-else-entirely');
    await expect(inbox.getByText('Passwords do not match!')).toBeVisible();
    await new NewPasswordForm(inbox).choose(NEW_PASSWORD);

    await expect(inbox).toHaveURL(/\/$/);
    await expect(inbox.getByRole('button', { name: 'User menu' })).toContainText('Nora Newcomer');
    // The invitation named a team (DESIGN.md §12): Nora lands in it, not on "No teams yet".
    await expect(inbox.getByRole('banner')).toContainText(teamName);
    // A new person gets the new-user tour: Next, Previous, Finish.
    const tour = await settled(new Onboarding(inbox).dialog());
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour.getByRole('heading', { name: 'Context' })).toBeVisible();
    await tour.getByRole('button', { name: 'Previous' }).click();
    await expect(tour.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();
    for (let step = 0; step < 4; step += 1) await tour.getByRole('button', { name: 'Next' }).click();
    await inbox.screenshot({ path: '.tmp/screens/onboarding-tour.png' });
    await tour.getByRole('button', { name: 'Finish' }).click();
    await expect(tour).toBeHidden();
    await inbox.reload();
    await expect(inbox.getByRole('button', { name: 'User menu' })).toContainText('Nora Newcomer');
    await expect(new Onboarding(inbox).dialog()).toHaveCount(0);

    // The link works once.
    await inbox.goto(mail.Links[0]?.Url ?? '/invitation');
    await expect(inbox.getByText(UNVERIFIED)).toBeVisible();
    await inviteeContext.close();

    // Back on the admin's screen, the person is now active.
    await page.reload();
    await expect(people.row(invitee.email)).toContainText('Active');
  });

  test('an invitation link with an unknown key says it cannot be verified', async ({ page }) => {
    await page.goto('/invitation?key=not-a-real-key');
    await expect(page.getByText(UNVERIFIED)).toBeVisible();
  });

  test('an admin adds a person to a team and changes their role', async ({ page }) => {
    await new LoginPage(page).signInAs({ email: 'jordan@plansmith.test', password: 'plansmith-demo-2026' });
    await new Onboarding(page).closeTourIfDue();
    await page.goto('/account/teams');
    await page.getByRole('button', { name: 'Demand Generation', exact: true }).click();
    const members = page.getByLabel('Members of Demand Generation');
    await members.getByLabel('Person').click();
    await clickOption(page, (list) => list.locator('.ant-select-item-option', { hasText: 'Sam Lee' }));
    await members.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByText('Sam was added to Demand Generation.')).toBeVisible();
    const samRole = members.getByLabel('Role of Sam Lee');
    await expect(samRole).toBeVisible();
    await samRole.click();
    await clickOption(page, (list) => list.locator('.ant-select-item-option', { hasText: /^Lead$/ }));
    // A role change asks first (DESIGN.md §12).
    const confirm = await settled(page.getByRole('dialog', { name: 'Make Sam Lee Lead of Demand Generation?' }));
    await confirm.getByRole('button', { name: 'Make Lead' }).click();
    await expect(page.getByText('Sam is now Lead.')).toBeVisible();
    // Removing a member asks first too; cancelling keeps them.
    await members.getByRole('button', { name: 'Remove Sam Lee from Demand Generation' }).click();
    const removal = await settled(page.getByRole('dialog', { name: 'Remove Sam Lee from Demand Generation?' }));
    await removal.getByRole('button', { name: 'Cancel' }).click();
    await expect(members.getByLabel('Role of Sam Lee')).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/teams.png', fullPage: true });
  });
});
