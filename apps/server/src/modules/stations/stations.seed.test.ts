import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TStation } from '@zaryad/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createLocalFileStorage } from '../media';
import { createStationSecrets } from './station-secret';
import { seedStations } from './stations.seed';
import { stations } from './stations.tables';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('seedStations', () => {
  it('gives every merchant 2 to 5 stations near its city once, with photos the server accepts', async () => {
    const { db } = ctx.database;
    const merchant = await buildMerchant(db, { cityKey: 'kg-osh' });
    const storage = createLocalFileStorage(join(ctx.config.dataDir, 'uploads'), 'stations');
    const secrets = createStationSecrets(ctx.config.jwtSecret);
    const created = await seedStations(db, storage, secrets);
    expect(created).toBeGreaterThanOrEqual(2);
    expect(await seedStations(db, storage, secrets)).toBe(0);
    const [total] = await db.select({ n: count() }).from(stations).where(eq(stations.merchantId, merchant.id));
    expect(total?.n).toBeGreaterThanOrEqual(2);
    expect(total?.n).toBeLessThanOrEqual(5);

    const [row] = await db.select().from(stations).where(eq(stations.merchantId, merchant.id)).limit(1);
    expect(secrets.decrypt(row?.passwordSealed ?? '')).toMatch(/^[A-Za-z0-9]{20}$/);
    const { headers } = await signIn(ctx.app, await buildAccount(db));
    const station = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${row?.id}/`, headers })
    ).json<TStation>();
    expect(station.city.name).toBe('Ош');
    expect(Math.abs(Number(station.latitude) - 40.51)).toBeLessThan(0.1);
    expect(station.evses.length).toBeGreaterThanOrEqual(1);
    expect(station.media_files).toHaveLength(1);
    expect(
      existsSync(
        join(ctx.config.dataDir, 'uploads', station.media_files[0]?.content_path.replace('/media/', '') ?? ''),
      ),
    ).toBe(true);
    expect(station.avatar).not.toBe(station.media_files[0]?.content_path);
  });
});
