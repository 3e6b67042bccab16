import type { Page } from '@playwright/test';
import { unique } from '../support/api';
import { chooseOption as choose, pickTime } from '../support/pickers';
import { expect, test } from '../support/fixtures';
import { buildInfrastructure, buildTag } from '../support/network';

const chooseOption = async (page: Page, label: string, option: string) => {
  await choose(page.getByLabel(label, { exact: true }), option);
};

test('create a merchant with a schedule, tags and infrastructure; find it; edit it; open its detail', async ({
  signedInPage,
  admin,
  request,
}) => {
  // The whole journey through one form, three modals and three screens.
  test.setTimeout(60_000);
  const tag = await buildTag(request, admin);
  const place = await buildInfrastructure(request, admin);
  const name = `E2E merchant ${unique()}`;
  const page = await signedInPage('en');
  await page.goto('/merchants');
  await page.getByRole('button', { name: 'Add merchant' }).click();
  await expect(page.getByText('New merchant')).toBeVisible();

  // City waits for a country.
  await expect(page.getByLabel('City', { exact: true })).toBeDisabled();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Agreement number').fill('AG-77');
  await page.getByLabel('Legal entity').fill('OsOO Zaryad Service');
  await page.getByLabel('Agency agreement, %').fill('15.5');
  await chooseOption(page, 'Country', 'Kyrgyzstan');
  await chooseOption(page, 'City', 'Bishkek');
  await page.getByLabel('Street').fill('Chui 120');
  await page.getByLabel('Phone').fill('996555123456');
  await page.getByLabel('Email').fill(`e2e-${unique()}@zaryad.kg`);

  // Schedule: a lunch break applied to all working days, Sunday off.
  await page.getByRole('button', { name: 'Set the schedule' }).click();
  const modal = page.getByRole('dialog').filter({ hasText: 'Operating mode' });
  await modal.getByRole('group', { name: 'Sunday' }).getByRole('checkbox').uncheck();
  await modal.getByRole('group', { name: 'Monday' }).getByRole('button', { name: 'Add break' }).click();
  await pickTime(modal.getByLabel('Break start, Monday'), '13', '00');
  await pickTime(modal.getByLabel('Break end, Monday'), '14', '00');
  await modal.getByRole('switch', { name: 'Apply break to all working days: Monday' }).click();
  await expect(modal.getByRole('button', { name: /Remove break/ })).toHaveCount(6);
  await expect(modal.getByRole('group', { name: 'Monday' }).getByTestId('hours-0')).toHaveText('23 h');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('schedule-summary')).toHaveText('00:00–24:00, break 13:00–14:00, day off: Sun');

  // Tags and infrastructure through their pickers.
  await page.getByRole('button', { name: 'Choose tags' }).click();
  const tagsPicker = page.getByRole('dialog').filter({ hasText: 'Choose' }).last();
  await tagsPicker.getByRole('searchbox').fill(tag.title_ru);
  await tagsPicker.getByRole('checkbox', { name: tag.title_en }).check();
  await tagsPicker.getByRole('button', { name: 'Choose' }).click();
  await expect(page.getByLabel(`Remove ${tag.title_en}`)).toBeVisible();
  await page.getByRole('button', { name: 'Choose infrastructure' }).click();
  const placesPicker = page.getByRole('dialog').filter({ hasText: 'Choose' }).last();
  await placesPicker.getByRole('searchbox').fill(place.title_ru);
  await placesPicker.getByRole('checkbox', { name: place.title_en }).check();
  await placesPicker.getByRole('button', { name: 'Choose' }).click();
  await expect(page.getByLabel(`Remove ${place.title_en}`)).toBeVisible();

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('The merchant has been created')).toBeVisible();
  await expect(page).toHaveURL(/\/merchant\/\d+$/);
  const merchantId = Number(/\/merchant\/(\d+)$/.exec(page.url())?.[1]);

  // Found in the list by search.
  await page.goto('/merchants');
  await page.getByRole('searchbox').fill(name);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  // Edit one field: only it is sent.
  await page.goto(`/create-edit-merchant/${merchantId}`);
  await expect(page.getByLabel('Street')).toHaveValue('Chui 120');
  await expect(page.getByLabel(`Remove ${tag.title_en}`)).toBeVisible();
  const patch = page.waitForRequest(
    (request) => request.method() === 'PATCH' && request.url().includes(`/merchants/${merchantId}/`),
  );
  await page.getByLabel('Street').fill('Manas 5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await patch).postDataJSON()).toEqual({ street: 'Manas 5' });
  await expect(page.getByText('The changes have been saved')).toBeVisible();

  // The detail shows it all.
  await expect(page).toHaveURL(new RegExp(`/merchant/${merchantId}$`));
  const card = page.locator('.ant-card').first();
  await expect(card.getByText('Bishkek, Manas 5', { exact: false })).toBeVisible();
  await expect(card.getByTestId('schedule-summary')).toHaveText('00:00–24:00, break 13:00–14:00, day off: Sun');
  await expect(card.getByText(tag.title_en)).toBeVisible();
  await expect(card.getByText(place.title_en)).toBeVisible();
  await expect(card.getByText('15.5%')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add station' })).toBeVisible();
});

test('a dirty form asks before leaving, and the client checks the schedule before any request', async ({
  signedInPage,
}) => {
  const page = await signedInPage('en');
  await page.goto('/create-edit-merchant');
  await page.getByLabel('Name', { exact: true }).fill('Half-filled');
  await page.getByRole('link', { name: 'Merchants' }).first().click();
  await expect(page.getByText('Leave the page?')).toBeVisible();
  await page.getByRole('button', { name: 'Stay' }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  // The client checks first: required fields are marked without a request.
  await expect(page.getByText('Indicate the operating mode')).toBeVisible();
});
