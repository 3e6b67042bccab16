import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { stationDailyTotals } from '../stations';

let ctx: TestContext;
let headers: { authorization: string };
let merchantId: number;
let stationIds: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db))).headers;
  const merchant = await buildMerchant(ctx.database.db, { name: 'ОсОО «Газпром нефть Азия»' });
  merchantId = merchant.id;
  const first = await buildStation(ctx.database.db, { merchantId, nameRu: 'АЗС №1 Южная магистраль', nameEn: 'Station 1', nameKy: '' });
  const second = await buildStation(ctx.database.db, { merchantId, nameRu: '=HYPERLINK("x")', nameEn: '=HYPERLINK("x")', isActive: false });
  const idle = await buildStation(ctx.database.db, { merchantId, nameRu: 'Без зарядок', nameEn: 'Idle' });
  stationIds = [first.id, second.id, idle.id];
  const other = await buildMerchant(ctx.database.db);
  const foreign = await buildStation(ctx.database.db, { merchantId: other.id });
  await ctx.database.db.insert(stationDailyTotals).values([
    { stationId: first.id, day: '2026-03-01', charges: 10, energyKwh: '120.500', turnover: '1687.00' },
    { stationId: first.id, day: '2026-03-31', charges: 5, energyKwh: '60.250', turnover: '843.50' },
    { stationId: first.id, day: '2026-04-01', charges: 99, energyKwh: '999.000', turnover: '9999.00' },
    { stationId: second.id, day: '2026-03-15', charges: 1, energyKwh: '0.125', turnover: '0.01' },
    { stationId: foreign.id, day: '2026-03-15', charges: 50, energyKwh: '500.000', turnover: '7000.00' },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const report = (query: string, language = 'ru', id = merchantId) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/merchants/${id}/report/?${query}`,
    headers: { ...headers, 'accept-language': language },
  });
const MARCH = 'period__from=2026-03-01&period__to=2026-03-31';

describe('GET /merchants/{id}/report/', () => {
  it('sums each station over the period, both days included, with zero rows for idle stations', async () => {
    const response = await report(MARCH);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      merchant: { id: merchantId, name: 'ОсОО «Газпром нефть Азия»' },
      period__from: '2026-03-01',
      period__to: '2026-03-31',
      rows: [
        { station_id: stationIds[0], station_name: 'АЗС №1 Южная магистраль', charges: 15, energy_kwh: '180.750', turnover: '2530.50' },
        { station_id: stationIds[1], station_name: '=HYPERLINK("x")', charges: 1, energy_kwh: '0.125', turnover: '0.01' },
        { station_id: stationIds[2], station_name: 'Без зарядок', charges: 0, energy_kwh: '0.000', turnover: '0.00' },
      ],
      totals: { charges: 16, energy_kwh: '180.875', turnover: '2530.51' },
    });
  });

  it('names stations in the request language, falling back to Russian', async () => {
    const english = (await report(MARCH, 'en')).json();
    expect(english.rows.map((row: { station_name: string }) => row.station_name)).toEqual(['Station 1', '=HYPERLINK("x")', 'Idle']);
    const kyrgyz = (await report(MARCH, 'ky')).json();
    expect(kyrgyz.rows[0].station_name).toBe('АЗС №1 Южная магистраль');
  });

  it('answers zero totals for a period without data', async () => {
    const response = await report('period__from=2025-01-01&period__to=2025-01-01');
    expect(response.json().totals).toEqual({ charges: 0, energy_kwh: '0.000', turnover: '0.00' });
  });

  it('downloads a CSV with a BOM, translated headers, a totals line and defused formulas', async () => {
    const response = await report(`${MARCH}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="merchant-${merchantId}_2026-03-01_2026-03-31.csv"; filename*=UTF-8''${encodeURIComponent('ОсОО Газпром нефть Азия_2026-03-01_2026-03-31.csv')}`,
    );
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('\ufeffID станции,Станция,Зарядки,"Энергия, кВт·ч","Оборот, сом"');
    expect(lines[1]).toBe(`${stationIds[0]},АЗС №1 Южная магистраль,15,180.750,2530.50`);
    expect(lines[2]).toBe(`${stationIds[1]},"'=HYPERLINK(""x"")",1,0.125,0.01`);
    expect(lines[4]).toBe(',Итого,16,180.875,2530.51');
  });

  it('downloads an XLSX workbook with the same table', async () => {
    const response = await report(`${MARCH}&format=xlsx`, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".*_2026-03-01_2026-03-31\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    const bytes = response.rawPayload;
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Report');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Station ID', 'Station', 'Charges', 'Energy, kWh', 'Turnover, som']);
    expect(sheet?.getRow(2).values).toEqual([undefined, stationIds[0], 'Station 1', 15, 180.75, 2530.5]);
    expect(sheet?.getRow(5).values).toEqual([undefined, undefined, 'Total', 16, 180.875, 2530.51]);
  });

  it('refuses missing, malformed, reversed and over-long periods and unknown formats, translated', async () => {
    expect((await report('')).json()).toEqual({ period__from: ['Обязательное поле.'], period__to: ['Обязательное поле.'] });
    expect((await report('period__from=2026-02-30&period__to=2026-03-01')).json()).toEqual({
      period__from: ['Введите корректную дату.'],
    });
    expect((await report('period__from=2026-03-02&period__to=2026-03-01', 'en')).json()).toEqual({
      period__to: ['The end date cannot be earlier than the start date'],
    });
    expect((await report('period__from=2025-01-01&period__to=2026-01-02', 'ky')).json()).toEqual({
      period__to: ['Отчёттун мезгили 366 күндөн ашпашы керек'],
    });
    const badFormat = await report(`${MARCH}&format=pdf`);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toEqual({ format: ['Выберите корректный вариант.'] });
  });
});

describe('station counts', () => {
  it('counts all, active and inactive stations of each merchant in the list, the row and the merchant', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/merchants/${merchantId}/`, headers });
    expect(response.json()).toMatchObject({ stations_count: 3, active_stations_count: 2, inactive_stations_count: 1 });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/merchants/?size=50', headers });
    const row = list.json().items.find((item: { id: number }) => item.id === merchantId);
    expect(row).toMatchObject({ stations_count: 3, active_stations_count: 2, inactive_stations_count: 1 });
  });
});
