import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks a time in an antd TimePicker's open panel (the hour column, then the minute column), waits until the
 * input shows it, and only then closes the panel: closing earlier raced the picker's commit on a busy machine.
 */
export const pickTime = async (input: Locator, hour: string, minute: string) => {
  const page = input.page();
  await input.click();
  const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').last();
  await panel.locator('.ant-picker-time-panel-column').nth(0).getByText(hour, { exact: true }).click();
  await panel.locator('.ant-picker-time-panel-column').nth(1).getByText(minute, { exact: true }).click();
  await expect(input).toHaveValue(`${hour}:${minute}`);
  await page.keyboard.press('Escape');
  await expect(input).toHaveValue(`${hour}:${minute}`);
};

/** The dropdown of the select that is open now. */
export const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
