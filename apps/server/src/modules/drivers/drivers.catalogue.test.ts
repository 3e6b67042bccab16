import type { TAppStation, TAppStationItem, TAppStationPage } from '@zaryad/contracts/app-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { buildAccount, signIn } from '../../test/builders';
import { buildRate } from '../../test/catalogue-builders';
import { type SignedInDriver, signInDriver } from '../../test/driver-builders';
import { buildMerchant, OFFICE_HOURS, ROUND_THE_CLOCK } from '../../test/network-builders';
import { seededRandom, testSeed } from '../../test/random-charges';
import { buildStation, type ConnectorOverrides } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildSurrounding, buildTag } from '../../test/titled-builders';
import { chargePointConnectors, chargePoints } from '../ocpp';
import { isOpenAt, toScheduleDays } from '../schedules';

// Issue 38, item 3: the drivers' app's stations (docs/product/app-api.md#stations). Each test works around its own
// town, at least 150 km from the others', so that a radius never reaches another test's stations.

let ctx: TestContext;
let driver: SignedInDriver;
const db = (): Database => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  driver = await signInDriver(ctx.app, db(), { language: 'en' });
});
afterAll(async () => {
  await ctx.close();
});

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The brute force: haversine in JS over the stored coordinates. */
const haversineM = (lat1: number, lon1: number, lat2: number, lon2: number) => {
  const a =
    Math.sin(radians(lat2 - lat1) / 2) ** 2 +
    Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(radians(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
};

/** Six decimals, as numeric(9,6) keeps them. */
const coordinate = (value: number) => String(Math.round(value * 1e6) / 1e6);

/** A point `km` north (or east, at this latitude) of another. */
const northOf = (lat: number, km: number) => coordinate(lat + ((km * 1000) / (EARTH_RADIUS_M * Math.PI)) * 180);
const eastOf = (lat: number, lon: number, km: number) =>
  coordinate(lon + ((km * 1000) / (EARTH_RADIUS_M * Math.PI * Math.cos(radians(lat)))) * 180);

const get = (url: string, headers: Record<string, string> = driver.headers) =>
  ctx.app.inject({ method: 'GET', url: `/api/app/v1${url}`, headers });

const listStations = async (query: string, headers?: Record<string, string>) => {
  const response = await get(`/stations/?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TAppStationPage>();
};
const idsOf = (page: TAppStationPage) => page.items.map((item) => item.id);

/** A charge point that is online now, with these OCPP statuses by connector id. */
const goOnline = async (stationId: number, statuses: Record<number, string>) => {
  const now = new Date();
  await db().insert(chargePoints).values({ stationId, connectedAt: now, lastSeenAt: now, heartbeatIntervalS: 300 });
  for (const [connectorId, status] of Object.entries(statuses)) {
    await db()
      .insert(chargePointConnectors)
      .values({ stationId, connectorId: Number(connectorId), status });
  }
};

describe('stations near a point', () => {
  const seed = testSeed();
  it(`orders the stations within the radius as a brute-force haversine sort does (seed ${seed})`, async () => {
    const random = seededRandom(seed);
    // Naryn.
    const centre = { lat: 41.428, lon: 75.991 };
    const merchant = await buildMerchant(db());
    const built: { id: number; lat: number; lon: number }[] = [];
    for (let index = 0; index < 30; index += 1) {
      const latitude = coordinate(centre.lat + (random.next() - 0.5) * 0.7);
      const longitude = coordinate(centre.lon + (random.next() - 0.5) * 0.9);
      const station = await buildStation(db(), { merchantId: merchant.id, latitude, longitude });
      built.push({ id: station.id, lat: Number(latitude), lon: Number(longitude) });
    }
    for (const radiusKm of [5, 12.5, 25, 60]) {
      const expected = built
        .map((station) => ({ ...station, distance: haversineM(centre.lat, centre.lon, station.lat, station.lon) }))
        .filter((station) => station.distance <= radiusKm * 1000)
        .sort((a, b) => a.distance - b.distance || a.id - b.id);
      if (radiusKm === 60) {
        // The 30 stations lie within 55 km of the centre.
        expect(expected).toHaveLength(30);
      }
      const page = await listStations(`lat=${centre.lat}&lon=${centre.lon}&radius=${radiusKm}&size=100`);
      expect(page.total).toBe(expected.length);
      expect(idsOf(page)).toEqual(expected.map((station) => station.id));
      page.items.forEach((item, index) => {
        expect(Math.abs((item.distance_m ?? -1) - (expected[index]?.distance ?? 0))).toBeLessThanOrEqual(1);
      });
      // Pages are slices of the same order.
      if (expected.length > 6) {
        const second = await listStations(`lat=${centre.lat}&lon=${centre.lon}&radius=${radiusKm}&size=3&page=2`);
        expect(second).toMatchObject({
          page: 2,
          size: 3,
          total: expected.length,
          pages: Math.ceil(expected.length / 3),
        });
        expect(idsOf(second)).toEqual(expected.slice(3, 6).map((station) => station.id));
      }
    }
  });

  it('keeps to the radius: 10 km unless told, at most 100', async () => {
    // Karakol.
    const centre = { lat: 42.49, lon: 78.393 };
    const merchant = await buildMerchant(db());
    const at = (latitude: string, longitude: string) =>
      buildStation(db(), { merchantId: merchant.id, latitude, longitude });
    const near = await at(northOf(centre.lat, 5), String(centre.lon));
    const middle = await at(northOf(centre.lat, 15), String(centre.lon));
    const far = await at(String(centre.lat), eastOf(centre.lat, centre.lon, 150));
    const point = `lat=${centre.lat}&lon=${centre.lon}`;
    expect(idsOf(await listStations(point))).toEqual([near.id]);
    expect((await listStations(point)).items[0]?.distance_m).toBeCloseTo(5000, -1);
    expect(idsOf(await listStations(`${point}&radius=20`))).toEqual([near.id, middle.id]);
    // A phone's GPS gives more decimals than the stations keep.
    expect(idsOf(await listStations(`lat=${centre.lat}0000012&lon=${centre.lon}000000071&radius=20`))).toEqual([
      near.id,
      middle.id,
    ]);
    expect(idsOf(await listStations(`${point}&radius=100`))).toEqual([near.id, middle.id]);
    expect(idsOf(await listStations(`lat=${centre.lat}&lon=${eastOf(centre.lat, centre.lon, 150)}&radius=1`))).toEqual([
      far.id,
    ]);
    const tooFar = await get(`/stations/?${point}&radius=101`);
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json()).toEqual({ radius: ['Ensure this value is less than or equal to 100.'] });
  });

  it('shows only active stations of active merchants; the others answer 404 in the driver’s language', async () => {
    // Talas.
    const centre = { lat: 42.522, lon: 72.243 };
    const active = await buildMerchant(db());
    const inactive = await buildMerchant(db(), { isActive: false });
    const place = { latitude: String(centre.lat), longitude: String(centre.lon) };
    const shown = await buildStation(db(), { merchantId: active.id, ...place });
    const switchedOff = await buildStation(db(), { merchantId: active.id, ...place, isActive: false });
    const ofInactiveMerchant = await buildStation(db(), { merchantId: inactive.id, ...place });
    expect(idsOf(await listStations(`lat=${centre.lat}&lon=${centre.lon}`))).toEqual([shown.id]);
    expect(idsOf(await listStations(`search=${encodeURIComponent(switchedOff.nameEn)}`))).toEqual([]);
    expect((await get(`/stations/${shown.id}/`)).statusCode).toBe(200);
    for (const id of [switchedOff.id, ofInactiveMerchant.id, 2_000_000_000]) {
      const response = await get(`/stations/${id}/`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Station not found.' });
    }
    const inRussian = await get(`/stations/${switchedOff.id}/`, { ...driver.headers, 'accept-language': 'ru' });
    expect(inRussian.json()).toEqual({ detail: 'Станция не найдена.' });
    const inKyrgyz = await get(`/stations/${ofInactiveMerchant.id}/`, { ...driver.headers, 'accept-language': 'ky' });
    expect(inKyrgyz.json()).toEqual({ detail: 'Станция табылган жок.' });
    expect((await get('/stations/abc/')).statusCode).toBe(400);
  });
});

describe('filters and search', () => {
  // Osh.
  const centre = { lat: 40.513, lon: 72.816 };
  const point = `lat=${centre.lat}&lon=${centre.lon}`;
  let ids: Record<'f1' | 'f2' | 'f3' | 'f4', number>;
  let tagIds: { t1: number; t2: number };
  let environmentId: number;

  beforeAll(async () => {
    const t1 = await buildTag(db());
    const t2 = await buildTag(db());
    const e1 = await buildSurrounding(db());
    tagIds = { t1: t1.id, t2: t2.id };
    environmentId = e1.id;
    const plain = await buildMerchant(db());
    const tagged = await buildMerchant(db(), { tagIds: [t1.id], environmentIds: [e1.id] });
    const at = (km: number, merchantId: number, connectors: ConnectorOverrides[], more: object = {}) =>
      buildStation(db(), {
        merchantId,
        latitude: northOf(centre.lat, km),
        longitude: String(centre.lon),
        connectors,
        ...more,
      });
    const f1 = await at(1, plain.id, [{ evse_id: 1, typo: 'type2', power_kWh: 22 }]);
    const f2 = await at(2, plain.id, [
      { evse_id: 1, typo: 'ccs2', power_kWh: 60 },
      { evse_id: 1, typo: 'type2', power_kWh: 22 },
    ]);
    const f3 = await at(3, plain.id, [{ evse_id: 1, typo: 'ccs2', power_kWh: 120 }], {
      tagIds: [t1.id],
      environmentIds: [e1.id],
    });
    const f4 = await at(4, tagged.id, [{ evse_id: 1, typo: 'chademo', power_kWh: 50 }], { tagIds: [t2.id] });
    await goOnline(f1.id, { 1: 'Available' });
    await goOnline(f2.id, { 1: 'Charging', 2: 'Available' });
    await goOnline(f4.id, { 1: 'Available' });
    ids = { f1: f1.id, f2: f2.id, f3: f3.id, f4: f4.id };
  });

  const filtered = async (filter: string) => idsOf(await listStations(`${point}&${filter}`));

  it('by connector type, power and availability, all met by one connector', async () => {
    expect(await filtered('')).toEqual([ids.f1, ids.f2, ids.f3, ids.f4]);
    expect(await filtered('connector_type=ccs2')).toEqual([ids.f2, ids.f3]);
    expect(await filtered('connector_type=ccs2,chademo')).toEqual([ids.f2, ids.f3, ids.f4]);
    expect(await filtered('connector_type=ccs2&connector_type=chademo')).toEqual([ids.f2, ids.f3, ids.f4]);
    expect(await filtered('min_power=50')).toEqual([ids.f2, ids.f3, ids.f4]);
    expect(await filtered('min_power=60.5')).toEqual([ids.f3]);
    expect(await filtered('available=true')).toEqual([ids.f1, ids.f2, ids.f4]);
    // f2's CCS2 is charging, f3 is offline.
    expect(await filtered('connector_type=ccs2&available=true')).toEqual([]);
    expect(await filtered('min_power=50&available=true')).toEqual([ids.f4]);
    expect(await filtered('available=false')).toEqual([ids.f1, ids.f2, ids.f3, ids.f4]);
  });

  it('by tags and infrastructure, the station’s own or its merchant’s, every one asked', async () => {
    expect(await filtered(`tags=${tagIds.t1}`)).toEqual([ids.f3, ids.f4]);
    expect(await filtered(`tags=${tagIds.t1},${tagIds.t2}`)).toEqual([ids.f4]);
    expect(await filtered(`tags=${tagIds.t2}&tags=${tagIds.t2}`)).toEqual([ids.f4]);
    expect(await filtered(`infrastructure=${environmentId}`)).toEqual([ids.f3, ids.f4]);
    expect(await filtered(`infrastructure=${environmentId}&connector_type=ccs2`)).toEqual([ids.f3]);
  });

  it('summarises each station’s connectors per type', async () => {
    const page = await listStations(`${point}&radius=2.5`);
    const f2 = page.items.find((item) => item.id === ids.f2);
    expect(f2).toMatchObject<Partial<TAppStationItem>>({
      online: true,
      max_power_kw: 60,
      connector_types: [
        { type: 'type2', name: 'Type 2 (Mennekes)', current: 'AC', total: 1, available: 1, max_power_kw: 22 },
        { type: 'ccs2', name: 'CCS2', current: 'DC', total: 1, available: 0, max_power_kw: 60 },
      ],
    });
    expect(f2?.distance_m).toBeCloseTo(2000, -1);
    expect(page.items.find((item) => item.id === ids.f1)?.connector_types).toEqual([
      { type: 'type2', name: 'Type 2 (Mennekes)', current: 'AC', total: 1, available: 1, max_power_kw: 22 },
    ]);
  });

  it('finds a station by its name or address in any language, nearest first or by name without a point', async () => {
    const merchant = await buildMerchant(db());
    const token = `Q${Date.now().toString(36)}`;
    const byName = await buildStation(db(), {
      merchantId: merchant.id,
      nameRu: `Аламедин ${token}`,
      nameEn: `Alamedin ${token}`,
      nameKy: `Аламүдүн ${token}`,
      latitude: northOf(centre.lat, 6),
      longitude: String(centre.lon),
    });
    const byAddress = await buildStation(db(), {
      merchantId: merchant.id,
      nameEn: 'Bazaar',
      addressRu: `ул. ${token}ская, 1`,
      addressEn: `1 ${token} St`,
      addressKy: `${token} көч., 1`,
      latitude: northOf(centre.lat, 5),
      longitude: String(centre.lon),
    });
    const onlyKyrgyz = await buildStation(db(), {
      merchantId: merchant.id,
      addressKy: `Ысык-Көл ${token.toLowerCase()}үүүү`,
      latitude: northOf(centre.lat, 7),
      longitude: String(centre.lon),
    });
    expect(idsOf(await listStations(`search=${token}&${point}`))).toEqual([byAddress.id, byName.id, onlyKyrgyz.id]);
    expect(idsOf(await listStations(`search=${encodeURIComponent(`аламүдүн ${token}`)}`))).toEqual([byName.id]);
    expect(idsOf(await listStations(`search=${encodeURIComponent(`${token}ская`)}`))).toEqual([byAddress.id]);
    expect(idsOf(await listStations(`search=${encodeURIComponent('үүүү')}&${point}`))).toEqual([onlyKyrgyz.id]);
    // Without a point: by name in the driver's language, and no distance.
    const byNames = await listStations(`search=${token}`);
    expect(idsOf(byNames)).toEqual([byName.id, byAddress.id, onlyKyrgyz.id]);
    expect(byNames.items.map((item) => item.name)).toEqual([`Alamedin ${token}`, 'Bazaar', onlyKyrgyz.nameEn]);
    expect(byNames.items.every((item) => item.distance_m === null)).toBe(true);
    const inRussian = await listStations(`search=${token}`, { ...driver.headers, 'accept-language': 'ru' });
    expect(inRussian.items[0]?.name).toBe(`Аламедин ${token}`);
    expect(inRussian.items[0]?.address).toBe(byName.addressRu);
  });

  it('refuses bad input with field errors', async () => {
    const cases: [string, string][] = [
      ['lat=40.5', 'lon'],
      ['lon=72.8', 'lat'],
      ['lat=91&lon=72.8', 'lat'],
      ['lat=40.5&lon=abc', 'lon'],
      ['lat=40.5&lon=181', 'lon'],
      ['radius=0', 'radius'],
      ['radius=abc', 'radius'],
      ['min_power=abc', 'min_power'],
      ['min_power=-5', 'min_power'],
      ['connector_type=a%20b', 'connector_type'],
      ['available=maybe', 'available'],
      ['tags=x', 'tags'],
      ['infrastructure=0', 'infrastructure'],
      ['size=101', 'size'],
      ['page=0', 'page'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/stations/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json()), query).toEqual([field]);
    }
  });
});

describe('one station', () => {
  it('answers its connectors with live status and price now, photos, schedule, tags and infrastructure', async () => {
    const tag = await buildTag(db());
    const hiddenTag = await buildTag(db(), { isActive: false });
    const merchantTag = await buildTag(db());
    const cafe = await buildSurrounding(db());
    const merchant = await buildMerchant(db(), { name: 'Shoro Energy', tagIds: [merchantTag.id] });
    // A network default rate for CHAdeMO: the connector without a custom fee is priced by it.
    const rate = await buildRate(db(), { rateType: 'default', typo: 'chademo', fee: '24.50', isActive: true });
    const station = await buildStation(db(), {
      merchantId: merchant.id,
      // Jalal-Abad.
      latitude: '40.933154',
      longitude: '73.000812',
      schedule: OFFICE_HOURS,
      tagIds: [tag.id, hiddenTag.id],
      environmentIds: [cafe.id],
      mediaPaths: ['stations/front.jpg', 'stations/tour.mp4'],
      avatarPath: 'stations/avatar.jpg',
      connectors: [
        { evse_id: 1, typo: 'type2', power_kWh: 22, custom_fee: '15.00', cable_length: 5 },
        { evse_id: 2, typo: 'chademo', power_kWh: 50 },
      ],
    });
    await goOnline(station.id, { 1: 'Available', 2: 'Faulted' });
    const response = await get(`/stations/${station.id}/`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TAppStation>();
    const now = new Date();
    expect(body).toMatchObject({
      id: station.id,
      name: station.nameEn,
      address: station.addressEn,
      latitude: 40.933154,
      longitude: 73.000812,
      merchant: { id: merchant.id, name: 'Shoro Energy' },
      online: true,
      schedule: toScheduleDays(OFFICE_HOURS),
      avatar: '/media/stations/avatar.jpg',
      photos: [
        { url: '/media/stations/front.jpg', kind: 'image' },
        { url: '/media/stations/tour.mp4', kind: 'video' },
      ],
      tags: [
        { id: tag.id, name: tag.titleEn },
        { id: merchantTag.id, name: merchantTag.titleEn },
      ],
      infrastructure: [{ id: cafe.id, name: cafe.titleEn, icon: null }],
      max_power_kw: 50,
      connector_types: [
        { type: 'type2', total: 1, available: 1, max_power_kw: 22 },
        { type: 'chademo', total: 1, available: 0, max_power_kw: 50 },
      ],
    });
    // open_now read the way the schedules module reads it; checked once more just after, should the minute turn.
    expect([isOpenAt(OFFICE_HOURS, now), isOpenAt(OFFICE_HOURS, new Date())]).toContain(body.open_now);
    expect(body.connectors).toMatchObject([
      {
        ocpp_id: 1,
        type: 'type2',
        type_name: 'Type 2 (Mennekes)',
        current: 'AC',
        power_kw: 22,
        cable_length: 5,
        status: 'Available',
        available: true,
        price: { rate: { id: null, source: 'custom_fee' }, now: { fee: '15.00', time_fee: '0.00' } },
      },
      {
        ocpp_id: 2,
        type: 'chademo',
        type_name: 'CHAdeMO',
        current: 'DC',
        power_kw: 50,
        status: 'Faulted',
        available: false,
        price: { rate: { id: rate.id, name: rate.name, source: 'default' }, now: { fee: '24.50' } },
      },
    ]);

    // The price is the price preview's: the dashboard's GET /stations/connectors/{id}/price/ answers the same.
    const manager = await signIn(ctx.app, await buildAccount(db(), { roleKey: 'superadmin' }));
    for (const connector of body.connectors) {
      const preview = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/stations/connectors/${connector.id}/price/`,
        headers: manager.headers,
      });
      expect(preview.statusCode).toBe(200);
      const { rate: previewRate, now: previewNow } = preview.json<{ rate: unknown; now: unknown }>();
      expect({ rate: connector.price.rate, now: connector.price.now }).toEqual({ rate: previewRate, now: previewNow });
    }

    const inKyrgyz = (
      await get(`/stations/${station.id}/`, { ...driver.headers, 'accept-language': 'ky' })
    ).json<TAppStation>();
    expect(inKyrgyz).toMatchObject({
      name: station.nameKy,
      address: station.addressKy,
      tags: [{ name: tag.titleKy }, { name: merchantTag.titleKy }],
      infrastructure: [{ name: cafe.titleKy }],
    });
  });

  it('is offline without a charge point: nothing is available, the statuses are unknown', async () => {
    const merchant = await buildMerchant(db());
    const station = await buildStation(db(), { merchantId: merchant.id, schedule: ROUND_THE_CLOCK });
    const body = (await get(`/stations/${station.id}/`)).json<TAppStation>();
    expect(body).toMatchObject({ online: false, open_now: true });
    expect(body.connectors).toMatchObject([{ status: null, available: false }]);
  });
});

