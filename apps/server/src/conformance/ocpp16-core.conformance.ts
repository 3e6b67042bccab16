import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerStatusTrigger, type Conformance, energyReading, startConformance } from './conformance-context';

// OCPP 1.6J Core profile, the Central System's side of the Open Charge Alliance's test cases (docs/ocpp-conformance.md):
// the suite's charge point sends what the case's charge point sends, and checks the answers and what the server kept.
let s: Conformance;

beforeAll(async () => {
  s = await startConformance();
});

afterAll(async () => {
  await s.close();
});

const iso = (msAgo = 0) => new Date(Date.now() - msAgo).toISOString();

describe('Core: booting and status', () => {
  it('TC_001_CSMS Cold Boot Charge Point: BootNotification Accepted with the interval, status and heartbeat kept', async () => {
    const station = await s.station(2);
    const cp = await s.connect(station.identity);
    answerStatusTrigger(cp, 2);
    const boot = await cp.call<{ status: string; interval: number; currentTime: string }>('BootNotification', {
      chargePointVendor: 'OCTT',
      chargePointModel: 'Conformance-2',
      chargePointSerialNumber: 'OCTT-SN-1',
      chargeBoxSerialNumber: 'OCTT-BOX-1',
      firmwareVersion: '1.6.0',
      iccid: '',
      imsi: '',
      meterType: 'AC',
    });
    expect(boot.status).toBe('Accepted');
    expect(boot.interval).toBe(120);
    expect(Math.abs(Date.parse(boot.currentTime) - Date.now())).toBeLessThan(5_000);
    for (const connectorId of [0, 1, 2]) {
      await expect(
        cp.call('StatusNotification', { connectorId, status: 'Available', errorCode: 'NoError', timestamp: iso() }),
      ).resolves.toEqual({});
    }
    // Once booted, the server asks for every connector's status.
    await expect.poll(() => cp.receivedOf('TriggerMessage')).toEqual([{ requestedMessage: 'StatusNotification' }]);
    const beat = await cp.call<{ currentTime: string }>('Heartbeat', {});
    expect(Math.abs(Date.parse(beat.currentTime) - Date.now())).toBeLessThan(5_000);
    const state = await s.stateOf(station.id);
    expect(state).toMatchObject({
      connected: true,
      heartbeat_interval: 120,
      vendor: 'OCTT',
      model: 'Conformance-2',
      serial_number: 'OCTT-SN-1',
      firmware_version: '1.6.0',
    });
    expect(state.connectors.map((c) => [c.connector_id, c.status])).toEqual([
      [0, 'Available'],
      [1, 'Available'],
      [2, 'Available'],
    ]);
    await expect.poll(async () => (await s.stateOf(station.id)).online).toBe(true);
  });

  it('TC_024_CSMS Start Charging Session Lock Failure: a Faulted ConnectorLockFailure is kept with its info', async () => {
    const { id, cp } = await s.booted();
    await cp.call('StatusNotification', { connectorId: 1, status: 'Preparing', errorCode: 'NoError' });
    await cp.call('StatusNotification', {
      connectorId: 1,
      status: 'Faulted',
      errorCode: 'ConnectorLockFailure',
      info: 'lock motor',
      vendorErrorCode: 'E-17',
    });
    const connector = (await s.stateOf(id)).connectors.find((c) => c.connector_id === 1);
    expect(connector).toMatchObject({ status: 'Faulted', error_code: 'ConnectorLockFailure', info: 'lock motor' });
  });
});

describe('Core: authorization', () => {
  it('TC_023_1_CSMS Start Charging Session - Authorize Invalid: an unknown id tag is Invalid and books nothing', async () => {
    const { cp } = await s.booted();
    const answer = await cp.call<{ idTagInfo: { status: string } }>('Authorize', { idTag: 'OCTT-NOBODY' });
    expect(answer.idTagInfo.status).toBe('Invalid');
  });

  it('TC_023_3_CSMS Start Charging Session - Authorize Blocked: a blocked driver, and one without balance, are Blocked', async () => {
    const { cp } = await s.booted();
    await s.driver('OCTT-BLOCKED', '100.00', { blocked: true });
    await s.driver('OCTT-BROKE', '5.00');
    const status = async (idTag: string) =>
      (await cp.call<{ idTagInfo: { status: string } }>('Authorize', { idTag })).idTagInfo.status;
    expect(await status('OCTT-BLOCKED')).toBe('Blocked');
    expect(await status('OCTT-BROKE')).toBe('Blocked');
  });
});

