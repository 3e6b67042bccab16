import type { TCharge, TPaged } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { eq, sql } from 'drizzle-orm';
import { finishCharge, priceOf, recordMeterValue, runningPrices } from './charges.engine';
import { charges } from './charges.tables';

// A running charge's cost so far (docs/product/charges.md#3-records, running_cost): the engine's own price of the
// energy delivered so far, so that it is what the finish books at that meter reading.
let context: TestContext;
let headers: { authorization: string };
let stationId: number;
let userId: number;

const db = () => context.database.db;

const rowOf = async (id: number) => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/users/transactions/?search_by_id=${String(id)}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = response.json<TPaged<TCharge>>().items;
  if (!row) {
    throw new Error(`charge ${String(id)} not listed`);
  }
  return row;
};

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  const merchant = await buildMerchant(db());
  stationId = (await buildStation(db(), { merchantId: merchant.id, connectors: [{ evse_id: 1, custom_fee: '13.37' }] }))
    .id;
  userId = (await buildUser(db())).id;
  await buildEntry(db(), userId, { credit: '1000.00' });
});

afterAll(async () => {
  await context.close();
});

describe('running_cost of GET /users/transactions/', () => {
  it('prices the meter so far at the start tariff with its discount, as the finish then books it', async () => {
    const started = await buildCharge(db(), {
      userId,
      stationId,
      meterStartWh: 1_000,
      // A promotion from the start: 10 % and 2.50 som off.
      promotion: { id: 9, percent: 10, fixedTyiyn: 250n },
      meterWh: 8_345,
    });
    const running = await rowOf(started.id);
    // 7.345 kWh × 13.37 = 98.20265 → 98.20; 10 % is 9.82, plus 2.50 off: 12.32; 85.88 to pay so far.
    expect(running).toMatchObject({
      status: 'in_progress',
      consumption_kwh: '7.345',
      total_cost: '0.00',
      running_cost: { amount: '98.20', discount: '12.32', total_cost: '85.88' },
    });
    expect(Date.parse(running.running_cost?.meter_at ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // The next meter value moves it; then the finish books exactly the last figure shown.
    await recordMeterValue(db(), started.id, 12_000);
    const later = await rowOf(started.id);
    expect(later.consumption_kwh).toBe('11.000');
    expect(later.running_cost).toMatchObject({ amount: '147.07', discount: '17.21', total_cost: '129.86' });
    await finishCharge(db(), { chargeId: started.id, status: 'finished' });
    const ended = await rowOf(started.id);
    expect(ended).toMatchObject({
      status: 'finished',
      consumption_kwh: '11.000',
      total_cost: later.running_cost?.total_cost,
      discount: later.running_cost?.discount,
      running_cost: null,
    });
  });

  it('is zero before the first meter value and null for a charge that ended without energy', async () => {
    const fresh = await buildCharge(db(), { userId, stationId });
    expect((await rowOf(fresh.id)).running_cost).toMatchObject({
      amount: '0.00',
      discount: '0.00',
      total_cost: '0.00',
    });
    const canceled = await buildCharge(db(), { userId, stationId, finish: { status: 'canceled' } });
    expect((await rowOf(canceled.id)).running_cost).toBeNull();
  });

  it('reads the meter rises for many charges as a finish reads them, to the millisecond', async () => {
    const startedAt = new Date(Date.now() - 30 * 60_000);
    const started = await buildCharge(db(), { userId, stationId, meterStartWh: 500, startedAt });
    // Rises with microseconds, out of order; the meter reached its last reading at the third one, minutes before it
    // was last heard: the price's charging end is that rise's time, floored to the millisecond as the driver's Date is.
    const at = (minutes: number, micros: string) =>
      `${new Date(startedAt.getTime() + minutes * 60_000).toISOString().slice(0, 19)}${micros}+00`;
    await db().execute(sql`insert into charge_meter_samples (charge_id, wh, at) values
      (${started.id}, 2200, ${at(10, '.123999')}::timestamptz), (${started.id}, 900, ${at(4, '.000500')}::timestamptz),
      (${started.id}, 4100, ${at(17, '.987654')}::timestamptz)`);
    const meterAt = new Date(startedAt.getTime() + 25 * 60_000);
    await db().update(charges).set({ meterLastWh: 4100, meterAt }).where(eq(charges.id, started.id));
    const [row] = await db().select().from(charges).where(eq(charges.id, started.id));
    if (!row) {
      throw new Error('charge not found');
    }
    const running = (await runningPrices(db(), [row])).get(row.id);
    const finished = await priceOf(db(), row, meterAt, 4100);
    expect(running).toEqual(finished);
    expect(running?.breakdown.charging_ended_at).toBe(
      new Date(Math.floor(startedAt.getTime() / 1000) * 1000 + 17 * 60_000 + 987).toISOString(),
    );
  });
});
