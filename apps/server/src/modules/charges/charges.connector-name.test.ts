import type { TCharge, TPaged } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge } from '../../test/charge-builders';
import { parseCsv } from '../../test/csv';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';

// A charge keeps its connector's name as it was at the start (`Type 2 · 7.4 kW`); the list and the export write the
// power in the request's language (issue 33, item 5): `кВт` with a decimal comma in ru and ky, `kW` in en.
let context: TestContext;
let headers: { authorization: string };
let stationId: number;

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  const merchant = await buildMerchant(db());
  stationId = (
    await buildStation(db(), {
      merchantId: merchant.id,
      connectors: [
        { evse_id: 1, typo: 'type2', power_kWh: 7.4, custom_fee: '12.00' },
        { evse_id: 1, typo: 'ccs2', power_kWh: 60, custom_fee: '18.00' },
      ],
    })
  ).id;
  await buildCharge(db(), {
    userId: null,
    stationId,
    connectorOcppId: 1,
    finish: { status: 'finished', meterStopWh: 1_000 },
  });
  await buildCharge(db(), {
    userId: null,
    stationId,
    connectorOcppId: 2,
    finish: { status: 'finished', meterStopWh: 2_000 },
  });
});

afterAll(async () => {
  await context.close();
});

const get = (url: string, language: string) =>
  context.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': language } });

const listed = async (language: string) => {
  const response = await get(`/api/v1/users/transactions/?station=${stationId}`, language);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<TPaged<TCharge>>()
    .items.map((charge) => charge.connector.name)
    .sort();
};

describe('a charge names its connector in the request language', () => {
  it.each([
    ['ru', ['CCS2 · 60 кВт', 'Type 2 (Mennekes) · 7,4 кВт']],
    ['ky', ['CCS2 · 60 кВт', 'Type 2 (Mennekes) · 7,4 кВт']],
    ['en', ['CCS2 · 60 kW', 'Type 2 (Mennekes) · 7.4 kW']],
  ])('in the list (%s)', async (language, names) => {
    expect(await listed(language)).toEqual(names);
  });

  it.each([
    ['ru', 'Коннектор', ['CCS2 · 60 кВт', 'Type 2 (Mennekes) · 7,4 кВт']],
    ['en', 'Connector', ['CCS2 · 60 kW', 'Type 2 (Mennekes) · 7.4 kW']],
  ])('in the export (%s)', async (language, title, names) => {
    const response = await get(`/api/v1/users/transactions/export/?format=csv&station=${stationId}`, language);
    expect(response.statusCode, response.body).toBe(200);
    const [header = [], ...rows] = parseCsv(response.body);
    const column = header.indexOf(title);
    expect(column).toBeGreaterThanOrEqual(0);
    expect(rows.map((row) => row[column]).sort()).toEqual(names);
  });
});
