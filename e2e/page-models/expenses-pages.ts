import { expect, type Page } from '@playwright/test';
import { settled } from './dialog.ts';
import { chooseOption } from './select-option.ts';

/** "$11,640.65" → 11640.65 (through cents, so sums compare exactly). */
export const dollarsOf = (text: string): number => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100) / 100;

/** /expenses: the list and the "Record expense" dialog. */
export class ExpensesPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/expenses');
    await expect(this.page.getByRole('heading', { name: 'Expenses' })).toBeVisible();
  }

  async recordExpense(expense: { item: string; name: string; amount: string; payee?: string }) {
    await this.page.getByRole('button', { name: 'Record expense' }).first().click();
    const dialog = await settled(this.page.getByRole('dialog', { name: 'Record expense' }));
    await chooseOption(dialog.getByLabel('Budget item'), expense.item);
    await dialog.getByLabel('Name').fill(expense.name);
    await dialog.getByLabel('Amount').fill(expense.amount);
    if (expense.payee) await dialog.getByLabel('Payee').fill(expense.payee);
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** /expenses/{id}: one expense, its item's burn rate, comments and activity. */
export class ExpensePage {
  constructor(readonly page: Page) {}

  burnRateCard() {
    return this.page.getByLabel('Budget item burn rate');
  }

  async changeAmount(amount: string) {
    await this.page.getByLabel('Amount').fill(amount);
    await this.page.getByRole('button', { name: 'Save expense' }).click();
    await expect(this.page.getByText('Expense saved.')).toBeVisible();
  }
}

/** /reports: the budget-categories report. */
export class ReportsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/reports');
    await expect(this.page.getByRole('heading', { name: 'Budget categories report' })).toBeVisible();
  }

  /** The Actual cell of a category's row (columns: Category, Budgeted, Planned, Committed, Actual, …). */
  async actualOf(category: string): Promise<number> {
    const row = this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name: category, exact: true }) });
    return dollarsOf((await row.getByRole('cell').nth(4).textContent()) ?? '');
  }
}

/** /: the dashboard of the context plan. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  }

  /** The Actual card (money spent; DESIGN.md §12 names the money states the same on every screen). */
  async spent(): Promise<number> {
    const card = this.page.locator('.ant-statistic').filter({ has: this.page.locator('.ant-statistic-title', { hasText: /^Actual$/ }) });
    return dollarsOf((await card.locator('.ant-statistic-content').textContent()) ?? '');
  }
}

/** The comments panel any page embeds. */
export class CommentsPanelModel {
  constructor(readonly page: Page) {}

  async post(text: string) {
    await this.page.getByLabel('Add a comment').fill(text);
    await this.page.getByRole('button', { name: 'Post comment' }).click();
  }

  list() {
    return this.page.getByRole('region', { name: 'Comments' });
  }
}
