import type { TCharge, TPaged } from '@zaryad/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBishkekDateTime } from '../../platform/bishkek-time';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { parseCsv } from '../../test/csv';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';

// GET /users/transactions/export/: parsed back and compared with the list the same filters answer.
let context: TestContext;
let headers: { authorization: string };
let stationA: number;
let stationB: number;

const db = () => context.database.db;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  const merchant = await buildMerchant(db());
  stationA = (
    await buildStation(db(), {
      merchantId: merchant.id,
      nameEn: 'Ala-Too, north',
      connectors: [{ evse_id: 1, custom_fee: '20.00' }],
    })
  ).id;
  stationB = (await buildStation(db(), { merchantId: merchant.id, connectors: [{ evse_id: 1, custom_fee: '12.35' }] }))
    .id;
  const quoted = await buildUser(db(), { name: 'Асан "Ак" Усенов, мл.' });
  const plain = await buildUser(db(), { name: '=cmd|calc' });
  await buildEntry(db(), quoted.id, { credit: '100.00' });
  await buildCharge(db(), {
    userId: quoted.id,
    stationId: stationA,
    startedAt: at('2026-03-01T10:00:00Z'),
    finish: { status: 'finished', meterStopWh: 12_345, finishedAt: at('2026-03-01T11:01:05Z') },
  });
  await buildCharge(db(), {
    userId: plain.id,
    stationId: stationB,
    source: 'rfid',
    paymentMethod: 'cash',
    platform: 1,
    promotion: { id: 3, percent: 15, fixedTyiyn: 0n },
    startedAt: at('2026-03-05T20:00:00Z'),
    finish: { status: 'stopped', meterStopWh: 1_001, finishedAt: at('2026-03-05T21:30:00Z') },
  });
  await buildCharge(db(), {
    userId: null,
    stationId: stationB,
    source: 'operator',
    paymentMethod: 'other_card',
    platform: null,
    appVersion: '',
    startedAt: at('2026-03-10T05:00:00Z'),
    finish: { status: 'unauthorized', meterStopWh: 500, finishedAt: at('2026-03-10T05:05:00Z') },
  });
  await buildCharge(db(), {
    userId: plain.id,
    stationId: stationA,
    startedAt: at('2026-03-12T08:00:00Z'),
    meterWh: 750,
  });
});

afterAll(async () => {
  await context.close();
});

const get = (url: string, language = 'en') =>
  context.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': language } });

const HEADERS_EN = [
  'No.',
  'Transaction ID',
  'User',
  'Station',
  'Connector',
  'App version',
  'Platform',
  'Source',
  'Start',
  'Finish',
  'Duration',
  'Consumption, kWh',
  'Tariff, som/kWh',
  'Energy, som',
  'Charging time, som',
  'Idle time, som',
  'Session fee, som',
  'Discount, som',
  'Total cost, som',
  'Payment method',
  'Status',
  'Transaction status',
];

/** `1:05:09`: hours, minutes and seconds of a duration. */
const formatDuration = (seconds: number) =>
  `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

const WORDS_EN: Record<string, string> = {
  app: 'App',
  rfid: 'RFID card',
  operator: 'Operator',
  cash: 'Cash',
  other_card: 'Other card',
  personal_balance: 'Personal balance',
  finished: 'Finished',
  stopped: 'Stopped',
  unauthorized: 'Unauthorized',
  in_progress: 'In progress',
  successful: 'Successful',
  failed: 'Failed',
};

/** What the csv must say of a row of the list. Text starting with = is defused with a quote, as every csv cell. */
const expectedCells = (charge: TCharge) => [
  String(charge.number),
  String(charge.ocpp_transaction_id),
  charge.user ? charge.user.name.replace(/^=/, "'=") : '',
  charge.station.name,
  charge.connector.name,
  charge.app_version,
  charge.platform === 1 ? 'iOS' : charge.platform === 2 ? 'Android' : '',
  WORDS_EN[charge.source],
  formatBishkekDateTime(new Date(charge.started_at)),
  charge.finished_at ? formatBishkekDateTime(new Date(charge.finished_at)) : '',
  formatDuration(charge.duration),
  charge.consumption_kwh,
  charge.tariff.price_per_kwh,
  charge.cost_breakdown?.energy ?? '',
  charge.cost_breakdown?.time ?? '',
  charge.cost_breakdown?.idle ?? '',
  charge.cost_breakdown?.session ?? '',
  charge.discount,
  charge.total_cost,
  WORDS_EN[charge.payment_method],
  WORDS_EN[charge.status],
  charge.transaction_status ? WORDS_EN[charge.transaction_status] : '',
];

const listOf = async (query: string) => {
  const response = await get(`/api/v1/users/transactions/?size=1000&${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<TPaged<TCharge>>().items;
};

