import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from './select-option.ts';

/** The Funnels screen of the context plan, in the words a person would use. */
export class FunnelsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/funnels');
    await expect(this.page.getByRole('heading', { name: 'Funnels', exact: true })).toBeVisible();
  }

  async setGoal(goal: { revenue: string; dealSize: string; costPerLead: string }) {
    await this.page.getByLabel('Revenue goal').fill(goal.revenue);
    await this.page.getByLabel('Average deal size').fill(goal.dealSize);
    await this.page.getByLabel('Cost per lead').fill(goal.costPerLead);
    await this.page.getByRole('button', { name: /^(Set|Save) goal$/ }).click();
    await expect(this.page.getByText('Funnel goal saved.')).toBeVisible();
  }

  /** Says which stage the cost is per entry into, and saves the goal. */
  async setCostStage(stage: string) {
    await chooseOption(this.page.getByRole('combobox', { name: 'Stage the cost is for' }), stage);
    await this.page.getByRole('button', { name: 'Save goal' }).click();
    await expect(this.page.getByText('Funnel goal saved.').last()).toBeVisible();
  }

  /** Types a conversion rate in place with the keyboard: Enter edits, Enter saves. */
  async setRate(stage: string, percent: string) {
    const cell = this.page.getByRole('button', { name: new RegExp(`^Conversion rate of ${stage}:`) });
    await cell.focus();
    await this.page.keyboard.press('Enter');
    const input = this.page.getByRole('textbox', { name: `Conversion rate of ${stage}` });
    await input.fill(percent);
    await this.page.keyboard.press('Enter');
    await expect(input).toBeHidden();
    await expect(this.stageRow(stage)).toContainText(`${percent}%`);
  }

  stageRow(stage: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name: stage, exact: true }) });
  }

  verdict(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'The plan’s budget' });
  }
}

/** The Expectations (forecast) screen of the context plan. */
export class ExpectationsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/expectations');
    await expect(this.page.getByRole('heading', { name: 'Expectations', exact: true })).toBeVisible();
  }

  /** "Jan 2026": the first month row of the grid. */
  async firstMonth(): Promise<string> {
    return (await this.page.locator('.forecast-grid tbody th[scope="row"]').first().textContent()) ?? '';
  }

  /** How many month rows the grid has. */
  async monthCount(): Promise<number> {
    return this.page.locator('.forecast-grid tbody tr:not(.quarter-row)').count();
  }

  cell(kind: 'Expected' | 'Actual', stage: string, month: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${kind} ${stage}, ${month}[: (]`) });
  }

  /** Focuses a cell, presses Enter, types, and ends with the given key (Enter saves, Escape cancels). */
  async type(cell: Locator, text: string, end: 'Enter' | 'Escape' = 'Enter') {
    await cell.focus();
    await this.page.keyboard.press('Enter');
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.type(text);
    await this.page.keyboard.press(end);
  }
}
