import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargePoints } from '../modules/ocpp';
import type { ConformanceChargePoint } from './charge-point';
import { type Conformance, energyReading, startConformance } from './conformance-context';

// OCPP 1.6J commands from the Central System (Core and Remote Trigger), as the Open Charge Alliance's Central System
// test cases send them (docs/ocpp-conformance.md): the dashboard's calls send them, the suite's charge point answers as
// the case's charge point does (its library checks each command against the 1.6 schemas), and the command log and the
// charges show the outcome.
let s: Conformance;

beforeAll(async () => {
  s = await startConformance();
});

afterAll(async () => {
  await s.close();
});

const iso = () => new Date().toISOString();

const stopCharge = (chargeId: number) =>
  s.context.app.inject({
    method: 'POST',
    url: '/api/v1/users/transactions/stop/',
    headers: s.headers,
    payload: { transaction_id: chargeId },
  });

const reset = (identity: string, resetType: 'Hard' | 'Soft') =>
  s.context.app.inject({
    method: 'POST',
    url: `/api/v1/stations/reset/${identity}/`,
    headers: { ...s.headers, 'accept-language': 'en' },
    payload: { reset_type: resetType },
  });

/** A running session on connector 1 for a driver with 500 som: its transaction id and charge id. */
const runningSession = async (cp: ConformanceChargePoint, idTag: string) => {
  await s.driver(idTag, '500.00');
  const { transactionId } = await cp.call<{ transactionId: number }>('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 0,
    timestamp: iso(),
  });
  await cp.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
  const charge = await s.chargeOf(transactionId);
  return { transactionId, chargeId: charge!.id };
};

describe('Core: remote start', () => {
  /** The charge point's side of a remote start: Authorize, StartTransaction, Charging; answers the transaction id. */
  const startAsAsked = async (cp: ConformanceChargePoint, idTag: string) => {
    expect((await cp.call<{ idTagInfo: { status: string } }>('Authorize', { idTag })).idTagInfo.status).toBe(
      'Accepted',
    );
    const started = await cp.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 0,
      timestamp: iso(),
    });
    expect(started.idTagInfo.status).toBe('Accepted');
    await cp.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
    return started.transactionId;
  };

  it("TC_010_CSMS Remote Start Charging Session - Cable Plugged in First: the charge is the driver's, started by staff", async () => {
    const { id, cp } = await s.booted();
    const userId = await s.driver('OCTT-RSTART', '500.00');
    cp.answer('RemoteStartTransaction', () => ({ status: 'Accepted' }));
    await cp.call('StatusNotification', { connectorId: 1, status: 'Preparing', errorCode: 'NoError' });
    const sent = await s.command(id, 'RemoteStartTransaction', { connectorId: 1, idTag: 'OCTT-RSTART' });
    expect(sent.body).toEqual({ status: 'accepted', response: { status: 'Accepted' } });
    expect(cp.receivedOf('RemoteStartTransaction')).toEqual([{ connectorId: 1, idTag: 'OCTT-RSTART' }]);
    const transactionId = await startAsAsked(cp, 'OCTT-RSTART');
    expect(await s.chargeOf(transactionId)).toMatchObject({
      userId,
      stationId: id,
      source: 'operator',
      status: 'in_progress',
    });
    await cp.call('StopTransaction', { transactionId, meterStop: 1_000, timestamp: iso(), reason: 'Local' });
    expect(await s.chargeOf(transactionId)).toMatchObject({ status: 'finished', totalCost: 2_000n });
  });

  it('TC_011_1_CSMS Remote Start Charging Session - Remote Start First: by the driver (app user), then the cable', async () => {
    const { id, cp } = await s.booted();
    const userId = await s.driver('OCTT-RSTART-U', '500.00');
    cp.answer('RemoteStartTransaction', () => ({ status: 'Accepted' }));
    // The driver given as the app user: the server sends that user's id tag.
    const sent = await s.command(id, 'RemoteStartTransaction', { connectorId: 1, userId });
    expect(sent.body.status).toBe('accepted');
    expect(cp.receivedOf('RemoteStartTransaction')).toEqual([{ connectorId: 1, idTag: 'OCTT-RSTART-U' }]);
    await cp.call('StatusNotification', { connectorId: 1, status: 'Preparing', errorCode: 'NoError' });
    const transactionId = await startAsAsked(cp, 'OCTT-RSTART-U');
    expect(await s.chargeOf(transactionId)).toMatchObject({ userId, source: 'operator' });
    await cp.call('StopTransaction', { transactionId, meterStop: 0, timestamp: iso() });
  });

  it('TC_011_2_CSMS Remote Start Charging Session - Time Out: no cable within the time, nothing is booked', async () => {
    const { id, cp } = await s.booted();
    await s.driver('OCTT-RSTART-T', '500.00');
    cp.answer('RemoteStartTransaction', () => ({ status: 'Accepted' }));
    expect(
      (await s.command(id, 'RemoteStartTransaction', { connectorId: 1, idTag: 'OCTT-RSTART-T' })).body.status,
    ).toBe('accepted');
    await cp.call('StatusNotification', { connectorId: 1, status: 'Preparing', errorCode: 'NoError' });
    await cp.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
    expect(await s.chargesAt(id)).toEqual([]);
    expect((await s.stateOf(id)).connectors.find((c) => c.connector_id === 1)?.status).toBe('Available');
  });

  it('TC_026_CSMS Remote Start Charging Session - Rejected: recorded as rejected, nothing booked', async () => {
    const { id, cp } = await s.booted();
    await s.driver('OCTT-RSTART-R', '500.00');
    cp.answer('RemoteStartTransaction', () => ({ status: 'Rejected' }));
    expect((await s.command(id, 'RemoteStartTransaction', { connectorId: 1, idTag: 'OCTT-RSTART-R' })).body).toEqual({
      status: 'rejected',
      response: { status: 'Rejected' },
    });
    expect(await s.chargesAt(id)).toEqual([]);
    expect((await s.commandLog(id))[0]).toMatchObject({ action: 'RemoteStartTransaction', status: 'rejected' });
  });

  it('TC_061_CSMS Clear Authorization Data in Authorization Cache: ClearCache Accepted', async () => {
    const { id, cp } = await s.booted();
    cp.answer('ClearCache', () => ({ status: 'Accepted' }));
    expect((await s.command(id, 'ClearCache', {})).body).toEqual({
      status: 'accepted',
      response: { status: 'Accepted' },
    });
    expect(cp.receivedOf('ClearCache')).toEqual([{}]);
  });

  it('DataTransfer to the charge point (Core; no Central System case in the OCA list): its answer and data kept', async () => {
    const { id, cp } = await s.booted();
    cp.answer('DataTransfer', (payload) => ({ status: 'Accepted', data: `echo:${String(payload.data)}` }));
    const sent = await s.command(id, 'DataTransfer', { vendorId: 'org.octt', messageId: 'ping', data: '42' });
    expect(sent.body).toEqual({ status: 'accepted', response: { status: 'Accepted', data: 'echo:42' } });
    expect(cp.receivedOf('DataTransfer')).toEqual([{ vendorId: 'org.octt', messageId: 'ping', data: '42' }]);
  });
});

