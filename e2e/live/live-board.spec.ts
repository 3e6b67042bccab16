import { expect, test } from '../support/fixtures';
import { counter, LIVE_ID_TAG, liveStation, openBoard } from './live-support';

// The live board (issue 35, docs/product/live.md): a simulated OCPP 1.6J charge point starts a charge, sends meter
// values, faults and recovers; the board (filtered to the station's merchant) shows each change without a reload.
test.describe.configure({ timeout: 120_000 });

test('a charge started by a charge point appears live with its energy and cost; a fault moves the counters', async ({
  signedInPage,
  request,
  admin,
}) => {
  const { merchant, station, point } = await liveStation(request, admin);
  try {
    const page = await signedInPage('en');
    await openBoard(page, merchant.id);
    await expect(counter(page, 'available')).toHaveText('1');
    await expect(counter(page, 'charging')).toHaveText('0');
    await expect(page.getByText('Nobody is charging now')).toBeVisible();
    let reloads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) {
        reloads += 1;
      }
    });

    // The charge point starts a charge with the driver's card, meter values every second at 22 kW.
    const transactionId = await point.startSession(1, LIVE_ID_TAG, { meterEveryMs: 1_000, powerW: 22_000 });
    expect(transactionId).not.toBeNull();
    await expect(counter(page, 'charging')).toHaveText('1');
    await expect(counter(page, 'available')).toHaveText('0');
    const table = page.getByTestId('live-charges');
    const row = table.getByRole('row').filter({ hasText: station.name_en });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Чолпон Абдыраева');
    await expect(row).toContainText('22 kW');
    // Energy and cost grow with the meter values (22 kW: about 6 Wh a second, 20 som/kWh).
    const energy = row.getByTestId('live-charge-energy');
    const first = await energy.textContent();
    await expect(energy).not.toHaveText(first ?? '', { timeout: 15_000 });
    await expect(row.getByTestId('live-charge-cost')).not.toHaveText('0.00 som');

    // A fault: the station leaves charging for faulted.
    await point.status(1, 'Faulted', 'GroundFailure');
    await expect(counter(page, 'faulted')).toHaveText('1');
    await expect(counter(page, 'charging')).toHaveText('0');

    // The charge stops: its row leaves the table; the connector recovers.
    await point.stopSession(1);
    await expect(row).toHaveCount(0);
    await point.status(1, 'Available');
    await expect(counter(page, 'available')).toHaveText('1');
    await expect(counter(page, 'faulted')).toHaveText('0');
    expect(reloads).toBe(0);

    // The charge point goes away: after a reload of the snapshot the station is offline.
    await point.close();
    await page.reload();
    await expect(counter(page, 'offline')).toHaveText('1');
  } finally {
    await point.close();
  }
});
