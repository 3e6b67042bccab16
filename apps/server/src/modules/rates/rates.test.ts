import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildRate } from '../../test/catalogue-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { auditLog } from '../audit';
import { rates } from './rates.tables';

let ctx: TestContext;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAccount(ctx.database.db, { roleKey: 'superadmin' });
  headers = (await signIn(ctx.app, admin)).headers;
});
afterAll(async () => {
  await ctx.close();
});
// Each test starts from no rates: the one-default rule and the lists depend on what else exists.
beforeEach(async () => {
  await ctx.database.db.delete(rates);
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, language = 'ru') =>
  ctx.app.inject({
    method,
    url: `/api/v1/payments${url}`,
    headers: { ...headers, 'accept-language': language },
    ...(payload !== undefined && { payload: payload as object }),
  });

const allRates = () => ctx.database.db.select().from(rates).orderBy(rates.id);

const newRate = (overrides: Record<string, unknown> = {}) => ({
  name: 'Бишкек AC',
  rate_type: 'default',
  typo: 'type2',
  fee: '14.5',
  ...overrides,
});

describe('create', () => {
  it('creates an inactive rate (201) with the fee answered as a string with 2 decimals', async () => {
    const response = await api('POST', '/', newRate({ fee: 14.5 }));
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Бишкек AC',
      rate_type: 'default',
      typo: 'type2',
      merchant_id: null,
      merchant_name: null,
      fee: '14.50',
      time_fee: '0.00',
      idle_fee: '0.00',
      idle_grace_minutes: 0,
      session_fee: '0.00',
      min_cost: null,
      max_cost: null,
      periods: [],
      status: 1,
      version: { id: expect.any(Number), effective_from: expect.any(String) },
      next_version: null,
    });
    expect((await api('GET', `/${created.id}/`)).json()).toEqual(created);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'rate'), eq(auditLog.entityId, String(created.id))));
    expect(entry).toMatchObject({ action: 'create' });
  });

  it('accepts 0 and whole numbers', async () => {
    expect((await api('POST', '/', newRate({ fee: 0, rate_type: 'personal' }))).json()).toMatchObject({ fee: '0.00' });
    expect((await api('POST', '/', newRate({ fee: '25', typo: 'gbt_dc' }))).json()).toMatchObject({
      fee: '25.00',
      typo: 'gbt_dc',
    });
  });

  it.each([
    ['3 decimals', '12.345', 'fee', 'Введите цену в сомах, не более 2 знаков после запятой'],
    ['3 decimals as a number', 12.345, 'fee', 'Введите цену в сомах, не более 2 знаков после запятой'],
    ['a negative price', '-1', 'fee', 'Цена не может быть отрицательной'],
    ['a negative number', -0.5, 'fee', 'Цена не может быть отрицательной'],
    ['text', 'abc', 'fee', 'Введите цену в сомах, не более 2 знаков после запятой'],
    ['an unknown connector type', 'type2', 'typo', 'Неизвестный тип коннектора'],
  ])('refuses %s with the translated message and stores nothing', async (_label, fee, field, message) => {
    const body = field === 'typo' ? newRate({ typo: 'type99' }) : newRate({ fee });
    const response = await api('POST', '/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [message] });
    expect(await allRates()).toEqual([]);
  });

  it('translates the messages into en and ky', async () => {
    expect((await api('POST', '/', newRate({ fee: '1.001' }), 'en')).json()).toEqual({
      fee: ['Enter a price in som with at most 2 decimals'],
    });
    expect((await api('POST', '/', newRate({ typo: 'nope' }), 'en')).json()).toEqual({
      typo: ['Unknown connector type'],
    });
    expect((await api('POST', '/', newRate({ fee: '-3' }), 'ky')).json()).toEqual({
      fee: ['Баасы терс болбошу керек'],
    });
    expect((await api('POST', '/', newRate({ typo: 'nope' }), 'ky')).json()).toEqual({
      typo: ['Коннектордун белгисиз түрү'],
    });
    expect(await allRates()).toEqual([]);
  });

  it('refuses a blank name, a bad rate type and missing fields', async () => {
    const response = await api('POST', '/', { name: ' ', rate_type: 'vip' }, 'en');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.name).toEqual(['This field may not be blank.']);
    expect(body.rate_type).toEqual(['Select a valid choice.']);
    expect(body).toHaveProperty('typo');
    expect(body).toHaveProperty('fee');
    expect(await allRates()).toEqual([]);
  });
});

