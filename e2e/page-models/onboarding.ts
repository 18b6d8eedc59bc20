import { expect, type Page } from '@playwright/test';

/** The onboarding overlay (SPEC.md §2): Previous, Next, Finish and Close. */
export class Onboarding {
  constructor(readonly page: Page) {}

  dialog(title = 'Welcome to Plansmith') {
    return this.page.getByRole('dialog', { name: title });
  }

  async close(title = 'Welcome to Plansmith') {
    await this.dialog(title).getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog(title)).toBeHidden();
  }
}
