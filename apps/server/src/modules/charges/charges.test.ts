import type { TCharge, TChargeTotals, TPaged } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { parseCsv } from '../../test/csv';
import { buildCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';

// The charges list, its filters and its totals, over five charges that differ in every filtered field:
//
//   charge  user  station  source    method            platform  started (Bishkek)  finished (Bishkek)  status
//   c5      u1    A        app       promotion         2         02-20 18:00        02-20 19:00          finished
//   c1      u1    A        app       personal_balance  2         03-01 16:00        03-01 17:00          finished
//   c2      u2    B        rfid      cash              1         03-06 02:00        03-06 03:30          stopped
//   c3      u1    B        operator  other_card        null      03-10 11:00        03-10 11:05          unauthorized
//   c4      u2    A        app       personal_balance  2         03-12 14:00        (running)            in_progress
let context: TestContext;
let headers: { authorization: string };
let stationA: { id: number; nameRu: string; nameEn: string; nameKy: string };
let stationB: { id: number };
let u1: { id: number; name: string; personalAccount: string };
let u2: { id: number };
let c1: { id: number; ocppTransactionId: number };
let c2: { id: number; ocppTransactionId: number };
let c3: { id: number };
let c4: { id: number };
let c5: { id: number };

const db = () => context.database.db;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  const merchant = await buildMerchant(db());
  stationA = await buildStation(db(), {
    merchantId: merchant.id,
    nameRu: 'Ала-Тоо',
    nameEn: 'Ala-Too',
    nameKy: 'Ала-Тоо бекети',
    connectors: [{ evse_id: 1, custom_fee: '20.00' }],
  });
  stationB = await buildStation(db(), { merchantId: merchant.id, connectors: [{ evse_id: 1, custom_fee: '20.00' }] });
  u1 = await buildUser(db());
  u2 = await buildUser(db());
  await buildEntry(db(), u1.id, { credit: '1000.00' });
  await buildEntry(db(), u2.id, { credit: '1000.00' });
  c5 = await buildCharge(db(), {
    userId: u1.id,
    stationId: stationA.id,
    paymentMethod: 'promotion',
    promotion: { id: 6, percent: 100, fixedTyiyn: 0n },
    startedAt: at('2026-02-20T12:00:00Z'),
    finish: { status: 'finished', meterStopWh: 2_000, finishedAt: at('2026-02-20T13:00:00Z') },
  });
  c1 = await buildCharge(db(), {
    userId: u1.id,
    stationId: stationA.id,
    startedAt: at('2026-03-01T10:00:00Z'),
    finish: { status: 'finished', meterStopWh: 10_000, finishedAt: at('2026-03-01T11:00:00Z') },
  });
  c2 = await buildCharge(db(), {
    userId: u2.id,
    stationId: stationB.id,
    source: 'rfid',
    paymentMethod: 'cash',
    platform: 1,
    promotion: { id: 5, percent: 10, fixedTyiyn: 0n },
    startedAt: at('2026-03-05T20:00:00Z'),
    finish: { status: 'stopped', meterStopWh: 4_000, finishedAt: at('2026-03-05T21:30:00Z') },
  });
  c3 = await buildCharge(db(), {
    userId: u1.id,
    stationId: stationB.id,
    source: 'operator',
    paymentMethod: 'other_card',
    platform: null,
    startedAt: at('2026-03-10T05:00:00Z'),
    finish: { status: 'unauthorized', meterStopWh: 500, finishedAt: at('2026-03-10T05:05:00Z') },
  });
  c4 = await buildCharge(db(), {
    userId: u2.id,
    stationId: stationA.id,
    startedAt: at('2026-03-12T08:00:00Z'),
    meterWh: 3_250,
  });
});

afterAll(async () => {
  await context.close();
});

const get = (url: string, language = 'ru') =>
  context.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': language } });