describe('GET /users/transactions/export/', () => {
  it('writes the list as csv: same rows, same order, same values, headers in the language', async () => {
    const filter = 'status=finished,stopped,unauthorized';
    const response = await get(`/api/v1/users/transactions/export/?format=csv&${filter}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="charges_\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(HEADERS_EN);
    const list = await listOf(filter);
    expect(list).toHaveLength(3);
    expect(rows).toEqual(list.map(expectedCells));
    // Spot checks of what the comparison rests on: 12.345 kWh at 20.00 = 246.90 som; a name with quotes and a comma.
    expect(rows[2]).toEqual(
      expect.arrayContaining(['Асан "Ак" Усенов, мл.', 'Ala-Too, north', '1:01:05', '12.345', '20.00', '246.90']),
    );
  });

  it('takes the list filters: the same charges as the list, a running one with its consumption so far', async () => {
    for (const filter of [
      `station_id__in=${stationA}`,
      `station_id__in=${stationB}&source=rfid`,
      'period__from=2026-03-06',
      'finished_date__to=2026-03-06&payment_method=cash',
      '',
    ]) {
      const response = await get(`/api/v1/users/transactions/export/?format=csv&${filter}`);
      const rows = parseCsv(response.body).slice(1);
      const list = await listOf(filter);
      expect(
        rows.map((row) => Number(row[0])),
        filter,
      ).toEqual(list.map((charge) => charge.id));
    }
    const running = parseCsv((await get('/api/v1/users/transactions/export/?format=csv&status=in_progress')).body);
    expect(running).toHaveLength(2);
    // A running charge has no breakdown yet: its four cells are empty.
    expect(running[1]?.slice(11, 19)).toEqual(['0.750', '20.00', '', '', '', '', '0.00', '0.00']);
    expect(running[1]?.[9]).toBe('');
  });

  it('writes xlsx with the headers in Kyrgyz and money and energy as numbers', async () => {
    const response = await get('/api/v1/users/transactions/export/?format=xlsx&source=rfid', 'ky');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Кубаттоолор');
    expect(sheet?.rowCount).toBe(2);
    const header = sheet?.getRow(1).values as unknown[];
    expect(header.slice(1, 4)).toEqual(['№', 'Транзакциянын ID', 'Колдонуучу']);
    expect(header[22]).toBe('Транзакциянын абалы');
    const [charge] = await listOf('source=rfid');
    const row = sheet?.getRow(2);
    expect(row?.getCell(1).value).toBe(charge?.id);
    // 1.001 kWh at 12.35 = 12.36, 15% off = 1.85 discount, 10.51 to pay.
    expect(row?.getCell(12).value).toBe(1.001);
    expect(row?.getCell(13).value).toBe(12.35);
    // The breakdown: all of it energy.
    expect(row?.getCell(14).value).toBe(12.36);
    expect(row?.getCell(15).value).toBe(0);
    expect(row?.getCell(18).value).toBe(1.85);
    expect(row?.getCell(19).value).toBe(10.51);
    expect(row?.getCell(19).numFmt).toBe('0.00');
    expect(row?.getCell(7).value).toBe('iOS');
    expect(row?.getCell(8).value).toBe('RFID-карта');
    expect(row?.getCell(20).value).toBe('Накталай');
    expect(row?.getCell(21).value).toBe('Токтотулду');
    expect(row?.getCell(22).value).toBe('Ийгиликтүү');
  });

  it('writes the headers in Russian by default', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/users/transactions/export/?format=csv',
      headers,
    });
    const [header] = parseCsv(response.body);
    expect(header?.slice(0, 4)).toEqual(['№', 'ID транзакции', 'Пользователь', 'Станция']);
  });

  it.each([
    ['format=pdf', 'format'],
    ['', 'format'],
    ['format=csv&period__from=2026-02-30', 'period__from'],
    ['format=csv&status=lost', 'status'],
  ])('answers 400 on the field of %s', async (query, field) => {
    const response = await get(`/api/v1/users/transactions/export/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<Record<string, string[]>>()).some((key) => key.startsWith(field))).toBe(true);
  });

  it('answers 403 to a role without charges.export', async () => {
    const operator = await signIn(context.app, await buildAccount(db(), { roleKey: 'operator' }));
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v1/users/transactions/export/?format=csv',
      headers: operator.headers,
    });
    expect(response.statusCode).toBe(403);
  });
});