describe('Core: remote stop and reset', () => {
  it('TC_012_CSMS Remote Stop Charging Session: RemoteStopTransaction, then the Remote stop books the charge as stopped', async () => {
    const { id, cp } = await s.booted();
    const { transactionId, chargeId } = await runningSession(cp, 'OCTT-RSTOP');
    cp.answer('RemoteStopTransaction', (payload) => {
      cp.soon(async () => {
        await cp.call('StatusNotification', { connectorId: 1, status: 'Finishing', errorCode: 'NoError' });
        await cp.call('StopTransaction', {
          transactionId: payload.transactionId,
          meterStop: 4_000,
          timestamp: iso(),
          reason: 'Remote',
        });
      });
      return { status: 'Accepted' };
    });
    expect((await stopCharge(chargeId)).json()).toEqual({ success: true });
    expect(cp.receivedOf('RemoteStopTransaction')).toEqual([{ transactionId }]);
    await expect.poll(async () => (await s.chargeOf(transactionId))?.status).toBe('stopped');
    expect(await s.chargeOf(transactionId)).toMatchObject({ energyWh: 4_000, totalCost: 8_000n });
    expect((await s.ledgerOf(chargeId)).map((entry) => entry.debit)).toEqual([8_000n]);
    expect((await s.commandLog(id))[0]).toMatchObject({
      action: 'RemoteStopTransaction',
      status: 'accepted',
      response: { status: 'Accepted' },
    });
  });

  it('TC_028_CSMS Remote Stop Transaction - Rejected: the refusal is told and the charge keeps running', async () => {
    const { id, cp } = await s.booted();
    const { transactionId, chargeId } = await runningSession(cp, 'OCTT-RSTOP-NO');
    cp.answer('RemoteStopTransaction', () => ({ status: 'Rejected' }));
    expect((await stopCharge(chargeId)).json()).toMatchObject({ success: false });
    expect((await s.chargeOf(transactionId))?.status).toBe('in_progress');
    expect((await s.commandLog(id))[0]).toMatchObject({ action: 'RemoteStopTransaction', status: 'rejected' });
  });

  it.each([
    ['TC_013_CSMS Hard Reset', 'Hard'],
    ['TC_014_CSMS Soft Reset', 'Soft'],
  ] as const)('%s: Reset Accepted, then the charge point boots again', async (_title, type) => {
    const { id, identity, cp } = await s.booted();
    const [before] = await s.context.database.db
      .select({ bootedAt: chargePoints.bootedAt })
      .from(chargePoints)
      .where(eq(chargePoints.stationId, id));
    cp.answer('Reset', () => {
      cp.soon(async () => {
        await cp.call('BootNotification', { chargePointVendor: 'OCTT', chargePointModel: 'Conformance' });
      });
      return { status: 'Accepted' };
    });
    expect((await reset(identity, type)).json()).toMatchObject({ success: true });
    expect(cp.receivedOf('Reset')).toEqual([{ type }]);
    await expect
      .poll(async () => {
        const [after] = await s.context.database.db
          .select({ bootedAt: chargePoints.bootedAt })
          .from(chargePoints)
          .where(eq(chargePoints.stationId, id));
        return (after?.bootedAt?.getTime() ?? 0) > (before?.bootedAt?.getTime() ?? 0);
      })
      .toBe(true);
    expect((await s.commandLog(id))[0]).toMatchObject({ action: 'Reset', status: 'accepted', request: { type } });
  });
});

