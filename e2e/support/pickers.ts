import { expect, type Locator, type Page } from '@playwright/test';

/** antd's opening animations: Modal zooms in, Select and picker dropdowns slide in. */
const OPENING = /ant-(zoom|slide-up)-(appear|enter)/;

/**
 * Waits until the antd Modal around `field`, if any, has finished zooming in, as a user waits before reaching for
 * a field. A dropdown opened during the zoom is aligned to where its field was mid-animation and re-aligned after,
 * so a click aimed at an option or a time lands on another one (a modal that loads on first use opens just as
 * the test reaches for it).
 */
const waitForModalAround = async (field: Locator) => {
  const dialog = field.locator('xpath=ancestor::*[@role="dialog"][1]');
  if ((await dialog.count()) > 0) {
    await expect(dialog).not.toHaveClass(OPENING);
  }
};

/**
 * Picks a time in an antd TimePicker's open panel (the hour column, then the minute column), waits until the
 * input shows it, and only then closes the panel: closing earlier raced the picker's commit on a busy machine.
 * Clicks only once the modal and the panel stand still (see waitForModalAround).
 */
export const pickTime = async (input: Locator, hour: string, minute: string) => {
  const page = input.page();
  await waitForModalAround(input);
  await input.click();
  const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').last();
  await expect(panel).toBeVisible();
  await expect(panel).not.toHaveClass(OPENING);
  const cell = (column: number, text: string) =>
    panel
      .locator('.ant-picker-time-panel-column')
      .nth(column)
      .locator('.ant-picker-time-panel-cell')
      .filter({ hasText: new RegExp(`^${text}$`) });
  await cell(0, hour).click();
  await expect(cell(0, hour)).toHaveClass(/ant-picker-time-panel-cell-selected/);
  await cell(1, minute).click();
  await expect(input).toHaveValue(`${hour}:${minute}`);
  await page.keyboard.press('Escape');
  await expect(input).toHaveValue(`${hour}:${minute}`);
};

/** The dropdown of the select that is open now. */
export const openDropdown = (page: Page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

/**
 * Chooses `option` (its title) in an antd Select: opens it once its modal stands still, clicks the option in this
 * select's own dropdown (the listbox its combobox controls, not whichever dropdown is last in the page, which may
 * be the previous one still closing), and waits until the select shows the choice and its dropdown has closed.
 */
export const chooseOption = async (combobox: Locator, option: string, { search = false } = {}) => {
  const page = combobox.page();
  await waitForModalAround(combobox);
  await combobox.click();
  // A searchable picker pages its options: among many, the one wanted may not be on the first page.
  if (search) {
    await combobox.fill(option);
  }
  const listId = await combobox.getAttribute('aria-controls');
  const dropdown = listId
    ? page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) })
    : openDropdown(page);
  await expect(dropdown).toBeVisible();
  await expect(dropdown).not.toHaveClass(OPENING);
  await dropdown.getByTitle(option, { exact: true }).click();
  await expect(
    combobox.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]'),
  ).toContainText(option);
  await expect(dropdown).toBeHidden();
};
