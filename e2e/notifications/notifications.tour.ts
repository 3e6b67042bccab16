import type { Page } from '@playwright/test';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';
import { buildWebhook, connectChargePoint, startReceiver } from './support';

// The notifications' screens in each language (e2e/screenshots/notifications-*.png), for a person to look at: the
// bell's list with a live notification (and its toast), the profile's Notifications section, the webhooks screen, its
// form and its delivery log, at 1440 px, and the bell at 412 px. bell.spec.ts and webhooks.spec.ts assert the flows.
const TEXTS = {
  ru: { add: 'Добавить вебхук', deliveries: 'Отправки', test: 'Отправить тест' },
  en: { add: 'Add a webhook', deliveries: 'Deliveries', test: 'Send a test' },
  ky: { add: 'Вебхук кошуу', deliveries: 'Жөнөтүүлөр', test: 'Сыноо жөнөтүү' },
} as const;

const BELL = { ru: /^Уведомления/, en: /^Notifications/, ky: /^Билдирүүлөр/ } as const;

const openBell = async (page: Page, language: keyof typeof BELL) => {
  await page.getByRole('banner').getByRole('button', { name: BELL[language] }).click();
  await expect(page.getByTestId('notification-panel')).toBeVisible();
};

for (const language of LANGUAGES_UNDER_TEST) {
  test(`notifications read in ${language}`, async ({ signedInPage, request, admin }) => {
    const merchant = await buildMerchant(request, admin);
    const station = await buildStation(request, admin, merchant.id);
    const receiver = await startReceiver();
    const secret = `tour-secret-${Date.now()}-abcdef`;
    receiver.useSecret(secret);
    await buildWebhook(request, admin, { name: 'NOC Grafana', url: receiver.url, secret });
    const point = await connectChargePoint(station.identity);
    try {
      const page = await signedInPage(language);
      await page.goto('/profile');
      await expect(page.getByTestId('notification-preferences')).toBeVisible();
      // A fault for the bell, shot with its toast, once the bell's stream is open.
      await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-live', 'true');
      await point.status(1, 'Faulted', 'GroundFailure');
      await page
        .locator('.ant-notification-notice')
        .first()
        .waitFor({ timeout: 15_000 });
      await saveScreenshot(page, 'notifications-profile', language);
      await openBell(page, language);
      await saveScreenshot(page, 'notifications-bell', language);
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 412, height: 915 });
      await page.reload();
      await openBell(page, language);
      await saveScreenshot(page, 'notifications-bell-412', language);
      await page.setViewportSize({ width: 1440, height: 900 });

      await page.goto('/settings/webhooks');
      await expect(page.getByTestId('webhooks-table')).toContainText('NOC Grafana');
      await page
        .getByRole('row')
        .filter({ hasText: 'NOC Grafana' })
        .first()
        .getByRole('button', { name: TEXTS[language].test })
        .click();
      await expect(page.getByTestId('webhook-deliveries')).toContainText('204', { timeout: 15_000 });
      await saveScreenshot(page, 'notifications-webhook-deliveries', language);
      await page.keyboard.press('Escape');
      await saveScreenshot(page, 'notifications-webhooks', language);
      await page.getByRole('button', { name: TEXTS[language].add }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await saveScreenshot(page, 'notifications-webhook-form', language);
    } finally {
      await point.close();
      await receiver.close();
    }
  });
}
