import type { TPermission } from '@zaryad/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
// eslint-disable-next-line zaryad/domain-boundaries -- a test role with chosen permissions: the accounts index exports no table
import { roles } from '../accounts/accounts.tables';
import { chargePointStatusHistory } from '../ocpp';

// Issue 35: GET /uptime/stations/{id}/ and GET /uptime/ (the report and its export) over a history written here: a
// station of two connectors in March 2026 (Bishkek days), another of the same merchant, one of another merchant.
let context: TestContext;
let headers: { authorization: string };
let merchantId: number;
let stationId: number;
let quietId: number;
let foreignId: number;
let roleSerial = 0;

const db = () => context.database.db;
const at = (time: string) => new Date(`${time}+06:00`);

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  merchantId = (await buildMerchant(db(), { name: 'Uptime Energy' })).id;
  stationId = (
    await buildStation(db(), {
      merchantId,
      nameRu: 'Аламедин',
      nameEn: 'Alamedin',
      nameKy: 'Аламүдүн',
      connectors: [{ evse_id: 1 }, { evse_id: 1, typo: 'ccs2' }],
    })
  ).id;
  quietId = (await buildStation(db(), { merchantId, nameRu: 'Тихая', nameEn: 'Quiet', nameKy: 'Тынч' })).id;
  foreignId = (await buildStation(db(), { merchantId: (await buildMerchant(db())).id })).id;
  const row = (stationOf: number, connectorId: number, kind: string, time: string, status: string | null = null) => ({
    stationId: stationOf,
    connectorId,
    kind,
    status,
    errorCode: status ? 'NoError' : null,
    at: at(time),
  });
  await db()
    .insert(chargePointStatusHistory)
    .values([
      // Connector 1: available from midnight, charging 06:00 to 12:00, faulted 12:00 to 18:00, available after.
      row(stationId, 0, 'connected', '2026-03-01T00:00:00'),
      row(stationId, 1, 'status', '2026-03-01T00:00:00', 'Available'),
      row(stationId, 1, 'status', '2026-03-01T06:00:00', 'Charging'),
      row(stationId, 1, 'status', '2026-03-01T12:00:00', 'Faulted'),
      row(stationId, 1, 'status', '2026-03-01T18:00:00', 'Available'),
      // Connector 2: available all along; the charge point offline on 2 March from 00:00 to 06:00.
      row(stationId, 2, 'status', '2026-03-01T00:00:00', 'Available'),
      row(stationId, 0, 'offline', '2026-03-02T00:00:00'),
      row(stationId, 0, 'connected', '2026-03-02T06:00:00'),
      row(foreignId, 0, 'connected', '2026-03-01T00:00:00'),
      row(foreignId, 1, 'status', '2026-03-01T00:00:00', 'Faulted'),
    ]);
});

afterAll(async () => {
  await context.close();
});

const accountWith = async (permissions: TPermission[]) => {
  roleSerial += 1;
  const key = `uptime-${roleSerial}`;
  await db().insert(roles).values({ key, name: `Uptime ${roleSerial}`, permissions });
  return (await signIn(context.app, await buildAccount(db(), { roleKey: key }))).headers;
};

const get = (url: string, language = 'en', as = headers) =>
  context.app.inject({ method: 'GET', url: `/api/v1/uptime/${url}`, headers: { ...as, 'accept-language': language } });

const HOUR = 3600;
const DAY = 24 * HOUR;
const zero = { available: 0, charging: 0, occupied: 0, faulted: 0, unavailable: 0, maintenance: 0, offline: 0, unknown: 0 };

