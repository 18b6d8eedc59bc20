import { expect, type Locator, type Page } from '@playwright/test';
import { settled } from './dialog.ts';

/**
 * Chooses an option of a searchable antd Select the way a keyboard user does: types part of its
 * label, waits until the list offers it, presses Enter, and checks the Select now shows it.
 *
 * Not by clicking the option: the list is drawn in a layer of its own outside the dialog, and
 * Playwright's scroll into view before a click can scroll the page under an open dialog while the
 * list is still sliding in; the list then moves back under its field between the press and the
 * release, and the click lands on the dialog's backdrop instead (seen on a loaded 2-core machine).
 */
export const chooseOption = async (field: Locator, text: string) => {
  const page = field.page();
  await field.click();
  await field.fill(text);
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active', { hasText: text })).toBeVisible();
  await field.press('Enter');
  await expect(field.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]')).toContainText(text);
};

/**
 * Clicks the option of the open antd Select list that `option` finds (a locator inside the list),
 * once the list has stopped sliding in, and waits for the list to close. A click on an option still
 * moving was lost on a loaded machine: the list stayed open with the old value chosen.
 */
export const clickOption = async (page: Page, option: (list: Locator) => Locator) => {
  const list = await settled(page.locator('.ant-select-dropdown:visible'));
  await option(list).first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
};
