import type { TStationRow } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { stationDailyTotals } from './station-daily-totals.tables';
import { buildSurrounding, buildTag } from './stations.test-data';

let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = { ...(await signIn(ctx.app, await buildAccount(ctx.database.db))).headers, 'accept-language': 'en' };
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, language = 'en') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/stations${url}`,
    headers: { ...headers, 'accept-language': language },
  });

describe('station lists', () => {
  it("answers a merchant's station table rows with paging, search and the status filter", async () => {
    const merchant = await buildMerchant(ctx.database.db);
    const other = await buildMerchant(ctx.database.db);
    const tag = await buildTag(ctx.database.db);
    const place = await buildSurrounding(ctx.database.db);
    const first = await buildStation(ctx.database.db, {
      merchantId: merchant.id,
      nameEn: 'Ala-Too Square',
      nameRu: 'Площадь Ала-Тоо',
      tagIds: [tag.id],
      environmentIds: [place.id],
      connectors: [
        { evse_id: 1, typo: 'gbt_dc' },
        { evse_id: 1, typo: 'ccs2', position: 2 },
      ],
    });
    const second = await buildStation(ctx.database.db, { merchantId: merchant.id, nameEn: 'Dordoi', isActive: false });
    await buildStation(ctx.database.db, { merchantId: other.id, nameEn: 'Elsewhere' });

    const page = await get(`/?merchant=${merchant.id}`);
    expect(page.statusCode).toBe(200);
    const body = page.json<{ items: TStationRow[]; total: number; pages: number }>();
    expect(body.total).toBe(2);
    expect(body.items.map((row) => row.id)).toEqual([second.id, first.id]);
    expect(body.items[1]).toMatchObject({
      name: 'Ala-Too Square',
      location: 'Bishkek, 95 Kiev St',
      status: 0,
      connectors: ['GB/T DC', 'CCS2'],
      tags: [{ id: tag.id, title_en: tag.titleEn }],
      surroundings: [{ id: place.id }],
    });
    expect(body.items[1]?.schedule).toHaveLength(7);
    expect((await get(`/?merchant=${merchant.id}`, 'ru')).json<{ items: TStationRow[] }>().items[1]?.name).toBe(
      'Площадь Ала-Тоо',
    );
    expect((await get(`/?merchant=${merchant.id}&search=ала-тоо`)).json<{ total: number }>().total).toBe(1);
    expect(
      (await get(`/?merchant=${merchant.id}&active=false`)).json<{ items: TStationRow[] }>().items.map((row) => row.id),
    ).toEqual([second.id]);
    expect((await get(`/?merchant=${merchant.id}&size=1&page=2`)).json()).toMatchObject({
      page: 2,
      pages: 2,
      size: 1,
      total: 2,
    });
    expect((await get('/?merchant=999999')).statusCode).toBe(404);
    expect((await get('/')).json()).toEqual({ merchant: ['This field is required.'] });
  });

  it('answers the pickers for transactions (every station) and promotions (active ones)', async () => {
    const merchant = await buildMerchant(ctx.database.db);
    const active = await buildStation(ctx.database.db, { merchantId: merchant.id, nameEn: 'Picker active' });
    const inactive = await buildStation(ctx.database.db, {
      merchantId: merchant.id,
      nameEn: 'Picker inactive',
      isActive: false,
    });
    const forTransaction = (await get(`/for-transaction/?merchant=${merchant.id}`)).json<{ items: { id: number }[] }>();
    expect(forTransaction.items).toEqual([
      { id: active.id, name: 'Picker active', merchant: merchant.id },
      { id: inactive.id, name: 'Picker inactive', merchant: merchant.id },
    ]);
    const forPromotion = (await get(`/for-promotion/?search=picker`)).json<{ items: { id: number }[] }>();
    expect(forPromotion.items.map((item) => item.id)).toEqual([active.id]);
  });

  it('answers the heat map weighted by charges, kWh or turnover in the period, by merchant and connector type', async () => {
    const merchant = await buildMerchant(ctx.database.db, { name: 'Heat merchant' });
    const busy = await buildStation(ctx.database.db, {
      merchantId: merchant.id,
      latitude: '42.870000',
      longitude: '74.590000',
      nameEn: 'Busy',
      connectors: [{ evse_id: 1, typo: 'ccs2' }],
    });
    const quiet = await buildStation(ctx.database.db, {
      merchantId: merchant.id,
      latitude: '40.513000',
      longitude: '72.816000',
      nameEn: 'Quiet',
    });
    await ctx.database.db.insert(stationDailyTotals).values([
      { stationId: busy.id, day: '2026-03-01', charges: 5, energyKwh: '50.500', turnover: '500.00' },
      { stationId: busy.id, day: '2026-03-02', charges: 7, energyKwh: '70.000', turnover: '700.25' },
      { stationId: quiet.id, day: '2026-01-15', charges: 2, energyKwh: '300.000', turnover: '3000.00' },
    ]);
    const busyPoint = {
      latitude: 42.87,
      longitude: 74.59,
      weight: 12,
      station_id: busy.id,
      name: 'Busy',
      merchant_id: merchant.id,
      merchant: 'Heat merchant',
      charges: 12,
      energy_kwh: '120.500',
      turnover: '1200.25',
    };
    const mine = `merchant=${merchant.id}`;
    expect((await get(`/heat-map/?period__from=2026-03-01&period__to=2026-03-31&${mine}`)).json()).toEqual([busyPoint]);
    expect((await get(`/heat-map/?${mine}`)).json()).toEqual([
      busyPoint,
      {
        latitude: 40.513,
        longitude: 72.816,
        weight: 2,
        station_id: quiet.id,
        name: 'Quiet',
        merchant_id: merchant.id,
        merchant: 'Heat merchant',
        charges: 2,
        energy_kwh: '300.000',
        turnover: '3000.00',
      },
    ]);
    const weights = async (query: string) =>
      (await get(`/heat-map/?${mine}&${query}`)).json<{ weight: number }[]>().map((point) => point.weight);
    expect(await weights('metric=energy')).toEqual([120.5, 300]);
    expect(await weights('metric=turnover')).toEqual([1200.25, 3000]);
    expect(await weights('connector_type=ccs2')).toEqual([12]);
    expect((await get('/heat-map/?period__from=march')).statusCode).toBe(400);
    expect((await get('/heat-map/?metric=volts')).statusCode).toBe(400);
  });

  it('answers a reset truthfully: unknown identity 404, known one not reachable yet', async () => {
    const merchant = await buildMerchant(ctx.database.db);
    const station = await buildStation(ctx.database.db, { merchantId: merchant.id, identity: 'RESET-ME-01' });
    const reset = (identity: string, resetType: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/stations/reset/${identity}/`,
        headers,
        payload: { reset_type: resetType },
      });
    const known = await reset(station.identity, 'Hard');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: false, detail: 'Failed to send the restart request. Please try again.' });
    expect((await reset('NO-SUCH-CP', 'Soft')).json()).toEqual({ detail: 'Station not found' });
    expect((await reset(station.identity, 'Gentle')).statusCode).toBe(400);
  });

  it('keeps the connector lookups of the connectors module reachable beside the numeric ids', async () => {
    const response = await get('/connectors-types-positions/?info=types');
    expect(response.statusCode).toBe(200);
    expect((await get('/abc/')).statusCode).toBe(400);
  });
});
