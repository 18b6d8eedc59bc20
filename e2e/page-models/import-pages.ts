import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Serious or critical WCAG 2.1 A/AA findings on the screen as it is now ("rule: targets"). */
export const seriousViolations = async (page: Page): Promise<string[]> => {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** /import?kind=…: the file, the guessed columns, the checked rows, the result and the history. */
export class ImportPage {
  constructor(readonly page: Page) {}

  /** Picks a file in the drop zone's file input, as the file chooser would, and waits for the preview. */
  async chooseFile(name: string, content: string | Buffer) {
    const buffer = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const mimeType = name.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
    await this.page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
    await expect(this.page.getByRole('group', { name: 'Rows in the file' })).toBeVisible();
  }

  /** Drops a file on the drop zone, as dragging it from the desktop would, and waits for the preview. */
  async dropFile(name: string, content: string) {
    const dataTransfer = await this.page.evaluateHandle(
      ({ name, content }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([content], name, { type: 'text/csv' }));
        return transfer;
      },
      { name, content },
    );
    await this.page.locator('.import-drop').dispatchEvent('dragover', { dataTransfer });
    await this.page.locator('.import-drop').dispatchEvent('drop', { dataTransfer });
    await expect(this.page.getByRole('group', { name: 'Rows in the file' })).toBeVisible({ timeout: 30_000 });
  }

  /** Answers the budget screens' reason prompt a budget import gets after the plan's baseline lock (DESIGN.md §14). */
  async giveReason(reason: string) {
    const why = this.page.getByRole('dialog', { name: 'Why does the budget change?' });
    await why.getByLabel('Reason for the budget change').fill(reason);
    await why.getByRole('button', { name: 'Save with this reason' }).click();
    await expect(why).toBeHidden();
  }

  /** The select that says which column of the file feeds a field. */
  mappingSelect(field: string) {
    return this.page.locator('.ant-select', { has: this.page.getByRole('combobox', { name: `Column for ${field}` }) });
  }

  /** A count above the preview ("Rows", "Ready", "With errors", "Duplicates"). */
  count(title: string) {
    return this.page
      .getByRole('group', { name: 'Rows in the file' })
      .locator('.ant-statistic', { has: this.page.getByText(title, { exact: true }) })
      .locator('.ant-statistic-content-value');
  }

  /** A row of the preview by its row number in the file (the header is row 1). */
  previewRow(row: number) {
    return this.page.locator(`.import-preview tr[data-row-key="${row}"]`);
  }

  historyRow(fileName: string) {
    return this.page.getByRole('row').filter({ hasText: fileName });
  }
}

/** The budget's month grid (Months, Quarters or Year columns). */
export class MonthGrid {
  constructor(readonly page: Page) {}

  async show(view: 'Amounts' | 'Months' | 'Quarters' | 'Year') {
    await this.page.getByLabel('Columns').getByText(view, { exact: true }).click();
    if (view !== 'Amounts') await expect(this.page.getByTestId('month-total')).toBeVisible();
  }

  /** A month (or quarter, or year) cell: its name is "Item, Period: $amount". */
  cell(item: string, period: string) {
    return this.page.getByRole('cell', { name: new RegExp(`^${escapeRegExp(item)}, ${escapeRegExp(period)}: `) });
  }

  async cellName(item: string, period: string): Promise<string> {
    return (await this.cell(item, period).getAttribute('aria-label')) ?? '';
  }

  /** The item's Budget column (its amount). */
  budgetCell(item: string) {
    return this.page.getByTestId(`month-item-${item}`).locator('td').first();
  }

  /** The Total row's cell of a month in Months view, for a plan that starts in January (cells: Budget, Jan, Feb, …). */
  totalCell(period: string) {
    return this.page
      .getByTestId('month-total')
      .locator('td')
      .nth(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(period.slice(0, 3)) + 1);
  }

  /** How many rows of the grid's body are in the page (virtualised: those in view and a few more). */
  renderedRows() {
    return this.page.locator('.month-grid tbody tr').count();
  }

  async scrollToEnd() {
    await this.page.locator('.month-grid').evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
  }

  /** Puts text on the clipboard as a spreadsheet's copy would (the context needs clipboard permissions). */
  async copyToClipboard(text: string) {
    await this.page.evaluate((value) => navigator.clipboard.writeText(value), text);
  }
}