const listIds = async (query: string) => {
  const response = await get(`/api/v1/users/transactions/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPaged<TCharge>>().items.map((item) => item.id);
};

describe('GET /users/transactions/', () => {
  it('answers every charge newest start first, under the users prefix without colliding with it', async () => {
    const response = await get('/api/v1/users/transactions/');
    expect(response.statusCode).toBe(200);
    const page = response.json<TPaged<TCharge>>();
    expect(page.items.map((item) => item.id)).toEqual([c4.id, c3.id, c2.id, c1.id, c5.id]);
    expect(page).toMatchObject({ total: 5, page: 1, pages: 1 });
    // Without the trailing slash too, as every list.
    expect((await get('/api/v1/users/transactions')).statusCode).toBe(200);
    // The users domain's `:id/` under the same prefix still answers a user, and never takes `transactions` as an id.
    const user = await get(`/api/v1/users/${u1.id}/`);
    expect(user.statusCode, user.body).toBe(200);
    expect(user.json<{ id: number }>().id).toBe(u1.id);
    const totals = await get('/api/v1/users/transactions/totals/');
    expect(totals.json<TChargeTotals>().count).toBe(5);
  });

  it('answers a row of docs/product/charges.md#3-records, with the station named in the request language', async () => {
    const response = await get(`/api/v1/users/transactions/?search_by_id=${c1.id}`, 'en');
    const [row] = response.json<TPaged<TCharge>>().items;
    expect(row).toEqual({
      id: c1.id,
      number: c1.id,
      ocpp_transaction_id: c1.ocppTransactionId,
      user: { id: u1.id, name: u1.name, personal_account: u1.personalAccount },
      station: { id: stationA.id, name: 'Ala-Too', merchant_id: expect.any(Number) },
      connector: { id: expect.any(Number), name: expect.stringContaining('22 kW'), ocpp_16_id: 1 },
      app_version: '2.4.1',
      platform: 2,
      source: 'app',
      started_at: '2026-03-01T10:00:00.000Z',
      finished_at: '2026-03-01T11:00:00.000Z',
      duration: 3600,
      meter_start: 0,
      meter_stop: 10_000,
      consumption_kwh: '10.000',
      tariff: { kind: 'personal', price_per_kwh: '20.00', rate_id: null },
      promotion_id: null,
      discount: '0.00',
      total_cost: '200.00',
      shortfall: '0.00',
      payment_method: 'personal_balance',
      status: 'finished',
      transaction_status: 'successful',
      closed_by: 'charge_point',
      charge_point: null,
      running_cost: null,
      cost_breakdown: {
        energy: '200.00',
        time: '0.00',
        idle: '0.00',
        session: '0.00',
        adjustment: '0.00',
        amount: '200.00',
        charging_ended_at: '2026-03-01T11:00:00.000Z',
        segments: [
          {
            from: '2026-03-01T10:00:00.000Z',
            to: '2026-03-01T11:00:00.000Z',
            version_id: null,
            phase: 'charging',
            energy_wh: 10_000,
            fee: '20.00',
            time_fee: '0.00',
            idle_fee: '0.00',
          },
        ],
      },
    });
    const ky = await get(`/api/v1/users/transactions/?search_by_id=${c1.id}`, 'ky');
    expect(ky.json<TPaged<TCharge>>().items[0]?.station.name).toBe('Ала-Тоо бекети');
  });

  it('shows a running charge with its consumption so far and its duration until now', async () => {
    const response = await get(`/api/v1/users/transactions/?search_by_id=${c4.id}`);
    const [row] = response.json<TPaged<TCharge>>().items;
    expect(row).toMatchObject({
      status: 'in_progress',
      transaction_status: null,
      finished_at: null,
      meter_stop: null,
      consumption_kwh: '3.250',
      total_cost: '0.00',
      closed_by: null,
      // Its station never had a charge point: a stop closes it without one, at once.
      charge_point: { state: 'none', silent_for: null, force_finish_in: 0 },
      // 3.250 kWh at the personal 20.00 som: 65.00 so far.
      running_cost: { amount: '65.00', discount: '0.00', total_cost: '65.00', meter_at: expect.any(String) },
    });
    const expected = Math.floor((Date.now() - Date.parse('2026-03-12T08:00:00Z')) / 1000);
    expect(Math.abs((row?.duration ?? 0) - expected)).toBeLessThan(60);
  });

  it.each([
    ['search_by_id', () => `search_by_id=${c3.id}`, () => [c3.id]],
    ['search_by_tx_id', () => `search_by_tx_id=${c2.ocppTransactionId}`, () => [c2.id]],
    ['search_by_user_id', () => `search_by_user_id=${u1.id}`, () => [c3.id, c1.id, c5.id]],
    ['one station', () => `station_id__in=${stationA.id}`, () => [c4.id, c1.id, c5.id]],
    [
      'stations, comma-separated',
      () => `station_id__in=${stationA.id},${stationB.id}`,
      () => [c4.id, c3.id, c2.id, c1.id, c5.id],
    ],
    ['stations, repeated', () => `station_id__in=${stationB.id}&station_id__in=${stationB.id}`, () => [c3.id, c2.id]],
    ['one status', () => 'status=in_progress', () => [c4.id]],
    ['several statuses', () => 'status=finished,stopped', () => [c2.id, c1.id, c5.id]],
    ['statuses, repeated', () => 'status=unauthorized&status=stopped', () => [c3.id, c2.id]],
    ['source', () => 'source=rfid', () => [c2.id]],
    ['source operator', () => 'source=operator', () => [c3.id]],
    ['one promotion', () => 'promotion_id__in=5', () => [c2.id]],
    ['promotions', () => 'promotion_id__in=5,6', () => [c2.id, c5.id]],
    ['payment method', () => 'payment_method=cash', () => [c2.id]],
    ['payment by balance', () => 'payment_method=personal_balance', () => [c4.id, c1.id]],
    ['platform iOS', () => 'platform=1', () => [c2.id]],
    ['platform Android', () => 'platform=2', () => [c4.id, c1.id, c5.id]],
    // c2 started on 03-05 in UTC, which is 03-06 in Bishkek: the period is in Bishkek days.
    ['period', () => 'period__from=2026-03-06&period__to=2026-03-10', () => [c3.id, c2.id]],
    ['period from only', () => 'period__from=2026-03-10', () => [c4.id, c3.id]],
    ['period to only', () => 'period__to=2026-03-05', () => [c1.id, c5.id]],
    ['finished date', () => 'finished_date__from=2026-03-06&finished_date__to=2026-03-06', () => [c2.id]],
    ['finished date to', () => 'finished_date__to=2026-03-01', () => [c1.id, c5.id]],
    ['finished time', () => 'finished_time__from=03:00&finished_time__to=04:00', () => [c2.id]],
    ['finished time from', () => 'finished_time__from=17:00', () => [c1.id, c5.id]],
    // HH:mm includes its whole minute: 11:05:00 is within "to 11:05".
    ['finished time to', () => 'finished_time__to=11:05', () => [c3.id, c2.id]],
    ['finished time with seconds', () => 'finished_time__from=11:05:01', () => [c1.id, c5.id]],
    // From after to is the night across midnight: 17:00 to 24:00 and 00:00 to 04:00 (issue 31).
    [
      'finished time across midnight',
      () => 'finished_time__from=17:00&finished_time__to=04:00',
      () => [c2.id, c1.id, c5.id],
    ],
    [
      'finished time across midnight, seconds',
      () => 'finished_time__from=19:00:01&finished_time__to=03:29:59',
      () => [],
    ],
    // Weekdays of the finish in Bishkek: c2 finished on Thursday 21:30 UTC, Friday 03:30 in Bishkek (issue 33).
    ['finished weekday', () => 'finished_weekday=5', () => [c2.id, c5.id]],
    ['finished weekday in Bishkek, not UTC', () => 'finished_weekday=4', () => []],
    ['finished weekdays as a list', () => 'finished_weekday=7,2', () => [c3.id, c1.id]],
    [
      'finished weekdays repeated',
      () => 'finished_weekday=2&finished_weekday=7&finished_weekday=2',
      () => [c3.id, c1.id],
    ],
    [
      'an empty filter is no filter',
      () => 'status=&station_id__in=&source=',
      () => [c4.id, c3.id, c2.id, c1.id, c5.id],
    ],
  ])('filters by %s', async (_name, query, expected) => {
    expect(await listIds(query())).toEqual(expected());
  });

  it('combines the filters', async () => {
    expect(
      await listIds(
        `station_id__in=${stationB.id}&status=stopped,unauthorized&period__from=2026-03-01&period__to=2026-03-31&source=rfid&platform=1&payment_method=cash&promotion_id__in=5&search_by_user_id=${u2.id}&finished_date__from=2026-03-06&finished_time__to=04:00`,
      ),
    ).toEqual([c2.id]);
    expect(
      await listIds(`station_id__in=${stationA.id}&status=finished&search_by_user_id=${u1.id}&period__from=2026-03-01`),
    ).toEqual([c1.id]);
    expect(await listIds(`station_id__in=${stationA.id}&source=rfid`)).toEqual([]);
  });

  it('pages newest first', async () => {
    const response = await get('/api/v1/users/transactions/?size=2&page=2');
    expect(response.json<TPaged<TCharge>>()).toMatchObject({ total: 5, page: 2, pages: 3, size: 2 });
    expect(response.json<TPaged<TCharge>>().items.map((item) => item.id)).toEqual([c2.id, c1.id]);
    const last = await get('/api/v1/users/transactions/?size=2&page=3');
    expect(last.json<TPaged<TCharge>>().items.map((item) => item.id)).toEqual([c5.id]);
    const beyond = await get('/api/v1/users/transactions/?size=2&page=9');
    expect(beyond.json<TPaged<TCharge>>()).toMatchObject({ total: 5, items: [] });
  });

  it.each([
    ['period__from=2026-13-45', 'period__from', 'Enter a valid date.'],
    ['period__from=yesterday', 'period__from', 'Enter a valid date.'],
    [
      'period__from=2026-03-10&period__to=2026-03-01',
      'period__to',
      'The end of the range cannot be earlier than its start',
    ],
    [
      'finished_date__from=2026-03-10&finished_date__to=2026-03-09',
      'finished_date__to',
      'The end of the range cannot be earlier than its start',
    ],
    ['finished_date__to=31.03.2026', 'finished_date__to', 'Enter a valid date.'],
    ['finished_time__from=25:00', 'finished_time__from', 'Enter a time as HH:mm:ss'],
    ['finished_weekday=8', 'finished_weekday', 'Enter weekdays as numbers from 1 (Monday) to 7 (Sunday)'],
    ['finished_weekday=0', 'finished_weekday', 'Enter weekdays as numbers from 1 (Monday) to 7 (Sunday)'],
    ['finished_weekday=1,mon', 'finished_weekday', 'Enter weekdays as numbers from 1 (Monday) to 7 (Sunday)'],
    ['finished_weekday=1.0', 'finished_weekday', 'Enter weekdays as numbers from 1 (Monday) to 7 (Sunday)'],
    ['status=done', 'status', 'Select a valid choice.'],
    ['status=finished,done', 'status', 'Select a valid choice.'],
    ['source=web', 'source', 'Select a valid choice.'],
    ['payment_method=bitcoin', 'payment_method', 'Select a valid choice.'],
    ['platform=3', 'platform', 'Select a valid choice.'],
    ['station_id__in=1,x', 'station_id__in', 'A valid integer is required.'],
    ['promotion_id__in=-4', 'promotion_id__in', 'Ensure this value is greater than or equal to 1.'],
    ['promotion_id__in=1,2147483648', 'promotion_id__in', 'Ensure this value is less than or equal to 2147483647.'],
    ['search_by_id=abc', 'search_by_id', 'A valid integer is required.'],
    ['search_by_tx_id=1.5', 'search_by_tx_id', 'A valid integer is required.'],
    ['search_by_user_id=99999999999', 'search_by_user_id', 'Ensure this value is less than or equal to 2147483647.'],
    ['search_by_id=0', 'search_by_id', 'Ensure this value is greater than or equal to 1.'],
    ['search_by_id=1e3', 'search_by_id', 'A valid integer is required.'],
  ])('answers 400 on the field of %s', async (query, field, message) => {
    for (const path of ['/api/v1/users/transactions/', '/api/v1/users/transactions/totals/']) {
      const response = await get(`${path}?${query}`, 'en');
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<Record<string, string[]>>();
      const key = Object.keys(body).find((name) => name === field || name.startsWith(`${field}.`));
      expect(key, response.body).toBeDefined();
      expect(body[key ?? '']).toContain(message);
    }
  });

  it('answers 401 without a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/users/transactions/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /users/transactions/totals/', () => {
  const totals = async (query = '') => {
    const response = await get(`/api/v1/users/transactions/totals/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TChargeTotals>();
  };

  it('sums the whole set: booked energy, turnover after discounts, and the discounts', async () => {
    // c1 10 kWh = 200.00; c2 4 kWh = 80.00 less 10% = 72.00; c5 2 kWh = 40.00, all of it discounted; c3 failed, c4
    // still running: both count, with nothing booked.
    expect(await totals()).toEqual({ count: 5, consumption_kwh: '16.000', turnover: '272.00', discount: '48.00' });
  });

  it('sums the filtered set with the list filters', async () => {
    expect(await totals(`station_id__in=${stationA.id}`)).toEqual({
      count: 3,
      consumption_kwh: '12.000',
      turnover: '200.00',
      discount: '40.00',
    });
    expect(await totals('period__from=2026-03-06&status=stopped,unauthorized')).toEqual({
      count: 2,
      consumption_kwh: '4.000',
      turnover: '72.00',
      discount: '8.00',
    });
    expect(await totals('source=rfid&platform=2')).toEqual({
      count: 0,
      consumption_kwh: '0.000',
      turnover: '0.00',
      discount: '0.00',
    });
  });

  it('matches the list it totals', async () => {
    const query = `search_by_user_id=${u1.id}`;
    const response = await get(`/api/v1/users/transactions/?${query}`);
    const items = response.json<TPaged<TCharge>>().items;
    const sum = (values: string[]) => values.reduce((total, value) => total + Math.round(Number(value) * 1000), 0);
    const result = await totals(query);
    expect(result.count).toBe(items.length);
    expect(Math.round(Number(result.turnover) * 1000)).toBe(sum(items.map((item) => item.total_cost)));
    expect(Math.round(Number(result.discount) * 1000)).toBe(sum(items.map((item) => item.discount)));
    expect(Math.round(Number(result.consumption_kwh) * 1000)).toBe(sum(items.map((item) => item.consumption_kwh)));
  });
});