describe('Core: unlock connector', () => {
  it('TC_017_1_CSMS Unlock Connector - No Charging Session Running (Not Fixed Cable): Unlocked', async () => {
    const { id, cp } = await s.booted();
    cp.answer('UnlockConnector', () => ({ status: 'Unlocked' }));
    const sent = await s.command(id, 'UnlockConnector', { connectorId: 1 });
    expect(sent.body).toEqual({ status: 'accepted', response: { status: 'Unlocked' } });
    expect(cp.receivedOf('UnlockConnector')).toEqual([{ connectorId: 1 }]);
  });

  it('TC_017_2_CSMS Unlock Connector - No Charging Session Running (Fixed Cable): NotSupported is a refusal', async () => {
    const { id, cp } = await s.booted();
    cp.answer('UnlockConnector', () => ({ status: 'NotSupported' }));
    expect((await s.command(id, 'UnlockConnector', { connectorId: 1 })).body).toEqual({
      status: 'rejected',
      response: { status: 'NotSupported' },
    });
  });

  it('TC_018_1_CSMS Unlock Connector - With Charging Session: the charge point ends the session, the charge is booked', async () => {
    const { id, cp } = await s.booted();
    const { transactionId } = await runningSession(cp, 'OCTT-UNLOCK');
    cp.answer('UnlockConnector', async () => {
      await cp.call('MeterValues', { connectorId: 1, transactionId, meterValue: [energyReading(2_000)] });
      await cp.call('StopTransaction', { transactionId, meterStop: 2_000, timestamp: iso(), reason: 'UnlockCommand' });
      await cp.call('StatusNotification', { connectorId: 1, status: 'Finishing', errorCode: 'NoError' });
      return { status: 'Unlocked' };
    });
    expect((await s.command(id, 'UnlockConnector', { connectorId: 1 })).body.status).toBe('accepted');
    expect(await s.chargeOf(transactionId)).toMatchObject({ status: 'finished', energyWh: 2_000, totalCost: 4_000n });
  });

  it('TC_030_CSMS Unlock Connector - Unlock Failure: UnlockFailed is recorded as rejected', async () => {
    const { id, cp } = await s.booted();
    cp.answer('UnlockConnector', () => ({ status: 'UnlockFailed' }));
    expect((await s.command(id, 'UnlockConnector', { connectorId: 1 })).body.status).toBe('rejected');
    expect((await s.commandLog(id))[0]).toMatchObject({ status: 'rejected', response: { status: 'UnlockFailed' } });
  });

  it('TC_031_CSMS Unlock Connector - Unknown Connector: the charge point answers NotSupported', async () => {
    const { id, cp } = await s.booted();
    cp.answer('UnlockConnector', (payload) => ({ status: payload.connectorId === 1 ? 'Unlocked' : 'NotSupported' }));
    expect((await s.command(id, 'UnlockConnector', { connectorId: 7 })).body).toEqual({
      status: 'rejected',
      response: { status: 'NotSupported' },
    });
  });
});

