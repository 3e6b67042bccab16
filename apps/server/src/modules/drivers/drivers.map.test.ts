import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { buildAccount, signIn } from '../../test/builders';
import { type SignedInDriver, signInDriver } from '../../test/driver-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import type { TAppMap } from '@zaryad/contracts/app-catalogue';

// Issue 40: the drivers' app's map (docs/product/app-api.md#5-stations): the server's tiles and the filter's types.

const TILE_URL = 'https://{s}.tiles.test/{z}/{x}/{y}.png';
let ctx: TestContext;
let driver: SignedInDriver;
const db = (): Database => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext({ config: { mapTileUrl: TILE_URL } });
  driver = await signInDriver(ctx.app, db(), { language: 'en' });
});
afterAll(async () => {
  await ctx.close();
});

const getMap = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/app/v1/map/', headers });

describe('GET /api/app/v1/map/', () => {
  it('answers the configured tiles, their attribution, Bishkek at zoom 13 and the types of visible stations only', async () => {
    const merchant = await buildMerchant(db());
    await buildStation(db(), {
      merchantId: merchant.id,
      connectors: [
        { evse_id: 1, connector_id: 1, typo: 'ccs2', power_kWh: 120 },
        { evse_id: 1, connector_id: 2, typo: 'type2', power_kWh: 22 },
      ],
    });
    await buildStation(db(), { merchantId: merchant.id, connectors: [{ evse_id: 1, typo: 'type2' }] });
    // Neither an inactive station's nor an inactive merchant's connectors are choices.
    await buildStation(db(), {
      merchantId: merchant.id,
      isActive: false,
      connectors: [{ evse_id: 1, typo: 'chademo' }],
    });
    const closed = await buildMerchant(db(), { isActive: false });
    await buildStation(db(), { merchantId: closed.id, connectors: [{ evse_id: 1, typo: 'gbt_dc' }] });

    const response = await getMap(driver.headers);
    expect(response.statusCode, response.body).toBe(200);
    const map = response.json<TAppMap>();
    expect(map).toMatchObject({ tile_url: TILE_URL, center: { latitude: 42.87, longitude: 74.59 }, zoom: 13 });
    expect(map.attribution).toContain('OpenStreetMap');
    // In the reference order: Type 2 before CCS2, once each.
    expect(map.connector_types).toEqual([
      { type: 'type2', name: 'Type 2 (Mennekes)', current: 'AC' },
      { type: 'ccs2', name: 'CCS2', current: 'DC' },
    ]);
  });

  it('is for signed-in drivers only: no token, or a dashboard token, is 401', async () => {
    expect((await getMap({})).statusCode).toBe(401);
    const account = await buildAccount(db());
    const dashboard = await signIn(ctx.app, account);
    expect((await getMap(dashboard.headers)).statusCode).toBe(401);
  });

  it('is in the drivers’ OpenAPI document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/app/v1/openapi.json' })).json<{
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    }>();
    expect(document.paths['/api/app/v1/map/']?.get?.responses['200']).toBeDefined();
  });
});