describe('a time of day across midnight (issue 31)', () => {
  it('selects the night in the list, its totals and its csv alike', async () => {
    // c5 finished 19:00, c1 17:00, c2 03:30 (Bishkek); c3 at 11:05 is outside, c4 still runs.
    const query = 'finished_time__from=18:00&finished_time__to=09:00';
    expect(await listIds(query)).toEqual([c2.id, c5.id]);
    const totals = await get(`/api/v1/users/transactions/totals/?${query}`);
    expect(totals.statusCode, totals.body).toBe(200);
    // c2 4 kWh = 72.00 after 10 %, c5 2 kWh all discounted.
    expect(totals.json<TChargeTotals>()).toEqual({
      count: 2,
      consumption_kwh: '6.000',
      turnover: '72.00',
      discount: '48.00',
    });
    const csv = await get(`/api/v1/users/transactions/export/?format=csv&${query}`, 'en');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(
      parseCsv(csv.body)
        .slice(1)
        .map((row) => Number(row[0])),
    ).toEqual([c2.id, c5.id]);
  });

  it('documents the meaning of from after to on both time parameters', async () => {
    const document = (await get('/api/v1/openapi.json')).json<{
      paths: Record<string, { get?: { parameters?: { name: string; description?: string }[] } }>;
    }>();
    for (const path of [
      '/api/v1/users/transactions/',
      '/api/v1/users/transactions/totals/',
      '/api/v1/users/transactions/export/',
    ]) {
      for (const name of ['finished_time__from', 'finished_time__to']) {
        const parameter = document.paths[path]?.get?.parameters?.find((item) => item.name === name);
        expect(parameter?.description, `${path} ${name}`).toMatch(/midnight/);
      }
    }
  });
});