describe('Core: configuration', () => {
  const keys = [
    { key: 'HeartbeatInterval', readonly: false, value: '120' },
    { key: 'NumberOfConnectors', readonly: true, value: '1' },
  ];

  it('TC_019_1_CSMS Retrieve All Configuration Keys: GetConfiguration without keys, the answer kept', async () => {
    const { id, cp } = await s.booted();
    cp.answer('GetConfiguration', () => ({ configurationKey: keys }));
    // The answer is kept with both of its lists (an empty unknownKey when the charge point left it out).
    expect((await s.command(id, 'GetConfiguration', {})).body).toEqual({
      status: 'accepted',
      response: { configurationKey: keys, unknownKey: [] },
    });
    expect(cp.receivedOf('GetConfiguration')).toEqual([{}]);
    expect((await s.commandLog(id))[0]?.response).toEqual({ configurationKey: keys, unknownKey: [] });
  });

  it('TC_019_2_CSMS Retrieve Specific Configuration Key: the key asked, unknown keys answered as such', async () => {
    const { id, cp } = await s.booted();
    cp.answer('GetConfiguration', (payload) => {
      const asked = (payload.key as string[] | undefined) ?? [];
      return {
        configurationKey: keys.filter((key) => asked.includes(key.key)),
        unknownKey: asked.filter((name) => !keys.some((key) => key.key === name)),
      };
    });
    const sent = await s.command(id, 'GetConfiguration', { key: ['HeartbeatInterval', 'NoSuchKey'] });
    expect(sent.body).toEqual({
      status: 'accepted',
      response: { configurationKey: [keys[0]], unknownKey: ['NoSuchKey'] },
    });
  });

  it('TC_021_CSMS Change/Set Configuration: ChangeConfiguration Accepted', async () => {
    const { id, cp } = await s.booted();
    cp.answer('ChangeConfiguration', () => ({ status: 'Accepted' }));
    const sent = await s.command(id, 'ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '30' });
    expect(sent.body).toEqual({ status: 'accepted', response: { status: 'Accepted' } });
    expect(cp.receivedOf('ChangeConfiguration')).toEqual([{ key: 'MeterValueSampleInterval', value: '30' }]);
  });

  it('TC_040_1_CSMS Configuration Keys - NotSupported: recorded as rejected with the answer', async () => {
    const { id, cp } = await s.booted();
    cp.answer('ChangeConfiguration', () => ({ status: 'NotSupported' }));
    expect((await s.command(id, 'ChangeConfiguration', { key: 'NoSuchKey', value: '1' })).body).toEqual({
      status: 'rejected',
      response: { status: 'NotSupported' },
    });
  });

  it('TC_040_2_CSMS Configuration Keys - Invalid Value: Rejected is recorded as rejected', async () => {
    const { id, cp } = await s.booted();
    cp.answer('ChangeConfiguration', () => ({ status: 'Rejected' }));
    expect((await s.command(id, 'ChangeConfiguration', { key: 'HeartbeatInterval', value: '-5' })).body).toEqual({
      status: 'rejected',
      response: { status: 'Rejected' },
    });
  });
});

describe('Remote Trigger and availability', () => {
  it('TC_054_CSMS Trigger Message: Accepted, and the StatusNotification it triggers is kept', async () => {
    const { id, cp } = await s.booted();
    cp.answer('TriggerMessage', (payload) => {
      cp.soon(async () => {
        await cp.call('StatusNotification', {
          connectorId: payload.connectorId,
          status: 'Unavailable',
          errorCode: 'NoError',
        });
      });
      return { status: 'Accepted' };
    });
    const sent = await s.command(id, 'TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 1 });
    expect(sent.body).toEqual({ status: 'accepted', response: { status: 'Accepted' } });
    await expect
      .poll(async () => (await s.stateOf(id)).connectors.find((c) => c.connector_id === 1)?.status)
      .toBe('Unavailable');
  });

  it('TC_055_CSMS Trigger Message - Rejected: recorded as rejected', async () => {
    const { id, cp } = await s.booted();
    cp.answer('TriggerMessage', () => ({ status: 'Rejected' }));
    expect((await s.command(id, 'TriggerMessage', { requestedMessage: 'MeterValues', connectorId: 1 })).body).toEqual({
      status: 'rejected',
      response: { status: 'Rejected' },
    });
  });

  it('ChangeAvailability (Core; no Central System case in the OCA list): Accepted and Scheduled, then Unavailable kept', async () => {
    const { id, cp } = await s.booted();
    cp.answer('ChangeAvailability', (payload) => {
      cp.soon(async () => {
        await cp.call('StatusNotification', { connectorId: 0, status: 'Unavailable', errorCode: 'NoError' });
      });
      return { status: payload.connectorId === 0 ? 'Accepted' : 'Scheduled' };
    });
    expect((await s.command(id, 'ChangeAvailability', { connectorId: 0, type: 'Inoperative' })).body).toEqual({
      status: 'accepted',
      response: { status: 'Accepted' },
    });
    expect((await s.command(id, 'ChangeAvailability', { connectorId: 1, type: 'Operative' })).body.status).toBe(
      'accepted',
    );
    await expect
      .poll(async () => (await s.stateOf(id)).connectors.find((c) => c.connector_id === 0)?.status)
      .toBe('Unavailable');
  });
});
