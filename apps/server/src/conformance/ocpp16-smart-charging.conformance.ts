import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stations } from '../modules/stations';
import type { ConformanceChargePoint } from './charge-point';
import { type Conformance, startConformance } from './conformance-context';

// OCPP 1.6J Smart Charging, the Central System's side of the Open Charge Alliance's test cases
// (docs/ocpp-conformance.md): the profiles the server sends for a station's power limit and a merchant site's limit
// shared by its running charges, the composite schedule and the clearing of profiles through the command call, each
// checked by the independent charge point against its own copy of the 1.6 schemas.
let s: Conformance;

beforeAll(async () => {
  s = await startConformance();
});

afterAll(async () => {
  await s.close();
});

const iso = () => new Date().toISOString();

interface Profile {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: string;
  chargingProfileKind: string;
  chargingSchedule: { chargingRateUnit: string; chargingSchedulePeriod: { startPeriod: number; limit: number }[] };
}

const api = async (method: 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) => {
  const response = await s.context.app.inject({
    method,
    url: `/api/v1/ocpp/${url}`,
    headers: s.headers,
    ...(payload ? { payload } : {}),
  });
  return { statusCode: response.statusCode, body: response.json<Record<string, unknown>>() };
};

/** Answers SetChargingProfile and ClearChargingProfile Accepted. */
const acceptProfiles = (cp: ConformanceChargePoint) => {
  cp.answer('SetChargingProfile', () => ({ status: 'Accepted' }));
  cp.answer('ClearChargingProfile', () => ({ status: 'Accepted' }));
};

const profilesOf = (cp: ConformanceChargePoint) =>
  cp.receivedOf('SetChargingProfile') as { connectorId: number; csChargingProfiles: Profile }[];

