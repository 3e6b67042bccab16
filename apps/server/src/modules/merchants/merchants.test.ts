import { type TLanguage, translateMessage } from '@zaryad/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant, ROUND_THE_CLOCK } from '../../test/network-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { auditLog } from '../audit';
import { countries, settlements } from '../locations';
import { surroundings } from '../surroundings';
import { tags } from '../tags';
import { merchants, merchantTags } from './merchants.tables';

let ctx: TestContext;
let headers: { authorization: string };
let accountId: number;
let kyrgyzstan: number;
let bishkek: number;
let osh: number;
let almaty: number;
let tagIds: number[];
let environmentIds: number[];

const t = (message: string, language: TLanguage = 'ru') => translateMessage(message, language);

const settlementByKey = async (key: string) => {
  const [row] = await ctx.database.db
    .select({ id: settlements.id, countryId: settlements.countryId })
    .from(settlements)
    .where(eq(settlements.key, key));
  if (!row) {
    throw new Error(`no settlement ${key}`);
  }
  return row;
};

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await buildAccount(ctx.database.db, { firstName: 'Айгерим', lastName: 'Садыкова' });
  accountId = account.id;
  headers = (await signIn(ctx.app, account)).headers;
  const city = await settlementByKey('kg-bishkek');
  kyrgyzstan = city.countryId;
  bishkek = city.id;
  osh = (await settlementByKey('kg-osh')).id;
  const [kazakhCity] = await ctx.database.db
    .select({ id: settlements.id })
    .from(settlements)
    .innerJoin(countries, eq(countries.id, settlements.countryId))
    .where(eq(countries.code, 'KZ'))
    .limit(1);
  almaty = kazakhCity?.id ?? 0;
  tagIds = (
    await ctx.database.db
      .insert(tags)
      .values([
        { titleRu: 'Быстрая зарядка', titleEn: 'Fast charging', titleKy: 'Тез кубаттоо' },
        { titleRu: 'Круглосуточно', titleEn: '24/7', titleKy: 'Күнү-түнү' },
      ])
      .returning({ id: tags.id })
  ).map((row) => row.id);
  environmentIds = (
    await ctx.database.db
      .insert(surroundings)
      .values([
        { titleRu: 'Кафе', titleEn: 'Café', titleKy: 'Кафе', iconPath: 'surroundings/cafe.svg' },
        { titleRu: 'Туалет', titleEn: 'Toilet', titleKy: 'Даараткана' },
      ])
      .returning({ id: surroundings.id })
  ).map((row) => row.id);
});
afterAll(async () => {
  await ctx.close();
});

type TMethod = 'GET' | 'POST' | 'PATCH';
const api = (method: TMethod, url: string, payload?: object, language = 'ru') =>
  ctx.app.inject({
    method,
    url: `/api/v1/merchants${url}`,
    headers: { ...headers, 'accept-language': language },
    ...(payload && { payload }),
  });

