import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEndedCharge } from '../../test/analytics-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { merchants } from '../merchants';
import { stations } from '../stations';
import { backdateDemoNetwork } from './history.seed';

let ctx: TestContext;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const DAY_MS = 86_400_000;
const createdAt = async (table: typeof stations | typeof merchants, id: number) => {
  const [row] = await db().select({ at: table.createdAt }).from(table).where(eq(table.id, id));
  return row?.at.getTime() ?? Number.NaN;
};

describe("the demo network's history", () => {
  it('dates a station days before its first charge and its merchant before it, once', async () => {
    const merchant = await buildMerchant(db());
    const station = await buildStation(db(), {
      merchantId: merchant.id,
      connectors: [{ evse_id: 1, custom_fee: '20.00' }],
    });
    const idle = await buildStation(db(), { merchantId: merchant.id });
    const user = await buildUser(db());
    const firstStart = new Date(Date.now() - 200 * DAY_MS);
    await buildEndedCharge(db(), {
      userId: user.id,
      stationId: station.id,
      finishedAt: new Date(firstStart.getTime() + 30 * 60_000),
    });
    await buildEndedCharge(db(), {
      userId: user.id,
      stationId: station.id,
      finishedAt: new Date(Date.now() - 10 * DAY_MS),
    });
    const idleBefore = await createdAt(stations, idle.id);

    await backdateDemoNetwork(db());
    const stationAt = await createdAt(stations, station.id);
    const days = (firstStart.getTime() - stationAt) / DAY_MS;
    expect(days).toBe(1 + (station.id % 20));
    // The merchant opened before its earliest station; a station that never charged keeps its date.
    expect(await createdAt(merchants, merchant.id)).toBe(stationAt - (1 + (merchant.id % 10)) * DAY_MS);
    expect(await createdAt(stations, idle.id)).toBe(idleBefore);

    // A second run moves nothing.
    await backdateDemoNetwork(db());
    expect(await createdAt(stations, station.id)).toBe(stationAt);
    expect(await createdAt(merchants, merchant.id)).toBe(stationAt - (1 + (merchant.id % 10)) * DAY_MS);
  });
});
