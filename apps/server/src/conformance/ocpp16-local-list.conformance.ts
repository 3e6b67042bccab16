import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceChargePoint } from './charge-point';
import { answerStatusTrigger, type Conformance, startConformance } from './conformance-context';

// OCPP 1.6J Local Auth List Management, the Central System's side of the Open Charge Alliance's test cases
// (docs/ocpp-conformance.md): after a boot the server asks the charge point's list version and sends the network's
// cards when it differs (Full), then each change of a card (Differential); what the charge point answers is kept as
// the station's list state.
let s: Conformance;

beforeAll(async () => {
  s = await startConformance();
});

afterAll(async () => {
  await s.close();
});

interface LocalListState {
  supported: boolean | null;
  version: number | null;
  network_version: number;
  in_sync: boolean;
}

const localListOf = async (stationId: number) =>
  (
    await s.context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${stationId}/local-list/`,
      headers: s.headers,
    })
  ).json<LocalListState>();

interface SentList {
  listVersion: number;
  updateType: string;
  localAuthorizationList?: { idTag: string; idTagInfo?: { status: string } }[];
}

/**
 * A charge point with a local list: it answers its version (-1 when it keeps none) and SendLocalList with `answer`,
 * taking the version of a list it accepts; booted with every connector Available.
 */
const bootWithList = async (version: number, answer: 'Accepted' | 'Failed' | 'NotSupported' = 'Accepted') => {
  const station = await s.station();
  const cp = await s.connect(station.identity);
  const list = { version };
  cp.answer('GetLocalListVersion', () => ({ listVersion: list.version }));
  cp.answer('SendLocalList', (payload) => {
    if (answer === 'Accepted') {
      list.version = Number(payload.listVersion);
    }
    return { status: answer };
  });
  answerStatusTrigger(cp, 1);
  await cp.call('BootNotification', {
    chargePointVendor: 'OCTT',
    chargePointModel: 'LocalList',
  });
  return { ...station, cp, list };
};

const sentLists = (cp: ConformanceChargePoint) => cp.receivedOf('SendLocalList') as unknown as SentList[];

describe('Local Auth List Management', () => {
  it('TC_042_1_CSMS Get Local List Version - Not Supported: -1 is kept as no list, and nothing is sent', async () => {
    const { id, cp } = await bootWithList(-1);
    await expect.poll(async () => (await localListOf(id)).supported, { timeout: 10_000 }).toBe(false);
    expect(sentLists(cp)).toEqual([]);
    expect((await s.command(id, 'GetLocalListVersion', {})).body).toEqual({
      status: 'accepted',
      response: { listVersion: -1 },
    });
  });

  it('TC_042_2_CSMS Get Local List Version - Empty / TC_043_4_CSMS Send Local Authorization List - Full', async () => {
    await s.driver('OCTT-LL-CARD-1', '100.00');
    const { id, cp, list } = await bootWithList(0);
    await expect.poll(() => sentLists(cp).length, { timeout: 10_000 }).toBe(1);
    const [full] = sentLists(cp);
    expect(full?.updateType).toBe('Full');
    expect(full?.localAuthorizationList).toContainEqual({
      idTag: 'OCTT-LL-CARD-1',
      idTagInfo: { status: 'Accepted' },
    });
    await expect.poll(async () => (await localListOf(id)).in_sync).toBe(true);
    const state = await localListOf(id);
    expect(state).toMatchObject({
      supported: true,
      version: full?.listVersion,
    });
    expect(list.version).toBe(state.network_version);
  });

  it('TC_043_5_CSMS Send Local Authorization List - Differential: a card added is sent alone, with the next version', async () => {
    const { id, cp } = await bootWithList(0);
    await expect.poll(async () => (await localListOf(id)).in_sync, { timeout: 10_000 }).toBe(true);
    const before = (await localListOf(id)).version ?? 0;
    await s.driver('OCTT-LL-CARD-2', '100.00');
    await expect
      .poll(() => sentLists(cp).filter((sent) => sent.updateType === 'Differential').length, { timeout: 10_000 })
      .toBe(1);
    const differential = sentLists(cp).find((sent) => sent.updateType === 'Differential');
    expect(differential?.localAuthorizationList).toEqual([
      { idTag: 'OCTT-LL-CARD-2', idTagInfo: { status: 'Accepted' } },
    ]);
    expect(differential?.listVersion).toBeGreaterThan(before);
    await expect.poll(async () => (await localListOf(id)).version).toBe(differential?.listVersion);
  });

  it('TC_043_1_CSMS Send Local Authorization List - NotSupported: kept as a charge point without a list', async () => {
    const { id, cp } = await bootWithList(0, 'NotSupported');
    await expect.poll(() => sentLists(cp).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await localListOf(id)).supported).toBe(false);
  });

  it('TC_043_3_CSMS Send Local Authorization List - Failed: its list is unknown, not in sync', async () => {
    const { id, cp } = await bootWithList(0, 'Failed');
    await expect.poll(() => sentLists(cp).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await localListOf(id)).version).toBeNull();
    expect(await localListOf(id)).toMatchObject({
      supported: true,
      in_sync: false,
    });
  });
});