describe('Core: charging sessions', () => {
  it('TC_003_CSMS Regular Charging Session - Plugin First: the charge, its energy, cost and ledger entry', async () => {
    const { id, cp } = await s.booted();
    const userId = await s.driver('OCTT-PLUGIN', '500.00');
    await cp.call('StatusNotification', { connectorId: 1, status: 'Preparing', errorCode: 'NoError' });
    expect((await cp.call<{ idTagInfo: { status: string } }>('Authorize', { idTag: 'OCTT-PLUGIN' })).idTagInfo).toEqual(
      { status: 'Accepted' },
    );
    const started = await cp.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-PLUGIN',
      meterStart: 2_000,
      timestamp: iso(),
    });
    expect(started.idTagInfo.status).toBe('Accepted');
    expect(Number.isInteger(started.transactionId)).toBe(true);
    await cp.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
    await expect(
      cp.call('MeterValues', {
        connectorId: 1,
        transactionId: started.transactionId,
        meterValue: [energyReading(4_500, 11_000)],
      }),
    ).resolves.toEqual({});
    const running = await s.chargeOf(started.transactionId);
    expect(running).toMatchObject({ userId, stationId: id, status: 'in_progress', meterLastWh: 4_500 });
    expect((await s.stateOf(id)).connectors.find((c) => c.connector_id === 1)?.power_w).toBe(11_000);

    const stopped = await cp.call<{ idTagInfo?: { status: string } }>('StopTransaction', {
      transactionId: started.transactionId,
      idTag: 'OCTT-PLUGIN',
      meterStop: 9_500,
      timestamp: iso(),
      reason: 'Local',
      transactionData: [energyReading(9_500)],
    });
    expect(stopped.idTagInfo?.status).toBe('Accepted');
    await cp.call('StatusNotification', { connectorId: 1, status: 'Finishing', errorCode: 'NoError' });
    await cp.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
    // 7.5 kWh at 20 som a kWh: 150 som, one ledger debit, 350 left.
    const charge = await s.chargeOf(started.transactionId);
    expect(charge).toMatchObject({ status: 'finished', energyWh: 7_500, totalCost: 15_000n, closedBy: 'charge_point' });
    const ledger = await s.ledgerOf(charge!.id);
    expect(ledger.map((entry) => [entry.basis, entry.debit, entry.userId])).toEqual([
      ['charge_payment', 15_000n, userId],
    ]);
    expect(await s.balanceOf(userId)).toBe(35_000n);
    expect((await s.stateOf(id)).connectors.find((c) => c.connector_id === 1)?.status).toBe('Available');
  });

  it('TC_004_1_CSMS Regular Charging Session - Identification First: Authorize before the cable, then the session', async () => {
    const { cp } = await s.booted();
    const userId = await s.driver('OCTT-IDFIRST', '300.00');
    expect(
      (await cp.call<{ idTagInfo: { status: string } }>('Authorize', { idTag: 'OCTT-IDFIRST' })).idTagInfo.status,
    ).toBe('Accepted');
    await cp.call('StatusNotification', { connectorId: 1, status: 'Preparing', errorCode: 'NoError' });
    const { transactionId } = await cp.call<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-IDFIRST',
      meterStart: 0,
      timestamp: iso(),
    });
    await cp.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
    await cp.call('StopTransaction', { transactionId, meterStop: 1_000, timestamp: iso(), reason: 'Local' });
    expect(await s.chargeOf(transactionId)).toMatchObject({ status: 'finished', energyWh: 1_000, totalCost: 2_000n });
    expect(await s.balanceOf(userId)).toBe(28_000n);
  });

  it('TC_004_2_CSMS Regular Charging Session - Identification First - ConnectionTimeOut: nothing is booked', async () => {
    const { id, cp } = await s.booted();
    const userId = await s.driver('OCTT-TIMEOUT', '300.00');
    await cp.call('Authorize', { idTag: 'OCTT-TIMEOUT' });
    await cp.call('StatusNotification', { connectorId: 1, status: 'Preparing', errorCode: 'NoError' });
    await cp.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
    expect(await s.chargesAt(id)).toEqual([]);
    expect(await s.balanceOf(userId)).toBe(30_000n);
    expect((await s.stateOf(id)).connectors.find((c) => c.connector_id === 1)?.status).toBe('Available');
  });

  it('TC_005_1_CSMS EV Side Disconnected: SuspendedEV, then StopTransaction EVDisconnected finishes the charge', async () => {
    const { id, cp } = await s.booted();
    await s.driver('OCTT-EVSIDE', '300.00');
    const { transactionId } = await cp.call<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-EVSIDE',
      meterStart: 500,
      timestamp: iso(),
    });
    await cp.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
    await cp.call('MeterValues', { connectorId: 1, transactionId, meterValue: [energyReading(1_500, 7_000)] });
    await cp.call('StatusNotification', { connectorId: 1, status: 'SuspendedEV', errorCode: 'NoError' });
    expect((await s.stateOf(id)).connectors.find((c) => c.connector_id === 1)).toMatchObject({
      status: 'SuspendedEV',
      power_w: null,
    });
    await cp.call('StopTransaction', { transactionId, meterStop: 2_500, timestamp: iso(), reason: 'EVDisconnected' });
    await cp.call('StatusNotification', { connectorId: 1, status: 'Finishing', errorCode: 'NoError' });
    expect(await s.chargeOf(transactionId)).toMatchObject({ status: 'finished', energyWh: 2_000, totalCost: 4_000n });
  });

  it('TC_007_CSMS Regular Start Charging Session - Cached Id: StartTransaction without Authorize is accepted', async () => {
    const { cp } = await s.booted();
    await s.driver('OCTT-CACHED', '300.00');
    const started = await cp.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-CACHED',
      meterStart: 0,
      timestamp: iso(),
    });
    expect(started.idTagInfo.status).toBe('Accepted');
    expect(await s.chargeOf(started.transactionId)).toMatchObject({ status: 'in_progress', source: 'rfid' });
    await cp.call('StopTransaction', { transactionId: started.transactionId, meterStop: 0, timestamp: iso() });
  });

  it('TC_032_1_CSMS Power Failure Boot Charge Point - Stop Transactions: after a reboot the PowerLoss stop is booked', async () => {
    const { cp, identity } = await s.booted();
    await s.driver('OCTT-POWER', '300.00');
    const { transactionId } = await cp.call<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-POWER',
      meterStart: 0,
      timestamp: iso(60_000),
    });
    await cp.call('MeterValues', { connectorId: 1, transactionId, meterValue: [energyReading(800)] });
    await cp.close();
    const again = await s.connect(identity);
    expect(
      (await again.call<{ status: string }>('BootNotification', { chargePointVendor: 'OCTT', chargePointModel: 'C' }))
        .status,
    ).toBe('Accepted');
    await again.call('StatusNotification', { connectorId: 1, status: 'Finishing', errorCode: 'NoError' });
    const finishedAt = iso(30_000);
    await again.call('StopTransaction', {
      transactionId,
      meterStop: 1_000,
      timestamp: finishedAt,
      reason: 'PowerLoss',
    });
    const charge = await s.chargeOf(transactionId);
    expect(charge).toMatchObject({ status: 'finished', energyWh: 1_000, totalCost: 2_000n });
    expect(charge?.finishedAt?.toISOString()).toBe(finishedAt);
  });

  it('TC_037_1_CSMS Offline Start Transaction - Valid IdTag: a start queued offline keeps its own time', async () => {
    const { cp } = await s.booted();
    await s.driver('OCTT-OFFLINE', '300.00');
    const startedAt = iso(10 * 60_000);
    const started = await cp.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-OFFLINE',
      meterStart: 100,
      timestamp: startedAt,
    });
    expect(started.idTagInfo.status).toBe('Accepted');
    const charge = await s.chargeOf(started.transactionId);
    expect(charge?.startedAt.toISOString()).toBe(startedAt);
    expect(charge?.status).toBe('in_progress');
    await cp.call('StopTransaction', { transactionId: started.transactionId, meterStop: 100, timestamp: iso() });
  });

  it('TC_037_3_CSMS Offline Start Transaction - Invalid IdTag - StopTransactionOnInvalidId: Invalid, nothing booked', async () => {
    const { id, cp } = await s.booted();
    const started = await cp.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-OFFLINE-BAD',
      meterStart: 0,
      timestamp: iso(5 * 60_000),
    });
    expect(started.idTagInfo.status).toBe('Invalid');
    expect(Number.isInteger(started.transactionId)).toBe(true);
    // The charge point stops the transaction it was refused (DeAuthorized): acknowledged, and still nothing booked.
    await expect(
      cp.call('StopTransaction', {
        transactionId: started.transactionId,
        idTag: 'OCTT-OFFLINE-BAD',
        meterStop: 300,
        timestamp: iso(),
        reason: 'DeAuthorized',
      }),
    ).resolves.toEqual({ idTagInfo: { status: 'Invalid' } });
    expect(await s.chargesAt(id)).toEqual([]);
  });

  it('TC_039_CSMS Offline Transaction: a whole session sent after reconnecting is booked with its own times', async () => {
    const { cp } = await s.booted();
    const userId = await s.driver('OCTT-OFFLINE-TX', '300.00');
    const startedAt = iso(40 * 60_000);
    const finishedAt = iso(20 * 60_000);
    const { transactionId } = await cp.call<{ transactionId: number }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-OFFLINE-TX',
      meterStart: 10_000,
      timestamp: startedAt,
    });
    await cp.call('StopTransaction', {
      transactionId,
      idTag: 'OCTT-OFFLINE-TX',
      meterStop: 13_000,
      timestamp: finishedAt,
      reason: 'Local',
    });
    const charge = await s.chargeOf(transactionId);
    expect(charge).toMatchObject({ status: 'finished', energyWh: 3_000, totalCost: 6_000n });
    expect([charge?.startedAt.toISOString(), charge?.finishedAt?.toISOString()]).toEqual([startedAt, finishedAt]);
    expect((await s.ledgerOf(charge!.id))[0]?.debit).toBe(6_000n);
    expect(await s.balanceOf(userId)).toBe(24_000n);
  });

  it('TC_064_CSMS Data Transfer to a Central System: answered UnknownVendorId (no vendor extension here)', async () => {
    const { cp } = await s.booted();
    await expect(cp.call('DataTransfer', { vendorId: 'org.octt', messageId: 'ping', data: 'x' })).resolves.toEqual({
      status: 'UnknownVendorId',
    });
  });
});
