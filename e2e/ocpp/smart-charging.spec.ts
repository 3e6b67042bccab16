import type { Locator, Page } from '@playwright/test';
import { SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';
import { E2E_PORT } from '../env';
import { expect, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

// Smart charging from the dashboard (issue 34) against a simulated OCPP 1.6J charge point connected to the server
// under test: a station's power limit saved on station info reaches the charge point as a ChargePointMaxProfile and
// comes back in its composite schedule, drawn; a merchant site's limit sends its stations a TxDefaultProfile.
const ENDPOINT = `ws://127.0.0.1:${E2E_PORT}/ocpp`;
/** The password support/network.ts gives every station it creates. */
const PASSWORD = 'Abcdefgh12345678';

// A charge point's round trips and the lazy panel on a shared 2-core machine: more than the default 30 s a test.
test.describe.configure({ timeout: 120_000 });

/** Confirms the open confirmation with its button named `name`. */
const confirm = async (page: Page, name: string) => {
  const popover = page.locator('.ant-popover:not(.ant-popover-hidden)');
  await expect(popover).toBeVisible();
  await popover.getByRole('button', { name, exact: true }).click();
};

/** Types a limit in kW into a limit form and saves it after its confirmation. */
const saveLimit = async (page: Page, form: Locator, kw: string) => {
  const limit = form.getByLabel('Limit, kW');
  await limit.fill(kw);
  await form.getByRole('button', { name: 'Save the limit' }).click();
  await confirm(page, 'Save the limit');
};

test("a station's power limit reaches its charge point and comes back in the composite schedule; a site's limit reaches its stations", async ({
  signedInPage,
  request,
  admin,
}) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id, {
    connectors: [{ typo: 'type2', power_kWh: 22, custom_fee: '12.00' }],
  });
  const point = new SimulatedChargePoint({
    endpoint: ENDPOINT,
    identity: station.identity,
    password: PASSWORD,
    connectors: [1],
  });
  await point.connect();
  await point.boot();
  try {
    const page = await signedInPage('en');
    await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
    const card = page.getByTestId('cp-smart-charging');
    // The panel and its texts are their own chunks: on a loaded machine they may take a while.
    await expect(card.getByText('No limit set')).toBeVisible({ timeout: 30_000 });

    await saveLimit(page, card.getByTestId('station-power-limit'), '11');
    await expect(card.getByTestId('power-limit-answer')).toHaveAttribute('data-status', 'accepted');
    await expect(card.getByTestId('power-limit-answer')).toContainText('SetChargingProfile');
    const installed = point.profiles.find((entry) => entry.profile.chargingProfilePurpose === 'ChargePointMaxProfile');
    expect(installed?.connectorId).toBe(0);
    expect(installed?.profile.chargingSchedule.chargingSchedulePeriod[0]?.limit).toBe(11_000);
    // Reloaded, the limit is the one kept, with who set it.
    await page.reload();
    await expect(card.getByTestId('station-power-limit').getByLabel('Limit, kW')).toHaveValue('11.0', {
      timeout: 30_000,
    });

    await card.getByRole('button', { name: 'Show the schedule' }).click();
    const chart = card.getByRole('img', { name: /Power limit over the next 24 h/ });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute('aria-label', / 11(,|$)/);
    await saveScreenshot(page, 'station-smart-charging', 'en');

    await page.goto(`/merchant/${merchant.id}`);
    await page.getByRole('tab', { name: 'Power limit' }).click();
    const site = page.getByTestId('site-power-limit');
    await expect(site.getByText('No limit set')).toBeVisible({ timeout: 30_000 });
    await saveLimit(page, site.getByTestId('site-power-limit-form'), '22');
    await expect(site.getByTestId('power-limit-answer')).toHaveAttribute('data-status', 'accepted');
    // No charge runs: the site's stations get 0 W by default until a charge is given its share.
    await expect
      .poll(() => point.profiles.find((entry) => entry.profile.chargingProfilePurpose === 'TxDefaultProfile'))
      .toBeTruthy();
  } finally {
    await point.close();
  }
});
