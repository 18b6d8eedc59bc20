import { expect, type Page } from '@playwright/test';

/** The anonymous screens that set a password: /invitation and /recoverpassword. */
export class NewPasswordForm {
  constructor(readonly page: Page) {}

  async choose(password: string, confirmation = password) {
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm password').fill(confirmation);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}

/** /forgotpassword. */
export class ForgotPasswordPage {
  constructor(readonly page: Page) {}

  async requestLinkFor(email: string) {
    // Reached from the sign-in page, the address changes before React has drawn this page over it,
    // and the sign-in form has an Email field too: CI once filled that one, then sent this page's
    // form empty. Wait for this page first.
    await expect(this.page.getByRole('heading', { name: 'Forgot Password', level: 1 })).toBeVisible();
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}
