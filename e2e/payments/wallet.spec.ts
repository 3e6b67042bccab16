import type { TAppCharge } from '@zaryad/contracts/app';
import { unique } from '../support/api';
import { expect, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';
import { connectMeteredChargePoint, openSessionStream, ROUND_THE_CLOCK, signInDriver } from '../drivers/app';

// The wallet (issue 39, docs/product/payments.md) end to end: a driver tops up by card on the payment provider's page
// (the FreedomPay stand-in), starts a charge that costs more than the balance, is stopped by the server when the hold
// can rise no more, and sees the statement; finance then refunds part of the charge from the dashboard.

interface Statement {
  items: { charge_id: number | null; basis: string; method: string; debit: string; credit: string; deposit: string }[];
}

test('a driver tops up by card, charges until the balance runs out and is stopped; finance refunds part of it', async ({
  request,
  admin,
  page,
  signedInPage,
}) => {
  test.setTimeout(120_000);
  const dashboard = { Authorization: `Bearer ${admin.access}` };
  // A dear connector (500 som/kWh at the simulator's 22 kW: about 3 som a second), so that 100 som run out quickly.
  const merchant = await buildMerchant(request, admin, { schedule: ROUND_THE_CLOCK });
  const name = `Wallet ${unique()}`;
  const station = await buildStation(request, admin, merchant.id, {
    name,
    connectors: [{ typo: 'ccs2', power_kWh: 22, custom_fee: '500.00' }],
  });
  const schedule = new FormData();
  ROUND_THE_CLOCK.forEach((entry, index) => {
    schedule.append(`schedule[${index}]day`, String(entry.day));
    schedule.append(`schedule[${index}]start_time`, entry.start_time);
    schedule.append(`schedule[${index}]end_time`, entry.end_time);
    schedule.append(`schedule[${index}]is_break`, 'false');
  });
  expect(
    (
      await request.patch(`/api/v1/stations/update/${station.id}/`, { headers: dashboard, multipart: schedule })
    ).status(),
  ).toBe(200);
  const point = await connectMeteredChargePoint(station.identity);
  const driver = await signInDriver(request, admin);
  const stream = await openSessionStream(driver);
  try {
    // The top-up: the app asks for 100 som and opens the provider's page; the driver pays there.
    const started = await request.post('/api/app/v1/payments/top-up/', {
      headers: driver.headers,
      data: { amount: '100.00' },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { payment, redirect_url: redirectUrl } = (await started.json()) as {
      payment: { id: number; status: string };
      redirect_url: string;
    };
    expect(payment.status).toBe('pending');
    await page.goto(redirectUrl);
    await expect(page.getByRole('heading', { name: 'FreedomPay — оплата' })).toBeVisible();
    await expect(page.locator('#amount')).toHaveText('100.00 KGS');
    await page.getByRole('button', { name: 'Оплатить' }).click();
    // Back on our page, which says how it went, once the provider's signed callback has credited the balance.
    await expect(page.locator('#outcome')).toHaveText('Платёж прошёл: 100,00 сом на вашем балансе. Можно вернуться в приложение.');
    expect(
      await (await request.get(`/api/app/v1/payments/${payment.id}/`, { headers: driver.headers })).json(),
    ).toMatchObject({
      status: 'paid',
      card: '440043******1234',
    });
    expect(await (await request.get('/api/app/v1/balance/', { headers: driver.headers })).json()).toMatchObject({
      balance: '100.00',
      held: '0.00',
      available: '100.00',
    });

    // The charge: it holds the balance while it runs.
    const screen = (await (
      await request.get(`/api/app/v1/stations/${station.id}/`, { headers: driver.headers })
    ).json()) as {
      connectors: { id: number }[];
    };
    await stream.next((session) => session.charges.length === 0);
    const begin = await request.post('/api/app/v1/charging/start/', {
      headers: driver.headers,
      data: { connector_id: screen.connectors[0]!.id },
    });
    expect(begin.status(), await begin.text()).toBe(202);
    const running = (await stream.next((session) => session.charges.some((charge) => charge.running))).charges.find(
      (charge) => charge.running,
    ) as TAppCharge;
    await expect
      .poll(async () => (await (await request.get('/api/app/v1/balance/', { headers: driver.headers })).json()).held)
      .toBe('100.00');

    // The server stops it before its cost passes the balance: the session empties once the charge is booked.
    await stream.next((session) => session.charges.length === 0 && session.starting.length === 0, 90_000);
    const receipt = (await (
      await request.get(`/api/app/v1/charges/${running.id}/`, { headers: driver.headers })
    ).json()) as TAppCharge;
    expect(receipt).toMatchObject({ id: running.id, running: false, status: 'stopped' });
    const listed = (
      (await (
        await request.get(`/api/v1/users/transactions/?station_id__in=${station.id}`, { headers: dashboard })
      ).json()) as { items: { id: number; closed_by: string; total_cost: string; shortfall: string }[] }
    ).items[0]!;
    expect(listed).toMatchObject({ id: running.id, closed_by: 'balance' });
    // The balance paid what it had and never less than zero; what the charge point delivered after the stop is short.
    const balance = await (await request.get('/api/app/v1/balance/', { headers: driver.headers })).json();
    expect(Number(balance.balance)).toBeGreaterThanOrEqual(0);
    expect(balance.held).toBe('0.00');
    const statement = (await (
      await request.get('/api/app/v1/statement/', { headers: driver.headers })
    ).json()) as Statement;
    const debit = statement.items.find((entry) => entry.charge_id === running.id && entry.basis === 'charge_payment')!;
    expect((Number(debit.debit) + Number(listed.shortfall)).toFixed(2)).toBe(listed.total_cost);
    expect(statement.items.find((entry) => entry.basis === 'top_up')).toMatchObject({
      method: 'other_card',
      credit: '100.00',
    });

    // Finance refunds 10 som of it to the balance from the charges screen.
    const finance = await signedInPage('en');
    await finance.goto(`/chargers-list?station_id__in=${station.id}`);
    const table = finance.getByRole('table', { name: 'Charges' });
    const row = table
      .getByRole('row')
      .filter({ has: finance.getByRole('cell') })
      .first();
    await expect(row).toContainText(listed.total_cost);
    await row.getByRole('button', { name: /refund/i }).click();
    const dialog = finance.getByRole('dialog');
    await expect(dialog).toContainText(debit.debit);
    await dialog.getByLabel(/amount/i).fill('10');
    await dialog.getByLabel(/reason/i).fill('The station stopped late');
    await dialog.getByRole('button', { name: /^refund/i }).click();
    await expect(finance.getByText('Refunded 10.00 som')).toBeVisible();
    const after = (await (
      await request.get('/api/app/v1/statement/', { headers: driver.headers })
    ).json()) as Statement;
    expect(after.items[0]).toMatchObject({ basis: 'refund', charge_id: running.id, credit: '10.00' });
    expect(await (await request.get('/api/app/v1/balance/', { headers: driver.headers })).json()).toMatchObject({
      balance: (Number(balance.balance) + 10).toFixed(2),
    });
  } finally {
    await stream.close();
    await point.close();
  }
});
