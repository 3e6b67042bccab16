import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { TLanguage } from '@zaryad/contracts';
import { connectChargePoint } from '../support/charge-points';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

// A simulated OCPP 1.6J charge point connected to the server under test: station info and the merchant's stations table
// follow its status without a reload, and a restart from the UI reaches it.

const TEXTS = {
  ru: { charging: 'Идёт зарядка', available: 'Свободен', online: 'В сети', reset: 'Перезагрузка (Hard)' },
  en: { charging: 'Charging', available: 'Available', online: 'Online', reset: 'Restart (Hard)' },
  ky: { charging: 'Кубатталууда', available: 'Бош', online: 'Тармакта', reset: 'Кайра жүктөө (Hard)' },
} as const;

const shotsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** The screenshot beside the others, and a copy where the reviewers look at this screens. */
const shoot = async (page: Page, name: string, language: TLanguage) => {
  await saveScreenshot(page, name, language);
  const target = process.env.OCPP_SHOTS_DIR;
  if (target) {
    mkdirSync(target, { recursive: true });
    copyFileSync(join(shotsDir, `${name}.${language}.png`), join(target, `${name}.${language}.png`));
  }
};

test('a charge point changes status and station info follows without a reload; a restart from the UI reaches it', async ({
  signedInPage,
  request,
  admin,
}) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id);
  const point = await connectChargePoint(station.identity);
  try {
    const page = await signedInPage('en');
    await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
    const card = page.getByTestId('charge-point-card');
    await expect(card.getByTestId('ocpp-status-1')).toHaveAttribute('data-status', 'Available');
    await expect(card.getByText(TEXTS.en.online).first()).toBeVisible();

    await point.status(1, 'Charging');
    await expect(card.getByTestId('ocpp-status-1')).toHaveAttribute('data-status', 'Charging');
    await expect(card.getByTestId('ocpp-status-1')).toContainText(TEXTS.en.charging);
    await point.status(2, 'Faulted', 'GroundFailure');
    await expect(card.getByTestId('ocpp-status-2')).toContainText('GroundFailure');

    await page.getByRole('button', { name: TEXTS.en.reset }).click();
    await page.getByRole('dialog').getByRole('button', { name: TEXTS.en.reset }).click();
    await expect(page.locator('.ant-message')).toContainText('Action: Restart (Hard) completed successfully.');
    // The command log on the same screen shows it.
    await expect(card.locator('.ant-table-tbody')).toContainText('Reset');
  } finally {
    await point.close();
  }
});

test("the merchant's stations table shows each station's charge point live", async ({
  signedInPage,
  request,
  admin,
}) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id);
  const point = await connectChargePoint(station.identity);
  try {
    const page = await signedInPage('en');
    await page.goto(`/merchant/${merchant.id}`);
    const row = page.getByRole('row', { name: new RegExp(station.name_ru) });
    await expect(row.getByTestId('ocpp-status-1')).toHaveAttribute('data-status', 'Available');
    await point.status(1, 'Preparing');
    await expect(row.getByTestId('ocpp-status-1')).toHaveAttribute('data-status', 'Preparing');
  } finally {
    await point.close();
  }
});

for (const language of LANGUAGES_UNDER_TEST) {
  test(`charge point screens read in ${language}`, async ({ signedInPage, request, admin }) => {
    const merchant = await buildMerchant(request, admin);
    const station = await buildStation(request, admin, merchant.id);
    const point = await connectChargePoint(station.identity);
    try {
      await point.status(1, 'Charging');
      await point.status(2, 'Faulted', 'GroundFailure');
      const page = await signedInPage(language);
      await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
      const card = page.getByTestId('charge-point-card');
      // The panel is loaded after the screen (its code and texts): on a loaded machine its first draw took past 10 s.
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card.getByTestId('ocpp-status-1')).toContainText(TEXTS[language].charging);
      await page.getByRole('button', { name: TEXTS[language].reset }).click();
      await page.getByRole('dialog').getByRole('button', { name: TEXTS[language].reset }).click();
      await expect(card.locator('.ant-table-tbody')).toContainText('Reset');
      await card.scrollIntoViewIfNeeded();
      await shoot(page, 'ocpp-station-info', language);

      // The restart made the charge point boot again with its connectors Available; then a car plugs in.
      await expect(card.getByTestId('ocpp-status-1')).toContainText(TEXTS[language].available);
      await point.status(1, 'Charging');
      await page.goto(`/merchant/${merchant.id}`);
      const row = page.getByRole('row', { name: new RegExp(station.name_ru) });
      await expect(row.getByTestId('ocpp-status-1')).toContainText(TEXTS[language].charging);
      await shoot(page, 'ocpp-stations-table', language);
    } finally {
      await point.close();
    }
  });
}
