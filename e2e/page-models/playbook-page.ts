import { expect, type Page } from '@playwright/test';
import { settled } from './dialog.ts';

/** The Playbook screen, in the words a person would use. */
export class PlaybookPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/playbook');
    await expect(this.page.getByRole('heading', { name: 'Playbook', exact: true })).toBeVisible();
  }

  card(name: string) {
    return this.page.getByTestId('play-card').filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  /** "Use this play": name and start date in the dialog, then Create plan (the new plan's budget opens). */
  async use(play: string, plan: { name: string; startDate?: string }) {
    await this.page.getByRole('button', { name: `Use this play: ${play}`, exact: true }).click();
    await this.fillCreatePlan(`Use “${play}”`, plan);
  }

  /** The create-plan dialog of "Use this play" and "Copy to next year". */
  async fillCreatePlan(title: string, plan: { name: string; startDate?: string }) {
    const dialog = await settled(this.page.getByRole('dialog', { name: title }));
    await dialog.getByLabel('Plan name').fill(plan.name);
    if (plan.startDate) {
      const date = dialog.getByLabel('Start date');
      await date.click();
      await date.fill(plan.startDate);
      await date.press('Enter');
    }
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expect(dialog).toBeHidden();
  }

  async saveCurrentPlanAs(name: string) {
    await this.page.getByRole('button', { name: 'Save current plan as a play' }).first().click();
    const dialog = await settled(this.page.getByRole('dialog', { name: 'Save current plan as a play' }));
    await dialog.getByLabel('Play name').fill(name);
    await dialog.getByRole('button', { name: 'Save as play' }).click();
    await expect(dialog).toBeHidden();
  }
}