let sequence = 0;
const newMerchant = (overrides: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    name: `  Бишкек Молл ${sequence} `,
    agreement_number: `АД-2026/${sequence}`,
    legal_entity: 'ОсОО «Бишкек Молл»',
    country: kyrgyzstan,
    city: bishkek,
    district: 'Свердловский район',
    street: 'пр. Чуй, 155',
    phone: '+996 (555) 12-34-56',
    email: `Info${sequence}@BishkekMall.kg`,
    tags: [tagIds[0]],
    environment: environmentIds,
    schedule: [
      { day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
      { day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
      { day: 5, start_time: '10:00:00', end_time: '00:00:00', is_break: false },
    ],
    percentage: 12.5,
    ...overrides,
  };
};

const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await api('POST', '/', newMerchant(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; name: string; status: number }>();
};

const merchantCount = async () => (await ctx.database.db.select({ total: count() }).from(merchants))[0]?.total ?? 0;
const storedMerchant = async (id: number) => (await ctx.database.db.select().from(merchants).where(eq(merchants.id, id)))[0];
const auditEntries = async (id: number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'merchant'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe('access', () => {
  it('answers 401 without a token on every call', async () => {
    for (const [method, url] of [
      ['GET', '/'],
      ['POST', '/'],
      ['GET', '/1/'],
      ['PATCH', '/1/'],
      ['GET', '/for-update/1/'],
      ['PATCH', '/statuses/'],
      ['GET', '/for-promotion/'],
      ['GET', '/1/report/?period__from=2026-01-01&period__to=2026-01-31'],
    ] as const) {
      const response = await ctx.app.inject({ method, url: `/api/v1/merchants${url}` });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('POST /merchants/', () => {
  it('creates a merchant (201) with every field, names in the request language and the nested schedule', async () => {
    const body = newMerchant();
    const response = await api('POST', '/', body);
    expect(response.statusCode).toBe(201);
    const merchant = response.json();
    expect(merchant).toEqual({
      id: expect.any(Number),
      name: body.name.trim(),
      agreement_number: body.agreement_number,
      legal_entity: 'ОсОО «Бишкек Молл»',
      country: { id: kyrgyzstan, name: 'Кыргызстан' },
      district: 'Свердловский район',
      city: { id: bishkek, name: 'Бишкек' },
      // The city in the language of the free-text district and street (Cyrillic here).
      address_city: 'Бишкек',
      street: 'пр. Чуй, 155',
      phone: '996555123456',
      email: body.email.toLowerCase(),
      tags: [{ id: tagIds[0], title_ru: 'Быстрая зарядка', title_en: 'Fast charging', title_ky: 'Тез кубаттоо' }],
      environment: [
        { id: environmentIds[0], title_ru: 'Кафе', title_en: 'Café', title_ky: 'Кафе', icon_path: '/media/surroundings/cafe.svg' },
        { id: environmentIds[1], title_ru: 'Туалет', title_en: 'Toilet', title_ky: 'Даараткана', icon_path: null },
      ],
      schedule: [
        {
          id: 1,
          day: 0,
          start_time: '09:00:00',
          end_time: '18:00:00',
          is_break: false,
          break: [{ id: 8, day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true }],
        },
        { id: 6, day: 5, start_time: '10:00:00', end_time: '00:00:00', is_break: false, break: [] },
      ],
      status: 0,
      percentage: '12.50',
      stations_count: 0,
      active_stations_count: 0,
      inactive_stations_count: 0,
      created_by: { id: accountId, first_name: 'Айгерим', last_name: 'Садыкова' },
      created_at: expect.any(String),
    });
    const [entry] = await auditEntries(merchant.id);
    expect(entry).toMatchObject({ action: 'create', actorId: accountId });
    expect(entry?.changes).toMatchObject({ name: { before: null, after: body.name.trim() }, percentage: { before: null, after: 12.5 } });
  });

  it('stores the schedule flat and sorted whatever the order sent', async () => {
    const merchant = await create({
      schedule: [
        { day: 3, start_time: '12:00:00', end_time: '13:00:00', is_break: true },
        { day: 3, start_time: '08:00:00', end_time: '20:00:00' },
        { day: 1, start_time: '08:00:00', end_time: '20:00:00' },
      ],
    });
    expect((await storedMerchant(merchant.id))?.schedule).toEqual([
      { day: 1, start_time: '08:00:00', end_time: '20:00:00', is_break: false },
      { day: 3, start_time: '08:00:00', end_time: '20:00:00', is_break: false },
      { day: 3, start_time: '12:00:00', end_time: '13:00:00', is_break: true },
    ]);
  });

  it('defaults district, tags and environment to empty and the status to active; accepts an inactive start', async () => {
    const body: Record<string, unknown> = newMerchant();
    delete body.district;
    delete body.tags;
    delete body.environment;
    const response = await api('POST', '/', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ district: '', tags: [], environment: [], status: 0 });
    expect((await create({ status: 1 })).status).toBe(1);
  });

  it('accepts the percentage bounds 0 and 100 and a string with 2 decimals', async () => {
    for (const [sent, stored] of [
      [0, '0.00'],
      [100, '100.00'],
      ['33.33', '33.33'],
    ] as const) {
      const response = await api('POST', '/', newMerchant({ percentage: sent }));
      expect(response.statusCode).toBe(201);
      expect(response.json().percentage).toBe(stored);
    }
  });

  it('ignores repeated tag ids', async () => {
    const response = await api('POST', '/', newMerchant({ tags: [tagIds[1], tagIds[1], tagIds[0]] }));
    expect(response.statusCode).toBe(201);
    expect(response.json().tags.map((tag: { id: number }) => tag.id)).toEqual([tagIds[0], tagIds[1]]);
  });

  it('answers names in English and Kyrgyz for those languages', async () => {
    const response = await api('POST', '/', newMerchant({ city: osh }), 'en');
    expect(response.json()).toMatchObject({ country: { name: 'Kyrgyzstan' }, city: { name: 'Osh' } });
    const kyrgyz = await api('GET', `/${response.json().id}/`, undefined, 'ky');
    expect(kyrgyz.json().country.name).toBe('Кыргызстан');
  });

  const refusals: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['a blank name', { name: '   ' }, { name: [t('blank')] }],
    ['a name over 100', { name: 'М'.repeat(101) }, { name: [t('max_length:100')] }],
    ['an agreement number over 50', { agreement_number: '1'.repeat(51) }, { agreement_number: [t('max_length:50')] }],
    ['a legal entity over 200', { legal_entity: 'Ю'.repeat(201) }, { legal_entity: [t('max_length:200')] }],
    ['a street over 200', { street: 'у'.repeat(201) }, { street: [t('max_length:200')] }],
    ['a district over 100', { district: 'р'.repeat(101) }, { district: [t('max_length:100')] }],
    ['a phone of 11 digits', { phone: '+996 (555) 12-34-5' }, { phone: [t('phone_invalid')] }],
    ['an empty phone', { phone: '' }, { phone: [t('phone_required')] }],
    ['an invalid email', { email: 'merchant@' }, { email: [t('email_invalid')] }],
    ['a percentage over 100', { percentage: 100.01 }, { percentage: [t('percentage_invalid')] }],
    ['a negative percentage', { percentage: -1 }, { percentage: [t('percentage_invalid')] }],
    ['3 decimals', { percentage: '12.345' }, { percentage: [t('percentage_invalid')] }],
    ['a percentage that is no number', { percentage: 'десять' }, { percentage: [t('percentage_invalid')] }],
    ['an empty schedule', { schedule: [] }, { schedule: [t('schedule_required')] }],
    ['no schedule', { schedule: undefined }, { schedule: [t('schedule_required')] }],
    [
      'a day twice',
      {
        schedule: [
          { day: 1, start_time: '09:00:00', end_time: '18:00:00' },
          { day: 1, start_time: '10:00:00', end_time: '11:00:00' },
        ],
      },
      { 'schedule.1': [t('schedule_day_duplicate')] },
    ],
    [
      'an end before the start',
      { schedule: [{ day: 2, start_time: '18:00:00', end_time: '09:00:00' }] },
      { 'schedule.0': [t('schedule_end_before_start')] },
    ],
    [
      'a break on a day off',
      {
        schedule: [
          { day: 2, start_time: '09:00:00', end_time: '18:00:00' },
          { day: 4, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
        ],
      },
      { 'schedule.1': [t('schedule_break_without_day')] },
    ],
    ['a bad time', { schedule: [{ day: 2, start_time: '9:00', end_time: '18:00:00' }] }, { 'schedule.0.start_time': [t('time_invalid')] }],
    ['a day 7', { schedule: [{ day: 7, start_time: '09:00:00', end_time: '18:00:00' }] }, { 'schedule.0.day': [t('day_invalid')] }],
    ['no country', { country: undefined }, { country: [t('required')] }],
    ['an unknown country', { country: 999_999 }, { country: [t('country_not_found')], city: [t('city_not_in_country')] }],
    ['an unknown city', { city: 9_999_999 }, { city: [t('city_not_in_country')] }],
    ['an id beyond the database integer', { city: 2 ** 40 }, { city: [t('max_value:2147483647')] }],
    ['a fractional id', { country: 1.5 }, { country: [t('integer_invalid')] }],
  ];
  it.each(refusals)('refuses %s with a translated message and creates nothing', async (_name, overrides, expected) => {
    const before = await merchantCount();
    const response = await api('POST', '/', newMerchant(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
    expect(await merchantCount()).toBe(before);
  });

  it('refuses a city of another country, unknown tags and infrastructure, all at once', async () => {
    const before = await merchantCount();
    const response = await api('POST', '/', newMerchant({ city: almaty, tags: [tagIds[0], 987_654], environment: [876_543] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      city: [t('city_not_in_country')],
      tags: [t('tag_not_found:987654')],
      environment: [t('surrounding_not_found:876543')],
    });
    expect(await merchantCount()).toBe(before);
  });

  it('translates refusals into English and Kyrgyz', async () => {
    const english = await api('POST', '/', newMerchant({ phone: '123', city: almaty }), 'en');
    expect(english.json()).toEqual({ phone: ['The phone number must contain 12 digits'] });
    const englishCity = await api('POST', '/', newMerchant({ city: almaty }), 'en');
    expect(englishCity.json()).toEqual({ city: ['Select a city of the chosen country'] });
    const kyrgyz = await api('POST', '/', newMerchant({ schedule: [] }), 'ky');
    expect(kyrgyz.json()).toEqual({ schedule: ['Иштөө режимин көрсөтүңүз'] });
  });

  it('reports every missing field of an empty body', async () => {
    const response = await api('POST', '/', {});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(
      ['agreement_number', 'city', 'country', 'email', 'legal_entity', 'name', 'percentage', 'phone', 'schedule', 'street'].sort(),
    );
  });
});

describe('GET /merchants/{id}/ and /merchants/for-update/{id}/', () => {
  it('answers the merchant as created', async () => {
    const created = await create();
    const response = await api('GET', `/${created.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
  });

  it('answers the edit form values: ids and the nested schedule', async () => {
    const created = await create({ tags: [tagIds[1], tagIds[0]], environment: [environmentIds[1]] });
    const response = await api('GET', `/for-update/${created.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: created.id,
      name: created.name,
      agreement_number: expect.any(String),
      legal_entity: 'ОсОО «Бишкек Молл»',
      country: kyrgyzstan,
      city: bishkek,
      district: 'Свердловский район',
      street: 'пр. Чуй, 155',
      phone: '996555123456',
      email: expect.stringMatching(/@bishkekmall\.kg$/),
      tags: [tagIds[0], tagIds[1]],
      environment: [environmentIds[1]],
      schedule: expect.arrayContaining([expect.objectContaining({ id: 1, break: [expect.objectContaining({ id: 8 })] })]),
      percentage: '12.50',
      status: 0,
    });
  });

  it('answers 404 merchant_not_found in the request language', async () => {
    for (const url of ['/2147483647/', '/for-update/2147483647/', '/2147483647/report/?period__from=2026-01-01&period__to=2026-01-02']) {
      for (const language of ['ru', 'en', 'ky'] as const) {
        const response = await api('GET', url, undefined, language);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: t('merchant_not_found', language) });
      }
    }
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    for (const url of ['/abc/', '/0/', '/for-update/-1/', '/99999999999/']) {
      expect((await api('GET', url)).statusCode, url).toBe(400);
    }
  });
});

describe('PATCH /merchants/{id}/', () => {
  it('changes only the fields sent and records them', async () => {
    const created = await create();
    const before = await storedMerchant(created.id);
    const response = await api('PATCH', `/${created.id}/`, { name: 'ТЦ Дордой Плаза', percentage: '7.5' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'ТЦ Дордой Плаза', percentage: '7.50', street: 'пр. Чуй, 155' });
    const after = await storedMerchant(created.id);
    expect({ ...after, updatedAt: null, name: null, percentage: null }).toEqual({
      ...before,
      updatedAt: null,
      name: null,
      percentage: null,
    });
    const entries = await auditEntries(created.id);
    expect(entries.at(-1)).toMatchObject({ action: 'update', changes: { name: { after: 'ТЦ Дордой Плаза' }, percentage: { after: '7.50' } } });
  });

  it('replaces tags, environment and schedule as whole lists; empty lists clear them', async () => {
    const created = await create({ tags: tagIds, environment: environmentIds });
    const response = await api('PATCH', `/${created.id}/`, { tags: [tagIds[1]], environment: [], schedule: ROUND_THE_CLOCK });
    expect(response.statusCode).toBe(200);
    const merchant = response.json();
    expect(merchant.tags.map((tag: { id: number }) => tag.id)).toEqual([tagIds[1]]);
    expect(merchant.environment).toEqual([]);
    expect(merchant.schedule).toHaveLength(7);
    expect(merchant.schedule.every((day: { break: unknown[] }) => day.break.length === 0)).toBe(true);
  });

  it('keeps tags when they are not sent', async () => {
    const created = await create({ tags: tagIds });
    await api('PATCH', `/${created.id}/`, { street: 'ул. Киевская, 77' });
    const links = await ctx.database.db.select().from(merchantTags).where(eq(merchantTags.merchantId, created.id));
    expect(links).toHaveLength(2);
  });

  it('moves a merchant to another city of the same country', async () => {
    const created = await create();
    const response = await api('PATCH', `/${created.id}/`, { city: osh });
    expect(response.json().city).toEqual({ id: osh, name: 'Ош' });
  });

  it('checks a new city against the stored country, and a new country against the stored city', async () => {
    const created = await create();
    const before = await storedMerchant(created.id);
    const cityOnly = await api('PATCH', `/${created.id}/`, { city: almaty });
    expect(cityOnly.statusCode).toBe(400);
    expect(cityOnly.json()).toEqual({ city: [t('city_not_in_country')] });
    const [kazakhstan] = await ctx.database.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'KZ'));
    const countryOnly = await api('PATCH', `/${created.id}/`, { country: kazakhstan?.id });
    expect(countryOnly.json()).toEqual({ city: [t('city_not_in_country')] });
    const both = await api('PATCH', `/${created.id}/`, { country: kazakhstan?.id, city: almaty });
    expect(both.statusCode).toBe(200);
    expect(before?.cityId).toBe(bishkek);
  });

  it('refuses bad input, changes nothing and records nothing', async () => {
    const created = await create();
    const before = await storedMerchant(created.id);
    const auditBefore = (await auditEntries(created.id)).length;
    for (const body of [
      { name: '' },
      { percentage: 101 },
      { phone: '12345' },
      { email: 'no' },
      { schedule: [] },
      { tags: [123_456] },
      { environment: [0] },
      { status: 2 },
      { name: 'Новое имя', tags: [123_456] },
    ]) {
      const response = await api('PATCH', `/${created.id}/`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await storedMerchant(created.id)).toEqual(before);
    expect(await auditEntries(created.id)).toHaveLength(auditBefore);
  });

  it('answers the merchant unchanged for an empty body, without an audit entry', async () => {
    const created = await create();
    const response = await api('PATCH', `/${created.id}/`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
    expect(await auditEntries(created.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown merchant', async () => {
    const response = await api('PATCH', '/2147483647/', { name: 'Нет такого' }, 'en');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Merchant not found' });
  });
});

describe('PATCH /merchants/statuses/', () => {
  it('switches the statuses and answers the updated rows, in id order', async () => {
    const first = await create();
    const second = await create();
    const response = await api('PATCH', '/statuses/', { ids: [second.id, first.id], active: false });
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    expect(rows.map((row: { id: number; status: number }) => [row.id, row.status])).toEqual([
      [first.id, 1],
      [second.id, 1],
    ]);
    expect(rows[0]).not.toHaveProperty('schedule');
    expect(rows[0]).toMatchObject({ city: { id: bishkek, name: 'Бишкек' }, stations_count: 0 });
    expect((await auditEntries(first.id)).at(-1)).toMatchObject({ action: 'status', changes: { status: { before: 0, after: 1 } } });
    const back = await api('PATCH', '/statuses/', { ids: [first.id], active: true });
    expect(back.json()[0].status).toBe(0);
  });

  it('refuses an unknown id with 404 and changes none of the others', async () => {
    const merchant = await create();
    const response = await api('PATCH', '/statuses/', { ids: [merchant.id, 2_147_483_647], active: false }, 'ky');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: t('records_not_found:2147483647', 'ky') });
    expect((await storedMerchant(merchant.id))?.status).toBe(0);
  });

  it('refuses an empty id list or a missing flag', async () => {
    expect((await api('PATCH', '/statuses/', { ids: [], active: true })).statusCode).toBe(400);
    const response = await api('PATCH', '/statuses/', { ids: [1] });
    expect(response.json()).toEqual({ active: [t('required')] });
  });
});

describe('GET /merchants/', () => {
  it('pages newest first with the paged envelope', async () => {
    const created = [await create(), await create(), await create()];
    const response = await api('GET', '/?page=1&size=2');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 1, size: 2, total: await merchantCount() });
    expect(page.pages).toBe(Math.ceil(page.total / 2));
    expect(page.items.map((item: { id: number }) => item.id)).toEqual([created[2]?.id, created[1]?.id]);
    expect(page.items[0]).not.toHaveProperty('tags');
  });

  it('searches name, agreement number, legal entity, phone (with or without the mask) and email', async () => {
    const merchant = await buildMerchant(ctx.database.db, {
      name: 'Отель Jannat Regency',
      agreementNumber: 'JR-0042',
      legalEntity: 'ОсОО «Джаннат Ридженси»',
      phone: '996312987654',
      email: 'front@jannat.kg',
    });
    for (const search of ['jannat regency', 'jr-0042', 'ДЖАННАТ', '312987654', '+996 (312) 98-76-54', 'front@jannat']) {
      const response = await api('GET', `/?search=${encodeURIComponent(search)}`);
      expect(response.json().items.map((item: { id: number }) => item.id), search).toEqual([merchant.id]);
    }
    expect((await api('GET', '/?search=%25%25%25')).json().total).toBe(0);
  });

  it('filters by status: active=true|false; an empty filter is ignored', async () => {
    const inactive = await buildMerchant(ctx.database.db, { name: 'Неактивный мерчант', isActive: false });
    const inactiveIds = (await api('GET', '/?active=false&size=50')).json().items.map((item: { id: number }) => item.id);
    expect(inactiveIds).toContain(inactive.id);
    const activeItems = (await api('GET', '/?active=true&size=50')).json().items;
    expect(activeItems.every((item: { status: number }) => item.status === 0)).toBe(true);
    expect((await api('GET', '/?active=&search=')).statusCode).toBe(200);
  });

  it('refuses bad paging and filters with 400', async () => {
    for (const query of ['?page=0', '?page=abc', '?size=0', '?size=1001', '?active=maybe']) {
      expect((await api('GET', `/${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /merchants/for-promotion/', () => {
  it('answers active merchants only as {id, name}, by name, searchable', async () => {
    const active = await buildMerchant(ctx.database.db, { name: 'Акционный АЗС Газпром нефть' });
    const inactive = await buildMerchant(ctx.database.db, { name: 'Акционный выключенный', isActive: false });
    const response = await api('GET', `/for-promotion/?search=${encodeURIComponent('акционный')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [{ id: active.id, name: active.name }], page: 1, pages: 1, size: 10, total: 1 });
    expect(inactive.id).not.toBe(active.id);
  });

  it('pages', async () => {
    const response = await api('GET', '/for-promotion/?size=1&page=2');
    expect(response.json()).toMatchObject({ page: 2, size: 1, items: [expect.objectContaining({ id: expect.any(Number) })] });
  });
});