describe('GET /uptime/stations/{id}/', () => {
  it('answers each connector and the station per day, the offline charge point overriding its connectors', async () => {
    const response = await get(`stations/${stationId}/?from=2026-03-01&to=2026-03-02`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.station).toEqual({ id: stationId, name: 'Alamedin' });
    expect(body.granularity).toBe('day');
    const [first, second] = body.connectors;
    expect(first.connector_id).toBe(1);
    expect(second.typo).toBe('ccs2');
    expect(first.periods[0]).toEqual({
      period: '2026-03-01',
      uptime_percent: 75,
      seconds: { ...zero, available: 12 * HOUR, charging: 6 * HOUR, faulted: 6 * HOUR },
    });
    expect(first.periods[1]).toEqual({
      period: '2026-03-02',
      uptime_percent: 75,
      seconds: { ...zero, available: 18 * HOUR, offline: 6 * HOUR },
    });
    expect(second.total).toEqual({ uptime_percent: 87.5, seconds: { ...zero, available: 42 * HOUR, offline: 6 * HOUR } });
    expect(body.total).toEqual({
      uptime_percent: 81.25,
      seconds: { ...zero, available: 72 * HOUR, charging: 6 * HOUR, faulted: 6 * HOUR, offline: 12 * HOUR },
    });
    expect(body.periods.map((period: { period: string }) => period.period)).toEqual(['2026-03-01', '2026-03-02']);
  });

  it('sums by month, counting the time before the history as unknown, left out of the uptime', async () => {
    const body = (await get(`stations/${stationId}/?from=2026-02-27&to=2026-03-31&granularity=month`, 'ru')).json();
    expect(body.station.name).toBe('Аламедин');
    expect(body.periods.map((period: { period: string }) => period.period)).toEqual(['2026-02', '2026-03']);
    expect(body.periods[0]).toEqual({ period: '2026-02', uptime_percent: null, seconds: { ...zero, unknown: 2 * 2 * DAY } });
    const march = body.periods[1].seconds;
    expect(march.available + march.charging + march.faulted + march.offline).toBe(2 * 31 * DAY);
    expect(march.offline).toBe(12 * HOUR);
  });

  it('answers 404 for an unknown station and translated 400s for a bad period or granularity', async () => {
    expect((await get('stations/999999/?from=2026-03-01&to=2026-03-02', 'ru')).json()).toEqual({
      detail: expect.any(String),
    });
    expect((await get('stations/999999/?from=2026-03-01&to=2026-03-02')).statusCode).toBe(404);
    const reversed = await get(`stations/${stationId}/?from=2026-03-02&to=2026-03-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ to: ['The end date cannot be earlier than the start date'] });
    expect((await get(`stations/${stationId}/?from=2026-03-01&to=2026-03-02&granularity=week`, 'ky')).json()).toEqual({
      granularity: ['Күндү же айды тандаңыз'],
    });
    expect((await get(`stations/${stationId}/?from=2999-01-01&to=2999-01-02`, 'ru')).json()).toEqual({
      from: ['Период не может начинаться в будущем'],
    });
    expect((await get(`stations/${stationId}/?to=2026-03-02`, 'en')).json()).toEqual({ from: ['This field is required.'] });
  });

  it('needs stations.view', async () => {
    const without = await accountWith(['merchants.view']);
    expect((await get(`stations/${stationId}/?from=2026-03-01&to=2026-03-02`, 'en', without)).statusCode).toBe(403);
    const viewer = await accountWith(['stations.view']);
    expect((await get(`stations/${stationId}/?from=2026-03-01&to=2026-03-02`, 'en', viewer)).statusCode).toBe(200);
  });
});

describe('GET /uptime/', () => {
  it("answers a merchant's stations with their total", async () => {
    const response = await get(`?merchant_id=${merchantId}&from=2026-03-01&to=2026-03-02`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.merchant).toEqual({ id: merchantId, name: 'Uptime Energy' });
    expect(body.rows.map((row: { station_id: number }) => row.station_id)).toEqual([stationId, quietId]);
    expect(body.rows[0]).toMatchObject({ station_name: 'Alamedin', connectors: 2, uptime_percent: 81.25 });
    expect(body.rows[1]).toMatchObject({ connectors: 1, uptime_percent: null, seconds: { ...zero, unknown: 2 * DAY } });
    expect(body.total.uptime_percent).toBe(81.25);
    expect(body.total.seconds.unknown).toBe(2 * DAY);
  });

  it('answers the network without a merchant, and 404 for an unknown merchant', async () => {
    const body = (await get('?from=2026-03-01&to=2026-03-02')).json();
    expect(body.merchant).toBeNull();
    expect(body.rows.map((row: { station_id: number }) => row.station_id)).toEqual(
      expect.arrayContaining([stationId, quietId, foreignId]),
    );
    expect(body.total.seconds.faulted).toBeGreaterThanOrEqual(6 * HOUR + 2 * DAY);
    const missing = await get('?merchant_id=999999&from=2026-03-01&to=2026-03-02', 'ru');
    expect(missing.statusCode).toBe(404);
  });

  it('downloads a CSV and an XLSX in the request language, with merchants.export', async () => {
    const csv = await get(`?merchant_id=${merchantId}&from=2026-03-01&to=2026-03-02&format=csv`, 'ru');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('filename="uptime_Uptime Energy_2026-03-01_2026-03-02.csv"');
    const lines = csv.body.split('\n');
    expect(lines[0]).toBe(
      '\ufeffID станции,Станция,Мерчант,Коннекторы,"Время работы, %","Свободен, ч","Заряжает, ч","Занят, ч","Неисправен, ч","Недоступен, ч","Обслуживание, ч","Не в сети, ч","Нет данных, ч"',
    );
    expect(lines[1]).toBe(`${stationId},Аламедин,Uptime Energy,2,81.25,72.00,6.00,0.00,6.00,0.00,0.00,12.00,0.00`);
    expect(lines[3]).toBe(',Итого,Uptime Energy,3,81.25,72.00,6.00,0.00,6.00,0.00,0.00,12.00,48.00');
    const xlsx = await get(`?merchant_id=${merchantId}&from=2026-03-01&to=2026-03-02&format=xlsx`, 'ky');
    const workbook = new ExcelJS.Workbook();
    const bytes = xlsx.rawPayload;
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Иштөө убактысы');
    expect(sheet?.getRow(2).values).toEqual([undefined, stationId, 'Аламүдүн', 'Uptime Energy', 2, 81.25, 72, 6, 0, 6, 0, 0, 12, 0]);
    const viewer = await accountWith(['merchants.view']);
    expect((await get(`?from=2026-03-01&to=2026-03-02`, 'en', viewer)).statusCode).toBe(200);
    expect((await get(`?from=2026-03-01&to=2026-03-02&format=csv`, 'en', viewer)).statusCode).toBe(403);
  });
});
