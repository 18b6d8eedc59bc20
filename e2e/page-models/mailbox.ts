import { expect, type Page } from '@playwright/test';

type MailboxMessage = { Id: string; To: string; Subject: string; Kind: string; Links: { Label: string; Url: string }[] };

/** The dev mailbox at /dev/mailbox: the mail Plansmith would have sent, newest first. */
export class Mailbox {
  constructor(readonly page: Page) {}

  /** Waits until a message of this kind to this address is in the outbox, and returns it. */
  /** The first mail of `kind` to `to` (with `subject` when given: other journeys may have sent one of the same kind). */
  async waitForMessage(to: string, kind: string, subject?: string): Promise<MailboxMessage> {
    let found: MailboxMessage | undefined;
    await expect
      .poll(
        async () => {
          const response = await this.page.request.get('/dev/mailbox.json');
          const body = (await response.json()) as { messages: MailboxMessage[] };
          found = body.messages.find(
            (message) => message.To === to && message.Kind === kind && (subject === undefined || message.Subject === subject),
          );
          return Boolean(found);
        },
        { message: `a ${kind} mail to ${to}` },
      )
      .toBe(true);
    return found as MailboxMessage;
  }

  /** Opens the mailbox page and follows a link of the newest message to this address, as a person would. */
  async openLinkInMailTo(to: string, linkLabel: string) {
    await this.page.goto('/dev/mailbox');
    await expect(this.page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
    const message = this.page.getByRole('article').filter({ hasText: to }).first();
    await message.getByRole('link', { name: linkLabel }).click();
  }
}
