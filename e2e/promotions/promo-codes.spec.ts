import { readFileSync } from 'node:fs';
import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { chooseOption } from '../support/pickers';
import { driverId } from '../support/charges';
import { buildPromotion } from '../support/promotions';
import { e2eUserId } from '../support/users';

test('codes are generated for a promotion, listed, found and deactivated', async ({ signedInPage, admin, request }) => {
  test.setTimeout(90_000);
  const promotion = await buildPromotion(request, admin, { title: `Коды ${Date.now()}` });
  const page = await signedInPage('en');
  await page.goto('/list-of-promotional-codes');
  await page.getByRole('button', { name: 'Generate codes' }).click();
  const modal = page.getByRole('dialog').filter({ hasText: 'Generate codes' });
  await chooseOption(modal.getByRole('combobox', { name: 'Promotion' }), promotion.title_en);
  await modal.getByLabel('How many').fill('25');
  await modal.getByLabel('Prefix', { exact: true }).fill('EV');
  await modal.getByLabel('Characters after the prefix').fill('6');
  await modal.getByLabel('Uses in all').fill('3');
  const from = modal.getByPlaceholder('Start date');
  const confirm = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button');
  await from.click();
  await from.fill('01.01.2030 00:00');
  await confirm.click();
  await modal.getByPlaceholder('End date').fill('31.12.2030 23:00');
  await confirm.click();
  await modal.getByRole('button', { name: 'Generate codes' }).click();
  await expect(page.getByText('Codes generated: 25')).toBeVisible();

  await chooseOption(page.getByRole('combobox', { name: 'Promotion' }), promotion.title_en, { search: true });
  // The list toolkit puts a filter into the URL half a second after the last change.
  await expect(page).toHaveURL(new RegExp(`promotion=${String(promotion.id)}`));
  // 25 codes of the promotion: a first page of 10, once the filtered page has replaced the one shown before it (the
  // list keeps its previous rows until the next page arrives).
  const codes = page.getByRole('table').locator('tbody tr code');
  await expect(codes).toHaveText(Array.from({ length: 10 }, () => /^EV[A-HJ-NP-Z2-9]{6}$/));
  const code = (await codes.first().textContent()) ?? '';
  await page.getByRole('searchbox', { name: 'Search by code' }).fill(code);
  await expect(page).toHaveURL(new RegExp(`search=${code}`));
  await expect(page.getByRole('table').locator('tbody tr code')).toHaveText([code]);
  await page.getByRole('table').locator('tbody tr').first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Deactivate (1)' }).click();
  const confirmation = page.getByRole('dialog').filter({ hasText: 'Deactivate the selected codes (1)?' });
  await confirmation.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Deactivated: 1')).toBeVisible();
  await expect(page.getByRole('table').locator('tbody tr').first()).toContainText('Deactivated');

  // The export writes what the list shows: the one code found, deactivated.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.split(/\r?\n/).filter(Boolean).slice(1)).toEqual([
    expect.stringMatching(new RegExp(`^${code},.*,Deactivated,`)),
  ]);
});

const TITLES: Record<TLanguage, string> = { ru: 'Промокоды', en: 'Promo codes', ky: 'Промокоддор' };

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the promo codes screen reads in ${language}`, async ({ signedInPage, admin, request }) => {
    const promotion = await buildPromotion(request, admin, { title: `Промо (${language})` });
    await request.post('/api/v1/promo-codes/generate/', {
      headers: { Authorization: `Bearer ${admin.access}` },
      data: {
        promotion: promotion.id,
        count: 5,
        prefix: 'KG',
        length: 6,
        total_limit: 2,
        per_user_limit: 1,
        valid_from: new Date(Date.now() - 3600_000).toISOString(),
        valid_until: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    const page = await signedInPage(language);
    await page.goto(`/list-of-promotional-codes?promotion=${promotion.id}`);
    await expect(page.getByText(TITLES[language]).first()).toBeVisible();
    await expect(page.getByRole('table').locator('tbody tr code')).toHaveCount(5);
    await saveScreenshot(page, 'promo-codes-list', language);
  });
}

test('an operator redeems a code for a driver from user/{id}; a second time is refused with the reason', async ({
  signedInPage,
  admin,
  request,
}) => {
  const promotion = await buildPromotion(request, admin, { title: `Погашение ${Date.now()}` });
  const generated = await request.post('/api/v1/promo-codes/generate/', {
    headers: { Authorization: `Bearer ${admin.access}` },
    data: {
      promotion: promotion.id,
      count: 1,
      prefix: 'RD',
      length: 8,
      total_limit: 5,
      per_user_limit: 1,
      valid_from: new Date(Date.now() - 3600_000).toISOString(),
      valid_until: new Date(Date.now() + 24 * 3600_000).toISOString(),
    },
  });
  expect(generated.status()).toBe(201);
  const [code = ''] = ((await generated.json()) as { codes: string[] }).codes;
  const userId = await e2eUserId(request, admin, 'bakyt');

  const page = await signedInPage('en');
  await page.goto(`/user/${userId}`);
  const redeem = async (typed: string) => {
    await page.getByRole('button', { name: 'Redeem a promo code' }).click();
    const modal = page.getByRole('dialog').filter({ hasText: 'Promo code for' });
    // Typed in lower case, sent in upper case, as the app will.
    // Bakyt has no charge in progress: the code waits for the next one.
    await expect(
      modal.getByText('The driver has no charge in progress: the code applies to their next charge.'),
    ).toBeVisible();
    await modal.getByLabel('Code').fill(typed.toLowerCase());
    await modal.getByRole('button', { name: 'Redeem' }).click();
    return modal;
  };
  const first = await redeem(code);
  await expect(page.getByText(`Code ${code} redeemed for`)).toBeVisible();
  await expect(first).toBeHidden();

  const second = await redeem(code);
  await expect(second.getByText('This user has already used the promo code as many times as allowed')).toBeVisible();
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(second).toBeHidden();
});

const REDEEM: Record<TLanguage, { button: string; inProgress: string }> = {
  ru: { button: 'Применить промокод', inProgress: 'У водителя идёт зарядка' },
  en: { button: 'Redeem a promo code', inProgress: 'The driver has a charge in progress' },
  ky: { button: 'Промокодду колдонуу', inProgress: 'Айдоочунун кубаттоосу жүрүп жатат' },
};

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the redeem modal reads in ${language}, naming the driver's charge in progress`, async ({
    signedInPage,
    admin,
    request,
  }) => {
    // Asel's charge at Dordoi Plaza runs (e2e/support/charges.ts); the modal is only looked at, nothing is redeemed.
    const userId = await driverId(request, admin, 'asel');
    const page = await signedInPage(language);
    await page.goto(`/user/${userId}`);
    await page.getByRole('button', { name: REDEEM[language].button }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByText(REDEEM[language].inProgress)).toBeVisible();
    // The shot once the modal has zoomed in (as force-finish.spec.ts does).
    await expect(page.locator('.ant-modal').last()).not.toHaveClass(/ant-zoom-(appear|enter)/);
    await saveScreenshot(page, 'promo-code-redeem', language);
  });
}
