import { expect, test } from './fixtures.ts';
import { LoginPage } from './page-models/login-page.ts';
import { Mailbox } from './page-models/mailbox.ts';
import { Onboarding } from './page-models/onboarding.ts';
import { ForgotPasswordPage, NewPasswordForm } from './page-models/password-pages.ts';

// A seeded person no other spec signs in as, so changing the password disturbs nobody.
const SAM = { email: 'sam@plansmith.test', password: 'plansmith-demo-2026' };
const NEW_PASSWORD = 'sam-remembers-this-one-2026';

test.describe('password recovery', () => {
  test('forgot password → mail → new password → sign in with it; the old one fails', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgotpassword$/);
    await new ForgotPasswordPage(page).requestLinkFor(SAM.email);
    await expect(page.getByText('Check your email')).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/forgot-password-sent.png', fullPage: true });

    const mailbox = new Mailbox(page);
    const mail = await mailbox.waitForMessage(SAM.email, 'recovery');
    expect(mail.Subject).toBe('Reset your Plansmith password');
    await mailbox.openLinkInMailTo(SAM.email, 'Reset password');
    await expect(page).toHaveURL(/\/recoverpassword\?key=/);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.screenshot({ path: '.tmp/screens/recover-password.png', fullPage: true });

    await new NewPasswordForm(page).choose(NEW_PASSWORD);
    // The site root, which asks a signed-out visitor to sign in.
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    const login = new LoginPage(page);
    await login.signIn(SAM.email, SAM.password);
    await expect(page.getByRole('alert').filter({ hasText: 'Login Failed' })).toBeVisible();
    await login.signIn(SAM.email, NEW_PASSWORD);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await new Onboarding(page).close();
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Sam Lee');

    // The link was single-use.
    await page.goto(mail.Links[0]?.Url ?? '/recoverpassword');
    await new NewPasswordForm(page).choose('yet-another-long-passphrase');
    await expect(page.getByRole('alert')).toContainText('This password reset link is not valid any more.');
  });

  test('answers the same for an address without an account, and mails nothing', async ({ page }) => {
    await page.goto('/forgotpassword');
    await new ForgotPasswordPage(page).requestLinkFor('nobody-here@example.test');
    await expect(page.getByText('Check your email')).toBeVisible();
    const response = await page.request.get('/dev/mailbox.json');
    const body = (await response.json()) as { messages: { To: string }[] };
    expect(body.messages.some((message) => message.To === 'nobody-here@example.test')).toBe(false);
  });

  test('checks the two new passwords match before sending', async ({ page }) => {
    await page.goto('/recoverpassword?key=anything');
    await new NewPasswordForm(page).choose('a-long-new-passphrase', 'a-different-passphrase');
    await expect(page.getByText('Passwords do not match!')).toBeVisible();
  });
});