describe('Smart Charging', () => {
  it('TC_056_CSMS Central Smart Charging - TxDefaultProfile: a site limit sends its stations a TxDefaultProfile', async () => {
    const { id, cp } = await s.booted();
    acceptProfiles(cp);
    const set = await api('PUT', `merchants/${await merchantOf(id)}/power-limit/`, { limit_kw: 11 });
    expect(set.statusCode).toBe(200);
    const [sent] = profilesOf(cp);
    expect(sent?.connectorId).toBe(0);
    expect(sent?.csChargingProfiles).toMatchObject({
      chargingProfilePurpose: 'TxDefaultProfile',
      chargingProfileKind: 'Recurring',
      chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 0 }] },
    });
    const log = await s.commandLog(id);
    expect(log.find((entry) => entry.action === 'SetChargingProfile')).toMatchObject({ status: 'accepted' });
    // Sent again after the charge point's next boot.
    await cp.call('BootNotification', { chargePointVendor: 'OCTT', chargePointModel: 'Conformance' });
    await expect.poll(() => profilesOf(cp).length, { timeout: 5_000 }).toBe(2);
    await api('DELETE', `merchants/${await merchantOf(id)}/power-limit/`);
  });

  it('TC_057_CSMS Central Smart Charging - TxProfile: a charge at a limited site is sent its share as a TxProfile', async () => {
    const { id, cp } = await s.booted();
    acceptProfiles(cp);
    const merchantId = await merchantOf(id);
    expect((await api('PUT', `merchants/${merchantId}/power-limit/`, { limit_kw: 7 })).statusCode).toBe(200);
    await s.driver('OCTT-SMART-TX', '500.00');
    const started = await cp.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-SMART-TX',
      meterStart: 0,
      timestamp: iso(),
    });
    expect(started.idTagInfo.status).toBe('Accepted');
    await expect
      .poll(() => profilesOf(cp).find((call) => call.csChargingProfiles.chargingProfilePurpose === 'TxProfile'), {
        timeout: 5_000,
      })
      .toMatchObject({
        connectorId: 1,
        csChargingProfiles: {
          transactionId: started.transactionId,
          chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 7_000 }] },
        },
      });
    await expect
      .poll(async () => (await api('GET', `merchants/${merchantId}/power-limit/`)).body.shares, { timeout: 5_000 })
      .toMatchObject([{ station_id: id, connector_id: 1, share_w: 7_000 }]);
    await cp.call('StopTransaction', { transactionId: started.transactionId, meterStop: 1_000, timestamp: iso() });
    await expect
      .poll(async () => (await api('GET', `merchants/${merchantId}/power-limit/`)).body.shares, { timeout: 5_000 })
      .toEqual([]);
    await api('DELETE', `merchants/${merchantId}/power-limit/`);
  });

  it('TC_059_CSMS Remote Start Transaction with Charging Profile: at a limited site the remote start carries a TxProfile', async () => {
    const { id, cp } = await s.booted();
    acceptProfiles(cp);
    const merchantId = await merchantOf(id);
    expect((await api('PUT', `merchants/${merchantId}/power-limit/`, { limit_kw: 11 })).statusCode).toBe(200);
    await s.driver('OCTT-SMART-REMOTE', '500.00');
    cp.answer('RemoteStartTransaction', () => ({ status: 'Accepted' }));
    const started = await s.command(id, 'RemoteStartTransaction', { connectorId: 1, idTag: 'OCTT-SMART-REMOTE' });
    expect(started.body.status).toBe('accepted');
    const [asked] = cp.receivedOf('RemoteStartTransaction') as { chargingProfile?: Profile }[];
    expect(asked).toMatchObject({
      connectorId: 1,
      idTag: 'OCTT-SMART-REMOTE',
      chargingProfile: {
        chargingProfilePurpose: 'TxProfile',
        chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 0 }] },
      },
    });
    expect(asked?.chargingProfile?.transactionId).toBeUndefined();
    // The transaction it starts is then given its share under the same profile id.
    const transaction = await cp.call<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-SMART-REMOTE',
      meterStart: 0,
      timestamp: iso(),
    });
    await expect
      .poll(() => profilesOf(cp).find((call) => call.csChargingProfiles.chargingProfilePurpose === 'TxProfile'), {
        timeout: 5_000,
      })
      .toMatchObject({
        csChargingProfiles: {
          chargingProfileId: asked!.chargingProfile!.chargingProfileId,
          transactionId: transaction.transactionId,
          chargingSchedule: { chargingSchedulePeriod: [{ startPeriod: 0, limit: 11_000 }] },
        },
      });
    expect((await s.chargeOf(transaction.transactionId))?.source).toBe('operator');
    await cp.call('StopTransaction', { transactionId: transaction.transactionId, meterStop: 500, timestamp: iso() });
    await api('DELETE', `merchants/${merchantId}/power-limit/`);
  });

  it('TC_066_CSMS Get Composite Schedule: sent through the command call, the schedule answered and logged', async () => {
    const { id, cp } = await s.booted();
    const schedule = {
      status: 'Accepted',
      connectorId: 1,
      scheduleStart: iso(),
      chargingSchedule: {
        duration: 3600,
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [
          { startPeriod: 0, limit: 11_000 },
          { startPeriod: 1800, limit: 7_400 },
        ],
      },
    };
    cp.answer('GetCompositeSchedule', () => schedule);
    const asked = await s.command(id, 'GetCompositeSchedule', {
      connectorId: 1,
      duration: 3600,
      chargingRateUnit: 'W',
    });
    expect(asked).toEqual({ statusCode: 200, body: { status: 'accepted', response: schedule } });
    expect(cp.receivedOf('GetCompositeSchedule')).toEqual([{ connectorId: 1, duration: 3600, chargingRateUnit: 'W' }]);
    const [logged] = await s.commandLog(id);
    expect(logged).toMatchObject({ action: 'GetCompositeSchedule', status: 'accepted', response: schedule });
  });

  it('TC_067_CSMS Clear Charging Profile: the command call and a station limit removed send ClearChargingProfile', async () => {
    const { id, cp } = await s.booted();
    acceptProfiles(cp);
    expect((await api('PUT', `stations/${id}/power-limit/`, { limit_kw: 22 })).statusCode).toBe(200);
    const [max] = profilesOf(cp);
    expect(max).toMatchObject({
      connectorId: 0,
      csChargingProfiles: { chargingProfilePurpose: 'ChargePointMaxProfile' },
    });
    const removed = await api('DELETE', `stations/${id}/power-limit/`);
    expect(removed.body.commands).toMatchObject([{ action: 'ClearChargingProfile', status: 'accepted' }]);
    expect(cp.receivedOf('ClearChargingProfile')).toEqual([{ id: max!.csChargingProfiles.chargingProfileId }]);
    const cleared = await s.command(id, 'ClearChargingProfile', { chargingProfilePurpose: 'TxDefaultProfile' });
    expect(cleared.body).toEqual({ status: 'accepted', response: { status: 'Accepted' } });
    cp.answer('ClearChargingProfile', () => ({ status: 'Unknown' }));
    const unknown = await s.command(id, 'ClearChargingProfile', { id: 12345 });
    expect(unknown.body).toEqual({ status: 'rejected', response: { status: 'Unknown' } });
  });
});

/** The merchant of a station (every station of the suite belongs to its one merchant). */
const merchantOf = async (stationId: number) => {
  const [row] = await s.context.database.db
    .select({ merchantId: stations.merchantId })
    .from(stations)
    .where(eq(stations.id, stationId));
  return row!.merchantId;
};
