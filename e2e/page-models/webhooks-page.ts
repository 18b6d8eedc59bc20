import { expect, type Locator, type Page } from '@playwright/test';
import { settled } from './dialog.ts';

/** /account/webhooks: the list, the add/edit dialog with its one-time secret, and a hook's delivery log. */
export class WebhooksPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/account/webhooks');
    await expect(this.page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  }

  /** Adds a hook for `events` ({group: ['Created', …]}) and answers its signing secret, read from the dialog before it closes. */
  async addWebhook(hook: { url: string; description?: string; events: Record<string, string[]> }): Promise<string> {
    await this.page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = await settled(this.page.getByRole('dialog', { name: 'Add a webhook' }));
    await dialog.getByLabel('Endpoint URL').fill(hook.url);
    if (hook.description) await dialog.getByLabel('Description (optional)').fill(hook.description);
    for (const [group, verbs] of Object.entries(hook.events)) {
      for (const verb of verbs)
        await dialog
          .getByRole('group', { name: group })
          .getByRole('checkbox', { name: new RegExp(`^${verb}`) })
          .check();
    }
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    const shown = this.page.getByRole('dialog', { name: 'Copy the signing secret' }).getByLabel('Signing secret');
    await expect(shown).toHaveValue(/^whsec_/);
    const secret = await shown.inputValue();
    await this.page.getByRole('button', { name: 'Done' }).click();
    await expect(this.page.getByRole('dialog', { name: 'Copy the signing secret' })).toBeHidden();
    return secret;
  }

  /** A hook's row in the list (other hooks may be listed too). */
  row(url: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('button', { name: `Edit webhook to ${url}`, exact: true }) });
  }

  /** The hook's delivery log, opened from its row. */
  async openDeliveries(url: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Deliveries to ${url}` }).click();
    return settled(this.page.getByRole('dialog', { name: `Deliveries to ${url}` }));
  }

  async deleteWebhook(url: string) {
    await this.page.getByRole('button', { name: `Delete webhook to ${url}` }).click();
    await this.page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
    await expect(this.page.getByRole('button', { name: `Delete webhook to ${url}` })).toBeHidden();
  }
}
