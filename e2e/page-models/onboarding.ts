import { expect, type Page } from '@playwright/test';
import { settled } from './dialog.ts';

/** The onboarding overlay (SPEC.md §2): Previous, Next, Finish and Close. */
export class Onboarding {
  constructor(readonly page: Page) {}

  dialog(title = 'Welcome to Plansmith') {
    return this.page.getByRole('dialog', { name: title });
  }

  async close(title = 'Welcome to Plansmith') {
    await (await settled(this.dialog(title))).getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog(title)).toBeHidden();
  }

  /**
   * Closes the new-user tour if the signed-in person has not completed it. Journeys that are not
   * about the tour share the demo people, and closing the tour records it, so whether it opens
   * depends on which journey ran first: ask the server instead of guessing.
   */
  async closeTourIfDue() {
    const due = await this.page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('user_session') ?? '{}') as { AccessToken?: string };
      const response = await fetch('/api/UserProfileClient/GetUserProfile', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.AccessToken ?? ''}` },
        body: '{}',
      });
      const profile = (await response.json()) as { Result?: { MetaData?: { CompletedNewUserTour?: boolean } } };
      return profile.Result?.MetaData?.CompletedNewUserTour !== true;
    });
    if (due) await this.close();
    else await expect(this.dialog()).toBeHidden();
  }
}
