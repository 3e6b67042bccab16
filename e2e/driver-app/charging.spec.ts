import type { TAppCharge } from '@zaryad/contracts/app';
import { connectMeteredChargePoint, ROUND_THE_CLOCK, signInDriver } from '../drivers/app';
import { expect, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';
import { creditDriver, DRIVER_PHONE, primeDriverApp, savePhoneScreenshot } from './phone';

// Charging from the drivers' app (issue 40, docs/product/driver-app.md): the driver scans a connector's QR code (its
// link), starts the charge at a simulated charge point, watches the energy rise on the live screen, stops it and reads
// the receipt, whose total is the charge's cost as the server booked it.

test.use(DRIVER_PHONE);

/** The figure a screen shows, as a number: `1,25 кВт·ч` → 1.25. */
const figure = (text: string | null) => Number((text ?? '').replace(/[^\d,.]/g, '').replace(',', '.'));

test('a driver scans a connector’s QR link, starts, watches the energy rise, stops and reads the receipt', async ({
  page,
  request,
  admin,
}) => {
  test.setTimeout(60_000);
  const dashboard = { Authorization: `Bearer ${admin.access}` };
  const merchant = await buildMerchant(request, admin, { schedule: ROUND_THE_CLOCK });
  const station = await buildStation(request, admin, merchant.id, {
    connectors: [{ typo: 'ccs2', power_kWh: 60, custom_fee: '20.00' }],
  });
  // Open round the clock, so that the test runs at any hour.
  const schedule = new FormData();
  ROUND_THE_CLOCK.forEach((entry, index) => {
    schedule.append(`schedule[${index}]day`, String(entry.day));
    schedule.append(`schedule[${index}]start_time`, entry.start_time);
    schedule.append(`schedule[${index}]end_time`, entry.end_time);
    schedule.append(`schedule[${index}]is_break`, 'false');
  });
  const opened = await request.patch(`/api/v1/stations/update/${station.id}/`, {
    headers: dashboard,
    multipart: schedule,
  });
  expect(opened.status()).toBe(200);
  const point = await connectMeteredChargePoint(station.identity);
  try {
    const driver = await signInDriver(request, admin);
    await creditDriver(request, admin, driver.id, '500.00');
    const screen = await request.get(`/api/app/v1/stations/${station.id}/`, { headers: driver.headers });
    const connectorId = ((await screen.json()) as { connectors: { id: number }[] }).connectors[0]!.id;
    await primeDriverApp(page, driver.tokens, 'ru');

    await test.step('the QR link: the connector, and start', async () => {
      await page.goto(`/app/stations/${station.id}/connectors/${connectorId}`);
      const start = page.getByRole('button', { name: 'Начать зарядку' });
      await expect(start).toBeEnabled();
      await savePhoneScreenshot(page, 'connector', 'ru');
      await start.tap();
      await expect(page).toHaveURL(/\/app\/charging$/);
    });

    await test.step('live: the energy rises', async () => {
      const energy = page.getByTestId('live-energy');
      await expect.poll(async () => figure(await energy.textContent()), { timeout: 20_000 }).toBeGreaterThan(0);
      const first = figure(await energy.textContent());
      await expect.poll(async () => figure(await energy.textContent()), { timeout: 15_000 }).toBeGreaterThan(first);
      await expect(page.getByTestId('live-cost')).toContainText('сом');
      await savePhoneScreenshot(page, 'charging-live', 'ru');
    });

    await test.step('stop, asked first; the receipt', async () => {
      await page.getByRole('button', { name: 'Остановить зарядку' }).tap();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Да, остановить' }).tap();
      await expect(page).toHaveURL(/\/app\/charges\/\d+$/, { timeout: 20_000 });
      const chargeId = Number(/\/charges\/(\d+)$/.exec(page.url())?.[1]);
      const total = page.getByTestId('receipt-total');
      await expect(total).toBeVisible({ timeout: 20_000 });
      const receipt = (await (
        await request.get(`/api/app/v1/charges/${chargeId}/`, { headers: driver.headers })
      ).json()) as TAppCharge;
      expect(receipt.running).toBe(false);
      expect(figure(await total.textContent())).toBe(Number(receipt.cost));
      await expect(page.getByRole('heading', { level: 1, name: `Чек № ${chargeId}` })).toBeVisible();
      await savePhoneScreenshot(page, 'receipt', 'ru');
    });
  } finally {
    await point.close();
  }
});
