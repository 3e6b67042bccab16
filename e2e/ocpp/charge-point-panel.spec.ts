import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import type { TLanguage } from '@zaryad/contracts';
import { connectChargePoint } from '../support/charge-points';
import { expect, LANGUAGES_UNDER_TEST, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';
import { e2eUser } from '../support/users';

// Station info's "Charge point" panel (issue 34) against a simulated OCPP 1.6J charge point connected to the server
// under test: a remote start for an app user, the charge running in the charges list, its remote stop; a firmware
// uploaded and sent, its status line advancing to Installed.
/** A driver with an app token and a balance (e2e/support/users.ts). */
const DRIVER = e2eUser('screens');

// A charge point's round trips and the lazy panel on a shared 2-core machine: more than the default 30 s a test.
test.describe.configure({ timeout: 180_000 });

const shotsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Confirms the open confirmation with its button named `name`. */
const confirm = async (page: Page, name: string) => {
  const popover = page.locator('.ant-popover:not(.ant-popover-hidden)');
  await expect(popover).toBeVisible();
  await popover.getByRole('button', { name, exact: true }).click();
};

const openStation = async (page: Page, merchantId: number, stationId: number) => {
  await page.goto(`/merchant/${merchantId}/station-info/${stationId}`);
  const card = page.getByTestId('charge-point-card');
  // The panel is its own chunk: on a loaded machine it may take a while to come.
  await expect(card.getByTestId('ocpp-status-1')).toHaveAttribute('data-status', 'Available', { timeout: 30_000 });
  return card;
};

test('from station info a charge starts remotely for an app user, runs in the charges list, and stops remotely', async ({
  signedInPage,
  request,
  admin,
}) => {
  const merchant = await buildMerchant(request, admin);
  // A price of its own: a charge needs one, and the e2e network has no default rates.
  const station = await buildStation(request, admin, merchant.id, {
    connectors: [
      { typo: 'ccs2', power_kWh: 60, custom_fee: '15.00' },
      { typo: 'type2', power_kWh: 22, custom_fee: '12.00' },
    ],
  });
  const point = await connectChargePoint(station.identity);
  try {
    const page = await signedInPage('en');
    const card = await openStation(page, merchant.id, station.id);

    const start = card.getByTestId('cp-remote-start');
    await start.getByRole('combobox', { name: 'App user' }).click();
    await page.keyboard.type(DRIVER.personalAccount);
    // antd's listbox options are for screen readers; the visible item is clicked.
    await page.locator('.ant-select-item-option', { hasText: DRIVER.personalAccount }).click();
    await start.getByRole('button', { name: 'Start the charge' }).click();
    await confirm(page, 'Start the charge');
    await expect(start.getByTestId('command-answer')).toHaveAttribute('data-status', 'accepted');
    // The charge point starts the session: its connector goes Charging, live.
    await expect(card.getByTestId('ocpp-status-1')).toHaveAttribute('data-status', 'Charging', { timeout: 30_000 });
    await expect(card.getByTestId('command-log')).toContainText('RemoteStartTransaction');

    await page.goto(`/chargers-list?station_id__in=${station.id}`);
    const row = page.getByRole('row', { name: new RegExp(DRIVER.name) });
    await expect(row).toContainText('In progress');

    await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
    const panel = page.getByTestId('charge-point-card');
    const stop = panel.getByTestId('cp-remote-stop');
    await expect(stop.getByRole('listitem')).toContainText(DRIVER.name);
    await stop.getByRole('button', { name: 'Stop' }).click();
    await confirm(page, 'Stop');
    await expect(stop.getByTestId('command-answer')).toHaveAttribute('data-status', 'accepted');
    await expect(panel.getByTestId('ocpp-status-1')).not.toHaveAttribute('data-status', 'Charging');

    await page.goto(`/chargers-list?station_id__in=${station.id}`);
    await expect(page.getByRole('row', { name: new RegExp(DRIVER.name) })).toContainText(/Finished|Stopped/);
  } finally {
    await point.close();
  }
});

test('a firmware file uploaded from station info is sent to the charge point and its status line reaches Installed', async ({
  signedInPage,
  request,
  admin,
}) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id);
  const point = await connectChargePoint(station.identity);
  try {
    const page = await signedInPage('en');
    const card = await openStation(page, merchant.id, station.id);
    await card.getByRole('tab', { name: 'Firmware and diagnostics' }).click();
    const firmware = card.getByTestId('cp-firmware');
    await expect(firmware.getByTestId('firmware-progress')).toHaveAttribute('data-status', 'none');

    const name = `zr-fw-${station.id}.2.1.bin`;
    await firmware.getByRole('textbox', { name: 'Version (optional)' }).fill('2.1');
    await firmware
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.alloc(4096, 7) });
    await expect(page.locator('.ant-message')).toContainText(`${name} uploaded`);
    const update = firmware.getByTestId('cp-update-firmware');
    // The file just uploaded is the one chosen.
    await expect(update).toContainText(name);
    await update.getByRole('button', { name: 'Update', exact: true }).click();
    await confirm(page, 'Update');
    await expect(update.getByTestId('command-answer')).toHaveAttribute('data-status', 'accepted');

    // The charge point downloads, installs, reboots with the new version and says Installed: the line follows live.
    const progress = firmware.getByTestId('firmware-progress');
    await expect(progress).toHaveAttribute('data-status', 'Installed', { timeout: 30_000 });
    await expect(progress).toContainText('Installed');
    await expect(card).toContainText(`${station.id}.2.1`);
  } finally {
    await point.close();
  }
});

/** The panel alone, at the page's width, for a person to look at. */
const shoot = async (panel: Locator, name: string, language: TLanguage) => {
  mkdirSync(shotsDir, { recursive: true });
  await panel.screenshot({ path: join(shotsDir, `${name}.${language}.png`), animations: 'disabled' });
};

const TEXTS = {
  ru: { clear: 'Очистить кэш', firmware: 'Прошивка и диагностика' },
  en: { clear: 'Clear the cache', firmware: 'Firmware and diagnostics' },
  ky: { clear: 'Кэшти тазалоо', firmware: 'Программа жана диагностика' },
} as const;

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the charge point panel reads in ${language} at 1440 and 412 px`, async ({ signedInPage, request, admin }) => {
    const merchant = await buildMerchant(request, admin);
    const station = await buildStation(request, admin, merchant.id);
    const point = await connectChargePoint(station.identity);
    try {
      const page = await signedInPage(language);
      for (const width of [1440, 412]) {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 915 });
        const card = await openStation(page, merchant.id, station.id);
        const clear = card.getByTestId('cp-clear-cache');
        await clear.getByRole('button', { name: TEXTS[language].clear }).click();
        await confirm(page, TEXTS[language].clear);
        await expect(clear.getByTestId('command-answer')).toHaveAttribute('data-status', 'accepted');
        await shoot(card, `ocpp-panel-commands-${width}`, language);
        await card.getByRole('tab', { name: TEXTS[language].firmware }).click();
        await expect(card.getByTestId('firmware-progress')).toBeVisible();
        await shoot(card, `ocpp-panel-firmware-${width}`, language);
      }
    } finally {
      await point.close();
    }
  });
}