describe('the driver’s token', () => {
  it('is required on every stations call', async () => {
    const merchant = await buildMerchant(db());
    const station = await buildStation(db(), { merchantId: merchant.id });
    for (const url of ['/stations/', `/stations/${station.id}/`]) {
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(url, { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
      const dashboard = await signIn(ctx.app, await buildAccount(db(), { roleKey: 'superadmin' }));
      expect((await get(url, dashboard.headers)).statusCode).toBe(401);
    }
  });
});

describe('the drivers’ OpenAPI document', () => {
  it('describes the stations and content calls with their queries', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/app/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      paths: Record<string, Record<string, { tags: string[]; parameters?: { name: string }[] }>>;
    }>();
    const parameters = (path: string) => document.paths[path]?.get?.parameters?.map((parameter) => parameter.name);
    expect(parameters('/api/app/v1/stations/')).toEqual(
      expect.arrayContaining(['lat', 'lon', 'radius', 'search', 'connector_type', 'min_power', 'available', 'tags']),
    );
    expect(document.paths['/api/app/v1/stations/{id}/']?.get?.tags).toEqual(['stations']);
    for (const path of ['banners', 'fullscreens', 'news', 'promotions']) {
      expect(document.paths[`/api/app/v1/content/${path}/`]?.get?.tags).toEqual(['content']);
    }
    expect(parameters('/api/app/v1/content/fullscreens/')).toEqual(['category']);
  });
});