describe('list', () => {
  it('pages and filters by search, active, default and typo', async () => {
    const db = ctx.database.db;
    const ac = await buildRate(db, {
      name: 'Default AC',
      rateType: 'default',
      typo: 'type2',
      fee: '14.00',
      isActive: true,
    });
    const dc = await buildRate(db, { name: 'Default GB/T DC', rateType: 'default', typo: 'gbt_dc', fee: '24.00' });
    const personal = await buildRate(db, {
      name: 'Taxi fleet 50%',
      rateType: 'personal',
      typo: 'gbt_dc',
      fee: '18.00',
      isActive: true,
    });

    const all = (await api('GET', '/?page=1&size=10')).json();
    expect(all).toMatchObject({ page: 1, pages: 1, size: 10, total: 3 });
    expect(all.items.map((rate: { id: number }) => rate.id)).toEqual([personal.id, dc.id, ac.id]);

    const ids = async (query: string) =>
      (await api('GET', `/?${query}`))
        .json()
        .items.map((rate: { id: number }) => rate.id)
        .sort();
    expect(await ids('active=true')).toEqual([ac.id, personal.id].sort());
    expect(await ids('active=false')).toEqual([dc.id]);
    expect(await ids('default=true')).toEqual([ac.id, dc.id].sort());
    expect(await ids('default=false')).toEqual([personal.id]);
    expect(await ids('typo=gbt_dc')).toEqual([dc.id, personal.id].sort());
    expect(await ids('search=fleet%20')).toEqual([personal.id]);
    expect(await ids('search=50%25')).toEqual([personal.id]);
    expect(await ids('search=default&active=true&typo=type2')).toEqual([ac.id]);
    expect(await ids('search=&active=&default=&typo=')).toHaveLength(3);

    const paged = (await api('GET', '/?page=2&size=10')).json();
    expect(paged).toMatchObject({ items: [], page: 2, total: 3 });
  });

  it('refuses a bad page size and a bad boolean', async () => {
    expect((await api('GET', '/?size=0')).statusCode).toBe(400);
    const response = await api('GET', '/?active=maybe', undefined, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('active');
  });
});

describe('read, edit and delete', () => {
  it('answers 404 for ids that do not exist', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await api(method, '/987654/', method === 'PATCH' ? { name: 'x' } : undefined, 'en');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await api('GET', '/0/')).statusCode).toBe(400);
    expect((await api('GET', '/abc/')).statusCode).toBe(400);
  });

  it('edits an inactive rate: only the fields sent change', async () => {
    const rate = await buildRate(ctx.database.db, { name: 'Old', fee: '10.00' });
    const response = await api('PATCH', `/${rate.id}/`, { fee: '11.25', typo: 'ccs2', rate_type: 'default' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: rate.id,
      name: 'Old',
      rate_type: 'default',
      typo: 'ccs2',
      fee: '11.25',
      time_fee: '0.00',
      status: 1,
    });
    // The price change is a new version in force from now; the old one stays in the history.
    const versions = (await api('GET', `/${rate.id}/versions/`)).json();
    expect(versions.map((version: { fee: string }) => version.fee)).toEqual(['11.25', '10.00']);
  });

  it('refuses bad input on edit and changes nothing', async () => {
    const rate = await buildRate(ctx.database.db, { fee: '10.00' });
    const before = await allRates();
    const decimals = await api('PATCH', `/${rate.id}/`, { fee: '10.999' });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json()).toEqual({ fee: ['Введите цену в сомах, не более 2 знаков после запятой'] });
    const typo = await api('PATCH', `/${rate.id}/`, { typo: 'type99', name: 'New' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toEqual({ typo: ['Неизвестный тип коннектора'] });
    expect(await allRates()).toEqual(before);
  });

  it('refuses to edit an active rate (ru, en, ky) and changes nothing', async () => {
    const rate = await buildRate(ctx.database.db, { name: 'Live', isActive: true });
    const before = await allRates();
    const messages = {
      ru: 'Активный тариф нельзя редактировать. Сначала деактивируйте его.',
      en: 'An active tariff cannot be edited. Deactivate it first.',
      ky: 'Активдүү тарифти түзөтүүгө болбойт. Адегенде аны активсиздештириңиз.',
    };
    for (const [language, message] of Object.entries(messages)) {
      const response = await api('PATCH', `/${rate.id}/`, { name: 'Changed' }, language);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: [message] });
    }
    expect(await allRates()).toEqual(before);
  });

  it('deletes an inactive rate (204)', async () => {
    const rate = await buildRate(ctx.database.db);
    const response = await api('DELETE', `/${rate.id}/`);
    expect(response.statusCode).toBe(204);
    expect(await allRates()).toEqual([]);
    expect((await api('GET', `/${rate.id}/`)).statusCode).toBe(404);
  });

  it('refuses to delete an active rate with a JSON array body (ru, en, ky) and keeps it', async () => {
    const rate = await buildRate(ctx.database.db, { isActive: true });
    const messages = {
      ru: 'Активную запись нельзя удалить. Сначала деактивируйте её.',
      en: 'An active record cannot be deleted. Deactivate it first.',
      ky: 'Активдүү жазууну өчүрүүгө болбойт. Адегенде аны активсиздештириңиз.',
    };
    for (const [language, message] of Object.entries(messages)) {
      const response = await api('DELETE', `/${rate.id}/`, undefined, language);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual([message]);
    }
    expect(await allRates()).toHaveLength(1);
  });
});

