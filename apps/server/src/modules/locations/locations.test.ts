import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { COUNTRIES, SETTLEMENTS } from './locations.data';
import { seedLocations } from './locations.seed';
import { adjustStationCount } from './locations.service';
import { countries, settlements } from './locations.tables';

let ctx: TestContext;
let headers: { authorization: string };
let kyrgyzstanId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db))).headers;
  const [kg] = await ctx.database.db.select().from(countries).where(eq(countries.code, 'KG'));
  kyrgyzstanId = kg?.id ?? 0;
});
afterAll(async () => {
  await ctx.close();
});

type TLocation = { id: number; name: string; name_en: string; region: string | null; district: string | null };

const locations = (query: string, language = 'ru') =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/common/locations/?${query}`, headers: { ...headers, 'accept-language': language } });

describe('seed', () => {
  it('wrote every country and settlement once, and a second run adds nothing', async () => {
    await seedLocations(ctx.database.db);
    expect(await ctx.database.db.select().from(countries)).toHaveLength(COUNTRIES.length);
    expect(await ctx.database.db.select().from(settlements)).toHaveLength(SETTLEMENTS.length);
  });
});

describe('countries', () => {
  it('lists Kyrgyzstan first, then by name in the request language', async () => {
    const ru = await locations('location_type=countries');
    expect(ru.statusCode).toBe(200);
    expect(ru.json().map((country: TLocation) => country.name)).toEqual([
      'Кыргызстан',
      'Казахстан',
      'Китай',
      'Россия',
      'Таджикистан',
      'Узбекистан',
    ]);
    const en = (await locations('location_type=countries', 'en')).json();
    expect(en.map((country: TLocation) => country.name)).toEqual(['Kyrgyzstan', 'China', 'Kazakhstan', 'Russia', 'Tajikistan', 'Uzbekistan']);
    expect(en[0]).toEqual({
      id: kyrgyzstanId,
      name: 'Kyrgyzstan',
      name_ru: 'Кыргызстан',
      name_en: 'Kyrgyzstan',
      name_ky: 'Кыргызстан',
      country_id: null,
      region: null,
      district: null,
      latitude: null,
      longitude: null,
    });
    const ky = (await locations('location_type=countries', 'ky')).json();
    expect(ky.map((country: TLocation) => country.name)).toContain('Өзбекстан');
  });

  it('searches in every language', async () => {
    expect((await locations('location_type=countries&search=kaz')).json().map((c: TLocation) => c.name)).toEqual(['Казахстан']);
    expect((await locations('location_type=countries&search=КИТ', 'en')).json().map((c: TLocation) => c.name)).toEqual(['China']);
  });
});

describe('settlements', () => {
  it("lists a country's settlements, the capital first, then by name, with region and district translated", async () => {
    const response = await locations(`location_type=settlements&country_id=${kyrgyzstanId}`);
    expect(response.statusCode).toBe(200);
    const list: TLocation[] = response.json();
    expect(list).toHaveLength(SETTLEMENTS.filter((settlement) => settlement.country === 'KG').length);
    expect(list[0]).toMatchObject({ name: 'Бишкек', country_id: kyrgyzstanId, region: 'город Бишкек', district: null, latitude: 42.8746 });
    const rest = list.slice(1).map((settlement) => settlement.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('ru').compare));
    const karaBalta = list.find((settlement) => settlement.name_en === 'Kara-Balta');
    expect(karaBalta).toMatchObject({ region: 'Чуйская область', district: 'Жайылский район' });

    const en: TLocation[] = (await locations(`location_type=settlements&country_id=${kyrgyzstanId}`, 'en')).json();
    expect(en[0]?.name).toBe('Bishkek');
    expect(en.find((settlement) => settlement.name === 'Kara-Balta')).toMatchObject({ region: 'Chuy Region' });
    const ky: TLocation[] = (await locations(`location_type=settlements&country_id=${kyrgyzstanId}`, 'ky')).json();
    expect(ky.find((settlement) => settlement.name_en === 'Kara-Balta')).toMatchObject({ region: 'Чүй облусу' });
  });

  it('searches by name in any language', async () => {
    const list: TLocation[] = (await locations(`location_type=settlements&country_id=${kyrgyzstanId}&search=karakol`)).json();
    expect(list.map((settlement) => settlement.name)).toEqual(['Каракол']);
  });

  it('cost=true lists only settlements where the network has stations', async () => {
    const query = `location_type=settlements&country_id=${kyrgyzstanId}&cost=true`;
    expect((await locations(query)).json()).toEqual([]);
    const [osh] = await ctx.database.db.select().from(settlements).where(eq(settlements.key, 'kg-osh'));
    await adjustStationCount(ctx.database.db, osh?.id ?? 0, 1);
    expect((await locations(query, 'en')).json().map((settlement: TLocation) => settlement.name)).toEqual(['Osh']);
    await adjustStationCount(ctx.database.db, osh?.id ?? 0, -1);
    expect((await locations(query)).json()).toEqual([]);
    expect((await locations(`location_type=settlements&country_id=${kyrgyzstanId}&cost=false`)).json().length).toBeGreaterThanOrEqual(80);
  });

  it('refuses settlements without a country (ru, en, ky) and an unknown country with 404', async () => {
    const ru = await locations('location_type=settlements');
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ country_id: ['Обязательное поле.'] });
    expect((await locations('location_type=settlements', 'en')).json()).toEqual({ country_id: ['This field is required.'] });
    expect((await locations('location_type=settlements', 'ky')).json()).toEqual({ country_id: ['Милдеттүү талаа.'] });
    const unknown = await locations('location_type=settlements&country_id=99999', 'en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
  });

  it('refuses a bad location type, country id and cost flag', async () => {
    expect((await locations('location_type=planets')).statusCode).toBe(400);
    expect((await locations('location_type=settlements&country_id=abc')).statusCode).toBe(400);
    expect((await locations(`location_type=settlements&country_id=${kyrgyzstanId}&cost=maybe`)).statusCode).toBe(400);
  });
});
