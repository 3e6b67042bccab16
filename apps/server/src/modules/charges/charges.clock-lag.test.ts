import type { TCharge, TPaged } from '@zaryad/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';

// The finished-day filter also bounds the start (charges.filters.ts), so that the list reads its index from the days
// asked for; a charge point's clock may lag, and its charge still belongs to the day it says it finished.
let context: TestContext;
let headers: { authorization: string };
let lagging: number;
let onTime: number;

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  const station = await buildStation(db(), {
    merchantId: (await buildMerchant(db())).id,
    connectors: [{ evse_id: 1, custom_fee: '20.00' }],
  });
  const user = await buildUser(db());
  // Started 00:20 on March 21 in Bishkek, finished 23:55 on March 20 by the charge point's clock, 25 minutes behind.
  lagging = (
    await buildCharge(db(), {
      userId: user.id,
      stationId: station.id,
      startedAt: new Date('2026-03-20T18:20:00Z'),
      finish: { status: 'finished', meterStopWh: 1000, finishedAt: new Date('2026-03-20T17:55:00Z') },
    })
  ).id;
  // Started 23:10 and finished 00:10 on March 21: it finished the next day.
  onTime = (
    await buildCharge(db(), {
      userId: user.id,
      stationId: station.id,
      startedAt: new Date('2026-03-20T17:10:00Z'),
      finish: { status: 'finished', meterStopWh: 1000, finishedAt: new Date('2026-03-20T18:10:00Z') },
    })
  ).id;
});
afterAll(async () => {
  await context.close();
});

const listIds = async (query: string) => {
  const response = await context.app.inject({ url: `/api/v1/users/transactions/?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<TPaged<TCharge>>().items.map((charge) => charge.id);
};

it('finds a charge by the day it finished, even when the charge point says it finished before it started', async () => {
  expect(await listIds('finished_date__from=2026-03-20&finished_date__to=2026-03-20')).toEqual([lagging]);
  expect(await listIds('finished_date__to=2026-03-20')).toEqual([lagging]);
  expect(await listIds('finished_date__from=2026-03-21')).toEqual([onTime]);
});