describe('statuses', () => {
  it('activates and deactivates with a list body and answers the updated rates', async () => {
    const db = ctx.database.db;
    const a = await buildRate(db, { rateType: 'personal' });
    const b = await buildRate(db, { rateType: 'default', typo: 'chademo', isActive: true });
    const response = await api('PATCH', '/', [
      { id: a.id, active: true },
      { id: b.id, active: false },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ id: a.id, status: 0 }),
      expect.objectContaining({ id: b.id, status: 1 }),
    ]);
    expect((await allRates()).map((row) => row.status)).toEqual([0, 1]);
  });

  it('refuses a second active default rate for a connector type (ru, en, ky) and changes nothing', async () => {
    const db = ctx.database.db;
    await buildRate(db, { rateType: 'default', typo: 'gbt_ac', isActive: true });
    const second = await buildRate(db, { rateType: 'default', typo: 'gbt_ac' });
    const personal = await buildRate(db, { rateType: 'personal', typo: 'gbt_ac' });
    const before = await allRates();
    const messages = {
      ru: 'Активный тариф по умолчанию для этого типа коннектора уже существует',
      en: 'An active default tariff for this connector type already exists',
      ky: 'Бул коннектор түрү үчүн активдүү демейки тариф мурунтан бар',
    };
    for (const [language, message] of Object.entries(messages)) {
      const response = await api(
        'PATCH',
        '/',
        [
          { id: personal.id, active: true },
          { id: second.id, active: true },
        ],
        language,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: [message] });
    }
    expect(await allRates()).toEqual(before);
  });

  it('refuses two default rates of one type activated together', async () => {
    const db = ctx.database.db;
    const a = await buildRate(db, { rateType: 'default', typo: 'ccs2' });
    const b = await buildRate(db, { rateType: 'default', typo: 'ccs2' });
    const response = await api('PATCH', '/', [
      { id: a.id, active: true },
      { id: b.id, active: true },
    ]);
    expect(response.statusCode).toBe(400);
    expect((await allRates()).every((row) => row.status === 1)).toBe(true);
  });

  it('swaps the default rate of a type in one request', async () => {
    const db = ctx.database.db;
    const old = await buildRate(db, { rateType: 'default', typo: 'ccs2', isActive: true });
    const next = await buildRate(db, { rateType: 'default', typo: 'ccs2' });
    const response = await api('PATCH', '/', [
      { id: next.id, active: true },
      { id: old.id, active: false },
    ]);
    expect(response.statusCode).toBe(200);
    expect((await allRates()).map((row) => [row.id, row.status])).toEqual([
      [old.id, 1],
      [next.id, 0],
    ]);
  });

  it('the database itself refuses a second active default rate', async () => {
    const db = ctx.database.db;
    await buildRate(db, { rateType: 'default', typo: 'tesla', isActive: true });
    await expect(buildRate(db, { rateType: 'default', typo: 'tesla', isActive: true })).rejects.toThrow();
  });

  it('answers 404 for an unknown id and changes nothing', async () => {
    const rate = await buildRate(ctx.database.db);
    const response = await api(
      'PATCH',
      '/',
      [
        { id: rate.id, active: true },
        { id: 999999, active: true },
      ],
      'ky',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Мындай id менен жазуулар жок: 999999' });
    expect((await allRates())[0]?.status).toBe(1);
  });

  it('refuses an empty list and an object body', async () => {
    expect((await api('PATCH', '/', [])).statusCode).toBe(400);
    expect((await api('PATCH', '/', { ids: [1], active: true })).statusCode).toBe(400);
  });
});

describe('default rates fee', () => {
  it('answers every connector type with the fee of its active default rate or null', async () => {
    const db = ctx.database.db;
    await buildRate(db, { rateType: 'default', typo: 'type2', fee: '14.00', isActive: true });
    await buildRate(db, { rateType: 'default', typo: 'gbt_dc', fee: '24.50' });
    await buildRate(db, { rateType: 'personal', typo: 'gbt_dc', fee: '20.00', isActive: true });
    const response = await api('GET', '/default-rates-fee/');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((item: { typo: string }) => item.typo)).toEqual([
      'type1',
      'type2',
      'ccs1',
      'ccs2',
      'chademo',
      'gbt_ac',
      'gbt_dc',
      'tesla',
      'schuko',
    ]);
    expect(list[1]).toEqual({ typo: 'type2', name: 'Type 2 (Mennekes)', fee: '14.00' });
    expect(list[6]).toEqual({ typo: 'gbt_dc', name: 'GB/T DC', fee: null });
  });

  it('needs a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/payments/default-rates-fee/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('demo seed', () => {
  it('adds a default tariff per connector type and personal ones, and running it again changes nothing', async () => {
    const { seedRates, DEMO_RATES } = await import('./rates.seed');
    await seedRates(ctx.database.db);
    await seedRates(ctx.database.db);
    expect(await allRates()).toHaveLength(DEMO_RATES.length);
    const fees = (await api('GET', '/default-rates-fee/')).json();
    expect(fees.every((item: { fee: string | null }) => item.fee !== null)).toBe(true);
    expect(fees.find((item: { typo: string }) => item.typo === 'gbt_dc')).toMatchObject({ fee: '24.00' });
  });
});
