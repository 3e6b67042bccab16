import type { Page } from '@playwright/test';
import { unique } from '../support/api';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** antd's DatePicker takes typed text in its display format; Tab leaves it (Enter would submit the form). */
const typeDate = async (page: Page, label: string, date: string) => {
  const input = page.getByRole('dialog').getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Tab');
  await expect(input).toHaveValue(date);
};

test('a rental partner is created, edited and deactivated', async ({ signedInPage }) => {
  const page = await signedInPage('en');
  // Many steps, each a round trip to the server: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const name = `E2E Partner ${unique()}`;

  await page.goto('/software-rental-partners');
  await page.getByRole('button', { name: 'Add partner' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await drawer.getByLabel('Legal entity').fill(`OsOO ${name}`);
  await drawer.getByLabel('Contact person').fill('Aibek Toktogulov');
  await drawer.getByLabel('Phone').pressSequentially('996555123456');
  await drawer.getByLabel('Email').fill('partner@tok.kg');
  await drawer.getByLabel('Agreement number').fill('SR-2026/07');
  await drawer.getByLabel('Percentage, %').fill('12.5');
  // The end picker greys out days before the start; an end chosen first and a later start still meet the rule.
  await typeDate(page, 'End date', '15.02.2026');
  await typeDate(page, 'Start date', '01.03.2026');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer.getByText('The end date cannot be earlier than the start date')).toBeVisible();
  await typeDate(page, 'End date', '31.12.2026');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('The partner has been created')).toBeVisible();

  await page.getByRole('searchbox').fill(name);
  await expect(rowOf(page, name)).toContainText('01.03.2026 – 31.12.2026');
  await expect(rowOf(page, name)).toContainText('+996 (555) 12-34-56');
  await expect(rowOf(page, name)).toContainText('Active');

  await rowOf(page, name).getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('dialog').getByLabel('Percentage, %')).toHaveValue('12.50');
  await page.getByRole('dialog').getByLabel('Percentage, %').fill('20');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The changes have been saved')).toBeVisible();
  await expect(rowOf(page, name).getByRole('cell', { name: '20', exact: true })).toBeVisible();

  await rowOf(page, name).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Deactivate (1)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(rowOf(page, name)).toContainText('Inactive');
});

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the rental partners screen and drawer read in ${language}`, async ({ signedInPage, request, admin }) => {
    const headers = { Authorization: `Bearer ${admin.access}` };
    const response = await request.post('/api/v1/software-rental-partners/', {
      headers,
      data: {
        name: `ОсОО «Заряд Сервис» ${unique()}`,
        legal_entity: 'ОсОО «Заряд Сервис»',
        contact_person: 'Айбек Токтогулов',
        phone: '996700112233',
        email: 'service@zaryad.kg',
        agreement_number: 'SR-2026/01',
        percentage: 15,
        start_date: '2026-01-01',
        end_date: null,
      },
    });
    expect(response.status()).toBe(201);
    const page = await signedInPage(language);
    await page.goto('/software-rental-partners');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await saveScreenshot(page, 'partners-list', language);
    await page.locator('.ant-table-row').first().getByRole('button').last().click();
    await expect(page.getByRole('dialog').locator('#name')).not.toHaveValue('');
    await saveScreenshot(page, 'partners-edit', language);
  });
}