describe('the weekday of the finish (issue 33)', () => {
  it('selects the same charges in the list, its totals and its csv, and says so in ru and ky when wrong', async () => {
    // c2 finished Friday 03:30 and c5 Friday 19:00 in Bishkek.
    const query =
      'finished_weekday=5&status=finished,stopped&finished_date__from=2026-02-01&finished_date__to=2026-03-31';
    expect(await listIds(query)).toEqual([c2.id, c5.id]);
    const totals = await get(`/api/v1/users/transactions/totals/?${query}`);
    expect(totals.statusCode, totals.body).toBe(200);
    expect(totals.json<TChargeTotals>()).toEqual({
      count: 2,
      consumption_kwh: '6.000',
      turnover: '72.00',
      discount: '48.00',
    });
    // With a time of day the totals are read hour by hour: the weekday holds there too (c2's 03:30 only).
    const night = await get(
      `/api/v1/users/transactions/totals/?${query}&finished_time__from=03:00&finished_time__to=03:45`,
    );
    expect(night.json<TChargeTotals>()).toMatchObject({ count: 1, consumption_kwh: '4.000' });
    const csv = await get(`/api/v1/users/transactions/export/?format=csv&${query}`, 'en');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(
      parseCsv(csv.body)
        .slice(1)
        .map((row) => Number(row[0])),
    ).toEqual([c2.id, c5.id]);
    for (const [language, message] of [
      ['ru', 'Укажите дни недели числами от 1 (понедельник) до 7 (воскресенье)'],
      ['ky', 'Жуманын күндөрүн 1ден (дүйшөмбү) 7ге (жекшемби) чейинки сандар менен жазыңыз'],
    ] as const) {
      const export400 = await get('/api/v1/users/transactions/export/?format=csv&finished_weekday=9', language);
      expect(export400.statusCode).toBe(400);
      expect(export400.json()).toEqual({ finished_weekday: [message] });
    }
  });

  it('is documented on the list, its totals and its export', async () => {
    const document = (await get('/api/v1/openapi.json')).json<{
      paths: Record<string, { get?: { parameters?: { name: string; description?: string }[] } }>;
    }>();
    for (const path of [
      '/api/v1/users/transactions/',
      '/api/v1/users/transactions/totals/',
      '/api/v1/users/transactions/export/',
    ]) {
      const parameter = document.paths[path]?.get?.parameters?.find((item) => item.name === 'finished_weekday');
      expect(parameter?.description, path).toMatch(/1 \(Monday\) to 7 \(Sunday\)/);
    }
  });
});

describe('the charges around the list', () => {
  it('documents the routes, the totals path with its description', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, { description?: string }>> }>().paths;
    expect(paths['/api/v1/users/transactions/']?.get).toBeDefined();
    expect(paths['/api/v1/users/transactions/stop/']?.post).toBeDefined();
    expect(paths['/api/v1/users/transactions/totals/']?.get?.description).toContain(
      'It sits beside the list it totals',
    );
  });

  it('offers the stations picker of the filter searchable and paged (GET /stations/for-transaction/)', async () => {
    const found = await get('/api/v1/stations/for-transaction/?search=Ala-Too&size=1', 'en');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      items: [{ id: stationA.id, name: 'Ala-Too' }],
      total: 1,
    });
    const first = await get('/api/v1/stations/for-transaction/?size=1&page=1');
    const second = await get('/api/v1/stations/for-transaction/?size=1&page=2');
    expect(first.json()).toMatchObject({ total: 2, pages: 2, items: [{ id: stationA.id }] });
    expect(second.json()).toMatchObject({ total: 2, pages: 2, items: [{ id: stationB.id }] });
  });
});
