import type { TStation } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let headers: Record<string, string>;
let merchantId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = { ...(await signIn(ctx.app, await buildAccount(ctx.database.db))).headers, 'accept-language': 'en' };
  merchantId = (await buildMerchant(ctx.database.db)).id;
});
afterAll(async () => {
  await ctx.close();
});

const get = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${id}/`, headers })).json<TStation>();
const change = (id: number, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/stations/update/${id}/connectors/`, headers, payload });
/** [module evse_id, [connector id, evse_id, connector_id, ocpp_16_id, position]] */
const numbering = (station: TStation) =>
  station.evses.map((module) => [
    module.evse_id,
    module.connectors.map((c) => [c.id, c.evse_id, c.connector_id, c.ocpp_16_id, c.position]),
  ]);
const twoModules = () =>
  buildStation(ctx.database.db, {
    merchantId,
    connectors: [
      { evse_id: 1, typo: 'ccs2', position: 1 },
      { evse_id: 1, typo: 'chademo', position: 2 },
      { evse_id: 2, typo: 'type2', position: 3 },
      { evse_id: 2, typo: 'gbt_dc', position: 4 },
    ],
  });

describe('PATCH /stations/update/{id}/connectors/', () => {
  it('removes a module and renumbers the rest from 1, keeping connector ids', async () => {
    const station = await twoModules();
    const before = await get(station.id);
    const first = before.evses[0]?.connectors ?? [];
    const response = await change(station.id, { connectors: [], deleted_conns_ids: first.map((c) => c.id) });
    expect(response.statusCode).toBe(200);
    const [third, fourth] = before.evses[1]?.connectors ?? [];
    expect(numbering(response.json<TStation>())).toEqual([
      [
        1,
        [
          [third?.id, 1, 1, 1, 3],
          [fourth?.id, 1, 2, 2, 4],
        ],
      ],
    ]);
  });

  it('edits connectors with an id, creates those without, and renumbers connector and ocpp ids', async () => {
    const station = await twoModules();
    const before = await get(station.id);
    const [a, b] = before.evses[0]?.connectors ?? [];
    const response = await change(station.id, {
      connectors: [
        {
          id: b?.id,
          evse_id: 1,
          connector_id: 2,
          ocpp_16_id: 2,
          typo: 'ccs2',
          position: 6,
          power_kWh: 120,
          cable_length: 4,
          custom_fee: '20',
        },
        { evse_id: 3, connector_id: 1, ocpp_16_id: 5, typo: 'type2', position: 5, power_kWh: 7.4, cable_length: null },
      ],
      deleted_conns_ids: [a?.id],
    });
    expect(response.statusCode).toBe(200);
    const after = response.json<TStation>();
    expect(
      after.evses.map((module) => [
        module.evse_id,
        module.connectors.map((c) => [c.evse_id, c.connector_id, c.ocpp_16_id, c.typo, c.position]),
      ]),
    ).toEqual([
      [1, [[1, 1, 1, 'ccs2', 6]]],
      [
        2,
        [
          [2, 1, 2, 'type2', 3],
          [2, 2, 3, 'gbt_dc', 4],
        ],
      ],
      [3, [[3, 1, 4, 'type2', 5]]],
    ]);
    expect(after.evses[0]?.connectors[0]).toMatchObject({
      id: b?.id,
      power_kWh: 120,
      cable_length: 4,
      custom_fee: '20.00',
      typo_name: 'CCS2',
    });
  });

  it('refuses positions already used across the station and changes nothing', async () => {
    const station = await twoModules();
    const before = await get(station.id);
    const response = await change(station.id, {
      connectors: [{ evse_id: 2, connector_id: 3, ocpp_16_id: 5, typo: 'type2', position: 4 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'connectors.0.position': ['Connector positions must be unique'] });
    const inRequest = await change(station.id, {
      connectors: [
        { evse_id: 3, connector_id: 1, ocpp_16_id: 5, typo: 'type2', position: 7 },
        { evse_id: 3, connector_id: 2, ocpp_16_id: 6, typo: 'type2', position: 7 },
      ],
    });
    expect(inRequest.json()).toEqual({ 'connectors.1.position': ['Connector positions must be unique'] });
    expect(await get(station.id)).toEqual(before);
  });

  it('keeps at least one connector and refuses ids of other stations and unknown types', async () => {
    const station = await twoModules();
    const other = await get((await twoModules()).id);
    const before = await get(station.id);
    const all = before.evses.flatMap((module) => module.connectors.map((c) => c.id));
    expect((await change(station.id, { deleted_conns_ids: all })).json()).toEqual({
      connectors: ['Add at least one connector'],
    });
    const foreign = other.evses[0]?.connectors[0]?.id;
    expect((await change(station.id, { deleted_conns_ids: [foreign] })).json()).toEqual({
      deleted_conns_ids: ['Select a valid choice.'],
    });
    expect(
      (
        await change(station.id, {
          connectors: [{ id: foreign, evse_id: 1, connector_id: 1, ocpp_16_id: 1, typo: 'ccs2', position: 8 }],
        })
      ).json(),
    ).toEqual({ 'connectors.0.id': ['Select a valid choice.'] });
    expect(
      (
        await change(station.id, {
          connectors: [{ evse_id: 1, connector_id: 3, ocpp_16_id: 5, typo: 'warp', position: 8 }],
        })
      ).json(),
    ).toEqual({ 'connectors.0.typo': ['Unknown connector type'] });
    expect(
      (
        await change(station.id, {
          connectors: [{ evse_id: 1, connector_id: 3, ocpp_16_id: 5, typo: 'ccs2', position: 8, cable_length: 2.5 }],
        })
      ).json(),
    ).toEqual({ 'connectors.0.cable_length': ['Cable length must be a positive integer'] });
    expect(await get(station.id)).toEqual(before);
    expect((await change(999_999, { connectors: [] })).statusCode).toBe(404);
  });
});
