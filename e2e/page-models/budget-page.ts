import { expect, type Page } from '@playwright/test';
import { settled } from './dialog.ts';

/** The Budget screen of the context plan, in the words a person would use. */
export class BudgetPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/budget');
    await expect(this.page.getByRole('heading', { name: 'Budget', exact: true })).toBeVisible();
  }

  async addItem(item: { name: string; category: string; amount: string }) {
    const add = this.page.getByRole('button', { name: /Add (item|the first item)$/ }).first();
    await add.click();
    const dialog = await settled(this.page.getByRole('dialog', { name: 'Add budget item' }));
    await dialog.getByLabel('Name').fill(item.name);
    await dialog.getByLabel('Category').fill(item.category);
    await this.page.keyboard.press('Enter');
    await dialog.getByLabel('Amount (USD)').fill(item.amount);
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.itemRow(item.name)).toBeVisible();
  }

  itemRow(name: string) {
    return this.page.getByTestId(`item-${name}`);
  }

  categoryRow(name: string) {
    return this.page.getByTestId(`category-${name}`);
  }

  total() {
    return this.page.getByTestId('budget-total');
  }

  amountButton(itemName: string) {
    return this.page.getByRole('button', { name: new RegExp(`^Amount of ${itemName}:`) });
  }

  /** Edits an amount in place with the keyboard only: Enter to edit, type, then Enter (save) or Escape (cancel). */
  async editAmount(itemName: string, amount: string, finish: 'Enter' | 'Escape' = 'Enter') {
    await this.amountButton(itemName).focus();
    await this.page.keyboard.press('Enter');
    const editor = this.page.getByRole('textbox', { name: `Amount of ${itemName}` });
    await expect(editor).toBeFocused();
    await editor.fill(amount);
    await this.page.keyboard.press(finish);
    await expect(editor).toBeHidden();
  }
}
