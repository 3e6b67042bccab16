import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { signInDriver } from './app';

/** The dashboard's side of the drivers' API (issue 38): the SMS outbox in Settings and a driver's devices. */
for (const language of LANGUAGES_UNDER_TEST) {
  test(`the drivers' SMS and devices read in ${language}`, async ({ signedInPage, admin, request }) => {
    const driver = await signInDriver(request, admin);
    const page = await signedInPage(language);
    for (const width of [1440, 1280, 412]) {
      await page.setViewportSize({ width, height: { 1440: 900, 1280: 720 }[width] ?? 915 });
      await page.goto('/settings');
      await expect(page.getByTestId('sms-outbox').getByRole('row').nth(1)).toBeVisible();
      await page.getByTestId('sms-outbox').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `settings-sms-${width}`, language);
      await page.goto(`/user/${driver.id}`);
      await expect(page.getByTestId('app-device').first()).toBeVisible();
      await saveScreenshot(page, `user-devices-${width}`, language);
    }
  });
}
