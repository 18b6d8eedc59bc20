import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const SIGNUP_PASSWORD = 'plansmith-signup-e2e-2026';

type MailboxMessage = { To: string; Kind: string; Subject: string; Links: { Label: string; Url: string }[] };

/** The verification link mailed to an address, read from the dev mailbox (/dev/mailbox.json). */
export const verificationLinkFor = async (request: APIRequestContext, email: string): Promise<string> => {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mailbox.json');
        const { messages } = (await response.json()) as { messages: MailboxMessage[] };
        link = messages.find((m) => m.To === email && m.Kind === 'registration-verification')?.Links[0]?.Url;
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  const url = new URL(link ?? '');
  return url.pathname + url.search;
};

/** The four sign-up steps, in the words a visitor would use. */
export class SignupPage {
  constructor(readonly page: Page) {}

  async createAccount(person: { first: string; last: string; company: string; email: string }) {
    await expect(this.page.getByText('Step 1 of 4')).toBeVisible();
    await this.page.getByLabel('First name').fill(person.first);
    await this.page.getByLabel('Last name').fill(person.last);
    await this.page.getByLabel('Business name').fill(person.company);
    await this.page.getByLabel('Business email').fill(person.email);
    await this.page.getByRole('button', { name: 'Create Account' }).click();
    await expect(this.page.getByText('Step 2 of 4')).toBeVisible();
    await expect(this.page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  }

  async setPassword(link: string, password = SIGNUP_PASSWORD) {
    await this.page.goto(link);
    await expect(this.page.getByText('Step 3 of 4')).toBeVisible();
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm password').fill(password);
    await this.page.getByRole('button', { name: 'Create Password' }).click();
  }

  async fillBillingAddress() {
    await this.page.getByLabel('Address 1').fill('500 Howard St');
    await this.page.getByLabel('City').fill('San Francisco');
    await this.page.getByLabel('Postal Code').fill('94105');
    await this.page.getByLabel('State').fill('California');
    await this.page.getByLabel('State').press('Enter');
  }

  async enterCard(number: string) {
    await this.page.getByLabel('Card number').fill(number);
    await this.page.getByLabel('Expiration date').fill('12 / 34');
    await this.page.getByLabel('Security code').fill('123');
  }

  async submitOrder() {
    const submit = this.page.getByRole('button', { name: 'Submit Order' });
    await expect(submit).toBeDisabled();
    await this.page.getByLabel(/I agree to the Plansmith Terms of Service/).check();
    await submit.click();
  }
}
