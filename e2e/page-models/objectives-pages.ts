import { expect, type Page } from '@playwright/test';
import { settled } from './dialog.ts';
import { chooseOption } from './select-option.ts';

/** /objectives: the plan's objectives and the add/edit drawer. */
export class ObjectivesPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/objectives');
    await expect(this.page.getByRole('heading', { name: 'Objectives', level: 1 })).toBeVisible();
  }

  row(name: string) {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('link', { name }) });
  }

  async addObjective(objective: { name: string; target: string; unit?: string }, startButton = 'Add objective') {
    await this.page.getByRole('button', { name: startButton }).first().click();
    const drawer = await settled(this.page.getByRole('dialog', { name: 'Add objective' }));
    await drawer.getByLabel('Name').fill(objective.name);
    await drawer.getByLabel('Target').fill(objective.target);
    if (objective.unit) await drawer.getByLabel('Unit').fill(objective.unit);
    await drawer.getByRole('button', { name: 'Add objective' }).click();
    await expect(drawer).toBeHidden();
  }

  async openObjective(name: string) {
    await this.page.getByRole('link', { name }).click();
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  }
}

/** /objectives/{id}: figures, results and linked items of one objective. */
export class ObjectivePage {
  constructor(readonly page: Page) {}

  tile(title: string) {
    return this.page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');
  }

  async recordResult(value: string, note?: string) {
    await this.page
      .getByRole('button', { name: /Record (the first )?result/ })
      .first()
      .click();
    const dialog = await settled(this.page.getByRole('dialog', { name: 'Record a result' }));
    await dialog.getByLabel(/^Value/).fill(value);
    if (note) await dialog.getByLabel('Note').fill(note);
    // Keyboard: Enter in the form submits it.
    await dialog.getByLabel(/^Value/).press('Enter');
    await expect(dialog).toBeHidden();
  }

  async linkItem(name: string) {
    await chooseOption(this.page.getByLabel('Budget item to link'), name);
    await this.page.getByRole('button', { name: 'Link item' }).click();
    await expect(this.page.getByRole('region', { name: 'Linked budget items' }).getByRole('link', { name })).toBeVisible();
  }
}

/** /performance: the KPI tiles of the context plan. */
export class PerformancePage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/performance');
    await expect(this.page.getByRole('heading', { name: 'Performance', level: 1 })).toBeVisible();
  }

  kpi(title: string) {
    return this.page
      .getByRole('region', { name: 'Key figures' })
      .locator('.ant-statistic')
      .filter({ hasText: title })
      .locator('.ant-statistic-content');
  }
}
