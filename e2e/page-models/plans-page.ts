import { expect, type Page } from '@playwright/test';
import { settled } from './dialog.ts';

/** The Plans screen, in the words a person would use. */
export class PlansPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/plans');
    await expect(this.page.getByRole('heading', { name: 'Plans', exact: true })).toBeVisible();
  }

  /** Creates a plan with the defaults (today to a year from today) in the context team. */
  async createPlan(name: string) {
    await this.page.getByRole('button', { name: 'New plan' }).click();
    const dialog = await settled(this.page.getByRole('dialog', { name: 'New plan' }));
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.row(name)).toBeVisible();
  }

  tab(label: 'Live' | 'Archived' | 'Templates') {
    return this.page.getByRole('tab', { name: new RegExp(`^${label} \\(`) });
  }

  row(name: string) {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  async archive(name: string) {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(this.page.getByText('Plan archived.')).toBeVisible();
  }
}
