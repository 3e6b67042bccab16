import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_POINT_PASSWORD } from '../test/ocpp-builders';
import { CallError, ConformanceChargePoint } from './charge-point';
import { type Conformance, startConformance } from './conformance-context';

// The connection's security profile 1 cases of the Open Charge Alliance's list, and the error paths of OCPP-J
// (docs/ocpp-conformance.md): what the server answers to frames and payloads outside the protocol, to calls it does
// not handle, before a boot, and what it records when a charge point answers a command with a CALLERROR.
let s: Conformance;

beforeAll(async () => {
  s = await startConformance();
});

afterAll(async () => {
  await s.close();
});

const iso = () => new Date().toISOString();

/** The handshake with a plain websocket: the subprotocol agreed, or the HTTP status of the refusal. */
const handshake = (identity: string, protocols: string[], password: string | null = CHARGE_POINT_PASSWORD) =>
  new Promise<string | number>((resolve) => {
    const headers: Record<string, string> =
      password === null ? {} : { authorization: `Basic ${Buffer.from(`${identity}:${password}`).toString('base64')}` };
    const socket = new WebSocket(`${s.endpoint}/${identity}`, protocols, { headers });
    socket.once('open', () => {
      resolve(socket.protocol);
      socket.terminate();
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', () => resolve(-1));
  });

describe('Security profile 1: the connection', () => {
  it('TC_085_CSMS Basic Authentication - Valid username/password: the station password opens, others get 401', async () => {
    const station = await s.station();
    const cp = await s.connect(station.identity);
    await expect(cp.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
    const refused = async (password: string | null) => {
      const other = new ConformanceChargePoint(station.identity);
      return other.connect(s.endpoint, password).then(
        () => 'connected',
        (error: unknown) => (error instanceof CallError ? error.code : String(error)),
      );
    };
    expect(await refused('not-the-password-00')).toBe('HTTP 401');
    expect(await refused(null)).toBe('HTTP 401');
    expect(await handshake('OCTT-UNKNOWN-STATION', ['ocpp1.6'])).toBe(404);
  });

  it('TC_088_CSMS WebSocket Subprotocol Negotiation: ocpp1.6 is agreed; without it the upgrade is refused', async () => {
    const station = await s.station();
    expect(await handshake(station.identity, ['ocpp2.0.1', 'ocpp1.6'])).toBe('ocpp1.6');
    expect(await handshake(station.identity, ['ocpp2.0.1'])).toBe(400);
    expect(await handshake(station.identity, [])).toBe(400);
  });
});

describe('Error paths: calls the server refuses', () => {
  it('wrong payload types are answered with OCPP type, format, occurrence and property errors; the connection stays', async () => {
    const { cp } = await s.booted();
    // A value of the wrong JSON type, the payload itself included.
    expect(await cp.errorOf('BootNotification', { chargePointVendor: 42, chargePointModel: 'C' })).toBe(
      'TypeConstraintViolation',
    );
    expect(
      await cp.errorOf('StartTransaction', { connectorId: 1, idTag: 'X', meterStart: 'lots', timestamp: iso() }),
    ).toBe('TypeConstraintViolation');
    expect(await cp.errorOf('Heartbeat', [])).toBe('TypeConstraintViolation');
    // A value outside its enumeration or its length (OCPP-J 1.6 errata: FormationViolation).
    expect(await cp.errorOf('StatusNotification', { connectorId: 1, status: 'Sleeping', errorCode: 'NoError' })).toBe(
      'FormationViolation',
    );
    expect(await cp.errorOf('Authorize', { idTag: 'X'.repeat(21) })).toBe('FormationViolation');
    // A required field missing (OCPP 1.6 spells it OccurenceConstraintViolation; its errata, with two r's).
    expect(await cp.errorOf('Authorize', {})).toMatch(/^Occur+enceConstraintViolation$/);
    // A field the message does not have.
    expect(await cp.errorOf('Heartbeat', { extra: 1 })).toBe('PropertyConstraintViolation');
    await expect(cp.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });

  it('unknown actions and actions a charge point may not send are answered NotImplemented', async () => {
    const { cp } = await s.booted();
    expect(await cp.errorOf('MakeCoffee', {})).toBe('NotImplemented');
    expect(await cp.errorOf('Reset', { type: 'Hard' })).toBe('NotImplemented');
    expect(await cp.errorOf('RemoteStartTransaction', { idTag: 'X' })).toBe('NotImplemented');
    await expect(cp.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });

  it('a StartTransaction on a connector the station does not have is refused with PropertyConstraintViolation', async () => {
    const { id, cp } = await s.booted();
    await s.driver('OCTT-NOCONNECTOR', '100.00');
    expect(
      await cp.errorOf('StartTransaction', {
        connectorId: 9,
        idTag: 'OCTT-NOCONNECTOR',
        meterStart: 0,
        timestamp: iso(),
      }),
    ).toBe('PropertyConstraintViolation');
    expect(await s.chargesAt(id)).toEqual([]);
  });

  it('calls before BootNotification are answered (the server never answers Pending), and the boot fills the record', async () => {
    const station = await s.station();
    const cp = await s.connect(station.identity);
    await expect(cp.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
    await expect(
      cp.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' }),
    ).resolves.toEqual({});
    await expect.poll(async () => (await s.stateOf(station.id)).connected).toBe(true);
    expect(await s.stateOf(station.id)).toMatchObject({ vendor: null, model: null });
    await cp.call('BootNotification', { chargePointVendor: 'OCTT', chargePointModel: 'Late' });
    expect(await s.stateOf(station.id)).toMatchObject({ vendor: 'OCTT', model: 'Late', heartbeat_interval: 120 });
  });

  it('malformed frames are survived; a frame over 64 KB closes the connection with 1009', async () => {
    const { cp } = await s.booted();
    cp.sendRaw('[2, "1", "Heartbeat", {');
    cp.sendRaw('{"not": "an array"}');
    cp.sendRaw('[7, "x"]');
    await expect(cp.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
    const closed = cp.closed();
    cp.sendRaw(JSON.stringify([2, 'big', 'DataTransfer', { vendorId: 'org.octt', data: 'x'.repeat(70_000) }]));
    expect((await closed).code).toBe(1009);
  });
});

describe('Error paths: commands the charge point does not carry out', () => {
  it('a CALLERROR answer to a command is recorded as failed with its error code', async () => {
    const { id } = await s.booted();
    // The charge point answers nothing for GetConfiguration: its library answers the call with NotImplemented.
    const sent = await s.command(id, 'GetConfiguration', {});
    expect(sent.body).toMatchObject({ status: 'failed', response: { error: 'NotImplemented' } });
    expect((await s.commandLog(id))[0]).toMatchObject({
      action: 'GetConfiguration',
      status: 'failed',
      response: { error: 'NotImplemented' },
    });
  });

  it('an answer outside the schema is failed, an unanswered command times out, an absent charge point is not connected', async () => {
    const { id, cp } = await s.booted();
    cp.answer('UnlockConnector', () => ({ status: 'Maybe' }));
    expect((await s.command(id, 'UnlockConnector', { connectorId: 1 })).body.status).toBe('failed');
    cp.answer('ChangeConfiguration', () => new Promise<object>(() => undefined));
    expect((await s.command(id, 'ChangeConfiguration', { key: 'HeartbeatInterval', value: '60' })).body).toEqual({
      status: 'timeout',
      response: null,
    });
    await cp.close();
    await expect.poll(async () => (await s.stateOf(id)).connected).toBe(false);
    expect((await s.command(id, 'TriggerMessage', { requestedMessage: 'Heartbeat' })).body.status).toBe(
      'not_connected',
    );
    expect((await s.commandLog(id)).map((entry) => entry.status)).toEqual(['not_connected', 'timeout', 'failed']);
  });

  it('a StopTransaction for a transaction the server never started is acknowledged and books nothing', async () => {
    const { id, cp } = await s.booted();
    await expect(
      cp.call('StopTransaction', { transactionId: 987_654_321, meterStop: 10, timestamp: iso(), reason: 'Local' }),
    ).resolves.toEqual({});
    expect(await s.chargesAt(id)).toEqual([]);
  });
});
