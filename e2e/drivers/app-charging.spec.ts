import type { TAppCharge } from '@zaryad/contracts/app';
import { unique } from '../support/api';
import { expect, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';
import { connectMeteredChargePoint, openSessionStream, ROUND_THE_CLOCK, signInDriver } from './app';

// The drivers' API (issue 38, docs/product/app-api.md) end to end: a driver signs in by a code, finds a station near
// them, starts a charge at its simulated charge point, watches the meter rise on the session's event stream, stops it;
// the receipt, the driver's statement and the dashboard's charges screen then tell the same charge at the same cost.

/** The station list item and the station's screen, as much of them as this test reads. */
interface StationNear {
  id: number;
  name: string;
  distance_m: number | null;
  online: boolean;
  open_now: boolean;
  connector_types: { type: string; total: number; available: number }[];
}
interface StationScreen {
  id: number;
  connectors: { id: number; ocpp_id: number; available: boolean; price: unknown }[];
}

const running = (charges: TAppCharge[]) => charges.find((charge) => charge.running);
const kwh = (charge: TAppCharge | undefined) => Number(charge?.consumption_kwh ?? 0);

test('a driver signs in by code, finds a station near them, charges from the app and stops; receipt, statement and the dashboard agree', async ({
  request,
  admin,
  signedInPage,
}) => {
  test.setTimeout(90_000);
  const dashboard = { Authorization: `Bearer ${admin.access}` };

  // A station open round the clock with one CCS2 connector at 20 som/kWh, its charge point connected.
  const merchant = await buildMerchant(request, admin, { schedule: ROUND_THE_CLOCK });
  const name = `App charge ${unique()}`;
  const station = await buildStation(request, admin, merchant.id, {
    name,
    connectors: [{ typo: 'ccs2', power_kWh: 60, custom_fee: '20.00' }],
  });
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
  const driver = await signInDriver(request, admin);
  const stream = await openSessionStream(driver);
  try {
    // Money on the balance, from the operator.
    const topUp = await request.patch(`/api/v1/users/${driver.id}/balance/`, {
      headers: dashboard,
      data: { amount: '500.00', method: 'cash', comment: 'e2e app charge' },
    });
    expect(topUp.status()).toBe(200);
    const balance = await request.get('/api/app/v1/balance/', { headers: driver.headers });
    expect(await balance.json()).toMatchObject({ balance: '500.00' });

    // Stations near the driver, standing a few hundred metres away: the station, online, open, its connector free.
    const near = async () => {
      const response = await request.get(
        `/api/app/v1/stations/?lat=42.8720&lon=74.5720&radius=2&search=${encodeURIComponent(name)}`,
        { headers: driver.headers },
      );
      expect(response.status()).toBe(200);
      return ((await response.json()) as { items: StationNear[] }).items;
    };
    await expect
      .poll(async () => (await near()).find((item) => item.id === station.id))
      .toMatchObject({
        name,
        online: true,
        open_now: true,
        connector_types: [{ type: 'ccs2', total: 1, available: 1 }],
      });
    const [listed] = await near();
    expect(listed?.distance_m).toBeGreaterThan(0);
    expect(listed?.distance_m).toBeLessThan(2_000);
    const screen = await request.get(`/api/app/v1/stations/${station.id}/`, { headers: driver.headers });
    expect(screen.status()).toBe(200);
    const connector = ((await screen.json()) as StationScreen).connectors[0];
    expect(connector).toMatchObject({ ocpp_id: 1, available: true });

    // Start: accepted once the charge point said yes; the charge shows on the stream when it began.
    await stream.next((session) => session.charges.length === 0);
    const started = await request.post('/api/app/v1/charging/start/', {
      headers: driver.headers,
      data: { connector_id: connector!.id },
    });
    expect(started.status(), await started.text()).toBe(202);
    const begun = running((await stream.next((session) => running(session.charges) !== undefined)).charges)!;
    expect(begun).toMatchObject({ status: 'in_progress', station: { id: station.id, name } });

    // The meter rises: the simulated charge point sends a meter value every second.
    const first = running((await stream.next((session) => kwh(running(session.charges)) > 0)).charges)!;
    const later = running((await stream.next((session) => kwh(running(session.charges)) > kwh(first))).charges)!;
    expect(Number(later.cost)).toBeGreaterThan(0);
    expect(Number(later.cost)).toBeGreaterThanOrEqual(Number(first.cost));
    expect(later.id).toBe(begun.id);

    // Stop: the charge point ends the session; the session empties once the charge is booked.
    const stopped = await request.post(`/api/app/v1/charging/${begun.id}/stop/`, { headers: driver.headers });
    expect(stopped.status(), await stopped.text()).toBe(200);
    await stream.next((session) => session.charges.length === 0 && session.starting.length === 0);

    // The receipt, the ledger's debit and the balance agree.
    const receipt = (await (
      await request.get(`/api/app/v1/charges/${begun.id}/`, { headers: driver.headers })
    ).json()) as TAppCharge;
    expect(receipt).toMatchObject({ id: begun.id, running: false });
    expect(['finished', 'stopped']).toContain(receipt.status);
    expect(kwh(receipt)).toBeGreaterThanOrEqual(kwh(later));
    expect(Number(receipt.cost)).toBeGreaterThan(0);
    const statement = (await (await request.get('/api/app/v1/statement/', { headers: driver.headers })).json()) as {
      items: { charge_id: number | null; debit: string; deposit: string; basis: string }[];
    };
    const debit = statement.items.find((entry) => entry.charge_id === begun.id);
    expect(debit).toMatchObject({ debit: receipt.cost });
    const left = (500 - Number(receipt.cost)).toFixed(2);
    expect(debit?.deposit).toBe(left);
    expect(await (await request.get('/api/app/v1/balance/', { headers: driver.headers })).json()).toMatchObject({
      balance: left,
    });

    // The dashboard's charges screen shows the same charge, from the app, at the same cost.
    const page = await signedInPage('en');
    await page.goto(`/chargers-list?station_id__in=${station.id}`);
    const table = page.getByRole('table', { name: 'Charges' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(receipt.cost);
    await expect(rows.first().getByRole('link', { name })).toBeVisible();
    const dashboardCharge = (
      (await (
        await request.get(`/api/v1/users/transactions/?station_id__in=${station.id}`, { headers: dashboard })
      ).json()) as { items: { id: number; number: number; total_cost: string; source: string }[] }
    ).items[0];
    expect(dashboardCharge).toMatchObject({ id: begun.id, total_cost: receipt.cost, source: 'app' });
    await expect(rows.first()).toContainText(String(dashboardCharge?.number));
  } finally {
    await stream.close();
    await point.close();
  }
});
