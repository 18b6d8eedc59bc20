import { expect, type Page } from '@playwright/test';
import { settled } from './dialog.ts';

/** /account/people in the words of an admin. */
export class PeoplePage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/account/people');
    await expect(this.page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  }

  row(email: string) {
    return this.page.getByRole('row').filter({ hasText: email });
  }

  /** Sends the invitation and answers the team the person will land in (the dialog suggests one). */
  async invite(person: { firstName: string; lastName: string; email: string }): Promise<string> {
    await this.page.getByRole('button', { name: 'Invite person' }).click();
    const dialog = await settled(this.page.getByRole('dialog', { name: 'Invite a person' }));
    await dialog.getByLabel('First name').fill(person.firstName);
    await dialog.getByLabel('Last name').fill(person.lastName);
    await dialog.getByLabel('Email').fill(person.email);
    const team = dialog
      .locator('.ant-form-item', { has: this.page.getByText('Team', { exact: true }) })
      .locator('.ant-select-content, .ant-select-selection-item');
    await expect(team.first()).not.toHaveText('');
    const teamName = (await team.first().innerText()).trim();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(this.page.getByText(`Invitation sent to ${person.email}.`)).toBeVisible();
    return teamName;
  }
}
