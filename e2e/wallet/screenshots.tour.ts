import type { TLanguage } from '@zaryad/contracts';
import { signInDriver } from '../drivers/app';
import { FREEDOMPAY } from '../support/freedompay';
import { expect, saveScreenshot, test } from '../support/fixtures';

/**
 * The wallet in the dashboard (issue 39): card payments (one paid through the FreedomPay stand-in, so that the list,
 * the payment's story and the refund to the card have something to show), a charge's refund, a balance correction;
 * the user's page with the card saved by that payment and the automatic top-up on it (item 3); in ru, en and ky, at
 * 1440, then the list (a row's details unfolded), the payment and the user's card block again at 1280×720 and on a
 * 412×915 phone.
 */
const TEXTS = {
  ru: {
    toCard: 'Вернуть на карту',
    refundCharge: /^Вернуть за зарядку/,
    reason: 'Причина',
    cancel: 'Отмена',
    correct: 'Скорректировать баланс',
  },
  en: {
    toCard: 'Refund to card',
    refundCharge: /^Refund charge No\./,
    reason: 'Reason',
    cancel: 'Cancel',
    correct: 'Correct balance',
  },
  ky: {
    toCard: 'Картага кайтаруу',
    refundCharge: /кубаттоо үчүн кайтаруу$/,
    reason: 'Себеби',
    cancel: 'Жокко чыгаруу',
    correct: 'Балансты оңдоо',
  },
} as const;

/** The narrower views the card payments' screens are checked at besides 1440 (a phone draws the list as cards). */
const NARROW = [
  { width: 1280, height: 720 },
  { width: 412, height: 915 },
] as const;

for (const language of ['ru', 'en', 'ky'] as TLanguage[]) {
  test(`the wallet screens read in ${language}`, async ({ signedInPage, request, admin }) => {
    test.setTimeout(150_000);
    // A driver's card top-up of 750 som, paid on the provider's page.
    const driver = await signInDriver(request, admin);
    const started = await request.post('/api/app/v1/payments/top-up/', {
      headers: driver.headers,
      data: { amount: '750.00', save_card: true },
    });
    expect(started.status()).toBe(201);
    const { payment, redirect_url: redirectUrl } = (await started.json()) as {
      payment: { id: number };
      redirect_url: string;
    };
    const providerId = new URL(redirectUrl).pathname.split('/').pop()!;
    const paid = await request.post(`${FREEDOMPAY.url}/pay/${providerId}`, {
      form: { card: '4400 4300 0000 1234', action: 'pay' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    // The card kept by that payment carries the driver's automatic top-up.
    const cards = await request.get('/api/app/v1/payments/cards/', { headers: driver.headers });
    const [card] = ((await cards.json()) as { items: Array<{ id: number }> }).items;
    expect(card).toBeDefined();
    const autoTopUp = await request.put('/api/app/v1/payments/auto-top-up/', {
      headers: driver.headers,
      data: { enabled: true, card_id: card!.id, threshold: '100.00', amount: '1500.00' },
    });
    expect(autoTopUp.status()).toBe(200);

    const texts = TEXTS[language as keyof typeof TEXTS];
    const page = await signedInPage(language);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/card-payments');
    await expect(page.getByRole('link', { name: /^Z/ }).first()).toBeVisible();
    await saveScreenshot(page, 'card-payments-1440', language);
    await page.goto(`/card-payments/${payment.id}`);
    await expect(page.getByText('440043******1234').first()).toBeVisible();
    await saveScreenshot(page, 'card-payment-1440', language);
    await page.getByRole('button', { name: texts.toCard }).click();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: texts.reason })).toBeVisible();
    await saveScreenshot(page, 'card-refund-modal-1440', language);
    await page.getByRole('dialog').getByRole('button', { name: texts.cancel }).click();

    await page.goto('/chargers-list');
    const refund = page.getByRole('button', { name: texts.refundCharge }).first();
    await expect(refund).toBeVisible();
    await saveScreenshot(page, 'charges-refund-action-1440', language);
    await refund.click();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: texts.reason })).toBeVisible();
    await saveScreenshot(page, 'charge-refund-modal-1440', language);
    await page.getByRole('dialog').getByRole('button', { name: texts.cancel }).click();

    await page.goto(`/user/${driver.id}`);
    await expect(page.getByTestId('user-balance')).toBeVisible();
    await expect(page.getByTestId('card-wallet').getByText('440043******1234').first()).toBeVisible();
    await saveScreenshot(page, 'user-card-wallet-1440', language);
    await page.getByRole('button', { name: texts.correct }).click();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: texts.reason })).toBeVisible();
    await saveScreenshot(page, 'user-correction-modal-1440', language);
    await page.getByRole('dialog').getByRole('button', { name: texts.cancel }).click();

    for (const view of NARROW) {
      await page.setViewportSize(view);
      const width = String(view.width);
      await page.goto('/card-payments');
      if (view.width >= 768) {
        await expect(page.getByRole('table').getByRole('link', { name: /^Z/ }).first()).toBeVisible();
        await saveScreenshot(page, `card-payments-${width}`, language);
        await page.locator('.ant-table-row-expand-icon').first().click();
        await expect(page.locator('.ant-table-expanded-row').first()).toBeVisible();
      } else {
        await expect(page.getByTestId('row-cards').getByRole('link', { name: /^Z/ }).first()).toBeVisible();
        await saveScreenshot(page, `card-payments-${width}`, language);
        await page.getByTestId('row-cards').locator('summary').first().click();
      }
      await saveScreenshot(page, `card-payments-details-${width}`, language);
      await page.goto(`/card-payments/${payment.id}`);
      await expect(page.getByText('440043******1234').first()).toBeVisible();
      await saveScreenshot(page, `card-payment-${width}`, language);
      await page.goto(`/user/${driver.id}`);
      await expect(page.getByTestId('card-wallet').getByText('440043******1234').first()).toBeVisible();
      await saveScreenshot(page, `user-card-wallet-${width}`, language);
    }
  });
}
