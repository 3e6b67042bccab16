import { bishkekToday } from '@zaryad/contracts/bishkek-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { DEMO_HISTORY_DAYS, seedUptimeHistory } from './uptime.seed';
import { createUptimeService } from './uptime.service';

// The demo seed's status history: four weeks for every station, written once (a second run adds nothing), read back
// as uptime that looks like a network's: mostly up, some faults and outages.
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context.close();
});

it('writes four weeks of history once, which reads as a plausible uptime', async () => {
  const db = context.database.db;
  const merchantId = (await buildMerchant(db)).id;
  const stationIds = [];
  for (let index = 0; index < 5; index += 1) {
    stationIds.push((await buildStation(db, { merchantId, connectors: [{ evse_id: 1 }, { evse_id: 1 }] })).id);
  }
  const now = new Date();
  const written = await seedUptimeHistory(db, now);
  expect(written).toBeGreaterThan(5 * 2 * DEMO_HISTORY_DAYS);
  expect(await seedUptimeHistory(db, now)).toBe(0);
  const total = (await db.execute(sql`select count(*)::int as rows from charge_point_status_history`)) as unknown as {
    rows: { rows: number }[];
  };
  expect(total.rows[0]?.rows).toBeGreaterThanOrEqual(written);
  const today = bishkekToday(now);
  const from = new Date(Date.parse(today) - (DEMO_HISTORY_DAYS - 2) * 86_400_000).toISOString().slice(0, 10);
  const report = await createUptimeService(db, () => now).report({ merchant_id: merchantId, from, to: today }, 'en');
  expect(report.rows).toHaveLength(5);
  const uptime = report.total.uptime_percent ?? 0;
  expect(uptime).toBeGreaterThan(80);
  expect(uptime).toBeLessThan(100);
  expect(report.total.seconds.charging).toBeGreaterThan(0);
  expect(report.total.seconds.offline).toBeGreaterThan(0);
});
