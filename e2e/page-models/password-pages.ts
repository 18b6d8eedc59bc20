import type { Page } from '@playwright/test';

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
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}
