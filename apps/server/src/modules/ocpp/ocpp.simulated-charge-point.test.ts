import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ocppRpc } from './ocpp-rpc';
import { SimulatedChargePoint } from './ocpp.simulated-charge-point';

const { RPCServer } = ocppRpc();

// The simulator (`npm run simulate`) answers every feature profile's commands: a bare central system on ocpp-rpc in
// strict mode (each command and each answer checked against the OCPP 1.6 schemas) sends them and records what the
// simulated charge point sends back; a plain HTTP server serves firmware and takes diagnostics.
interface ServerClient {
  call(method: string, params: unknown): Promise<Record<string, unknown>>;
  handle(method: string, handler: (call: { params: Record<string, unknown> }) => unknown): void;
}

const received: { action: string; params: Record<string, unknown> }[] = [];
let central: InstanceType<typeof RPCServer>;
let files: Server;
let endpoint: string;
let filesUrl: string;
const uploads: { url: string; body: string }[] = [];
const waitingClients: ((client: ServerClient) => void)[] = [];
let transactions = 100;

const of = (action: string) => received.filter((entry) => entry.action === action).map((entry) => entry.params);

beforeAll(async () => {
  central = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  central.auth((accept) => accept({}, 'ocpp1.6'));
  central.on('client', (client: ServerClient) => {
    const record =
      (action: string, answer: (params: Record<string, unknown>) => unknown = () => ({})) =>
      ({ params }: { params: Record<string, unknown> }) => {
        received.push({ action, params });
        return answer(params);
      };
    client.handle(
      'BootNotification',
      record('BootNotification', () => ({
        status: 'Accepted',
        currentTime: new Date().toISOString(),
        interval: 300,
      })),
    );
    client.handle(
      'Heartbeat',
      record('Heartbeat', () => ({ currentTime: new Date().toISOString() })),
    );
    client.handle(
      'Authorize',
      record('Authorize', () => ({ idTagInfo: { status: 'Accepted' } })),
    );
    client.handle(
      'StartTransaction',
      record('StartTransaction', () => ({
        transactionId: (transactions += 1),
        idTagInfo: { status: 'Accepted' },
      })),
    );
    client.handle('StopTransaction', record('StopTransaction'));
    client.handle('StatusNotification', record('StatusNotification'));
    client.handle('MeterValues', record('MeterValues'));
    client.handle('FirmwareStatusNotification', record('FirmwareStatusNotification'));
    client.handle('DiagnosticsStatusNotification', record('DiagnosticsStatusNotification'));
    waitingClients.shift()?.(client);
  });
  const http = await central.listen(0, '127.0.0.1');
  endpoint = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
  files = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/firmware/zr60-2.1.0.bin') {
      response.end(Buffer.alloc(2048, 7));
      return;
    }
    if (request.method === 'PUT' && request.url?.startsWith('/diagnostics/token-1/')) {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        uploads.push({ url: request.url ?? '', body: Buffer.concat(chunks).toString() });
        response.statusCode = 201;
        response.end();
      });
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await central.close({ force: true });
  await new Promise((resolve) => files.close(resolve));
});

const points: SimulatedChargePoint[] = [];
afterEach(async () => {
  await Promise.all(points.splice(0).map((point) => point.close()));
  received.length = 0;
});

/** A booted simulated charge point with two connectors, and the central system's side of its connection. */
const boot = async () => {
  const point = new SimulatedChargePoint({
    endpoint,
    identity: `SIM-${points.length}`,
    password: 'x',
    connectors: [1, 2],
  });
  points.push(point);
  const connected = new Promise<ServerClient>((resolve) => waitingClients.push(resolve));
  await point.connect();
  const client = await connected;
  await point.boot();
  return { point, client };
};

const statusesOf = (connectorId: number) =>
  of('StatusNotification')
    .filter((params) => params.connectorId === connectorId)
    .map((params) => params.status);

describe('the simulated charge point', () => {
  it('sends its BootNotification again after an error answered, while connected, until it is accepted', async () => {
    const failing = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
    failing.auth((accept) => accept({}, 'ocpp1.6'));
    let boots = 0;
    failing.on('client', (client: ServerClient) => {
      client.handle('BootNotification', () => {
        boots += 1;
        if (boots === 1) {
          throw new Error('the central system is busy');
        }
        return { status: 'Accepted', currentTime: new Date().toISOString(), interval: 300 };
      });
      client.handle('StatusNotification', () => ({}));
    });
    const http = await failing.listen(0, '127.0.0.1');
    const point = new SimulatedChargePoint({
      endpoint: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`,
      identity: 'SIM-RETRY',
      password: 'x',
      bootRetryMs: 50,
    });
    try {
      await point.connect();
      expect(await point.boot()).toEqual(expect.objectContaining({ status: 'Accepted' }));
      expect(boots).toBe(2);
    } finally {
      await point.close();
      await failing.close({ force: true });
    }
  });

  it('starts a charge on RemoteStartTransaction, refuses a busy connector, stops on RemoteStopTransaction', async () => {
    const { point, client } = await boot();
    expect(await client.call('RemoteStartTransaction', { connectorId: 1, idTag: 'DRIVER-1' })).toEqual({
      status: 'Accepted',
    });
    await expect
      .poll(() => of('StartTransaction'))
      .toEqual([expect.objectContaining({ connectorId: 1, idTag: 'DRIVER-1' })]);
    expect(of('Authorize')).toEqual([{ idTag: 'DRIVER-1' }]);
    await expect.poll(() => point.hasSession(1)).toBe(true);
    expect(await client.call('RemoteStartTransaction', { connectorId: 1, idTag: 'DRIVER-2' })).toEqual({
      status: 'Rejected',
    });
    // The central system's newest transaction id is this session's.
    const transactionId = transactions;
    expect(await client.call('RemoteStopTransaction', { transactionId })).toEqual({ status: 'Accepted' });
    await expect
      .poll(() => of('StopTransaction'))
      .toEqual([expect.objectContaining({ transactionId, reason: 'Remote' })]);
    expect(await client.call('RemoteStopTransaction', { transactionId })).toEqual({ status: 'Rejected' });
  });

  it('answers configuration, trigger, availability, unlock, cache and data transfer as a Core charge point', async () => {
    const { point, client } = await boot();
    // A status asked for is the one it last told.
    await point.status(1, 'Faulted', 'GroundFailure');
    received.length = 0;
    expect(await client.call('TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 1 })).toEqual({
      status: 'Accepted',
    });
    await expect
      .poll(() => of('StatusNotification'))
      .toEqual([expect.objectContaining({ connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure' })]);
    const some = await client.call('GetConfiguration', { key: ['HeartbeatInterval', 'NoSuchKey'] });
    expect(some).toEqual({
      configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }],
      unknownKey: ['NoSuchKey'],
    });
    const all = (await client.call('GetConfiguration', {})).configurationKey as { key: string }[];
    expect(all.map((entry) => entry.key)).toContain('SupportedFeatureProfiles');
    expect(await client.call('ChangeConfiguration', { key: 'MeterValueSampleInterval', value: '5' })).toEqual({
      status: 'Accepted',
    });
    expect(await client.call('ChangeConfiguration', { key: 'NumberOfConnectors', value: '5' })).toEqual({
      status: 'Rejected',
    });
    expect(await client.call('ChangeConfiguration', { key: 'NoSuchKey', value: '5' })).toEqual({
      status: 'NotSupported',
    });
    expect(await client.call('TriggerMessage', { requestedMessage: 'BootNotification' })).toEqual({
      status: 'Accepted',
    });
    await expect.poll(() => of('BootNotification').length).toBe(1);
    expect(await client.call('ChangeAvailability', { connectorId: 2, type: 'Inoperative' })).toEqual({
      status: 'Accepted',
    });
    await expect.poll(() => statusesOf(2).at(-1)).toBe('Unavailable');
    expect(await client.call('UnlockConnector', { connectorId: 1 })).toEqual({ status: 'Unlocked' });
    expect(await client.call('UnlockConnector', { connectorId: 9 })).toEqual({ status: 'NotSupported' });
    expect(await client.call('ClearCache', {})).toEqual({ status: 'Accepted' });
    expect(await client.call('DataTransfer', { vendorId: 'acme' })).toEqual({ status: 'UnknownVendorId' });
  });

  it('holds a reservation: Reserved, other drivers refused, cancelled, used by its driver with the reservation id', async () => {
    const { point, client } = await boot();
    const expiryDate = new Date(Date.now() + 600_000).toISOString();
    expect(await client.call('ReserveNow', { connectorId: 1, expiryDate, idTag: 'RES-1', reservationId: 7 })).toEqual({
      status: 'Accepted',
    });
    await expect.poll(() => statusesOf(1).at(-1)).toBe('Reserved');
    expect(await client.call('ReserveNow', { connectorId: 1, expiryDate, idTag: 'RES-2', reservationId: 8 })).toEqual({
      status: 'Occupied',
    });
    expect(await client.call('RemoteStartTransaction', { connectorId: 1, idTag: 'RES-2' })).toEqual({
      status: 'Rejected',
    });
    expect(await client.call('CancelReservation', { reservationId: 99 })).toEqual({ status: 'Rejected' });
    expect(await client.call('CancelReservation', { reservationId: 7 })).toEqual({ status: 'Accepted' });
    await expect.poll(() => statusesOf(1).at(-1)).toBe('Available');
    await client.call('ReserveNow', { connectorId: 2, expiryDate, idTag: 'RES-3', reservationId: 9 });
    expect(await point.startSession(2, 'RES-3')).not.toBeNull();
    expect(of('StartTransaction')).toEqual([expect.objectContaining({ connectorId: 2, reservationId: 9 })]);
    expect(point.reservationOf(2)).toBeNull();
    // A reservation past its expiry frees the connector.
    await client.call('ReserveNow', {
      connectorId: 1,
      expiryDate: new Date(Date.now() + 300).toISOString(),
      idTag: 'RES-4',
      reservationId: 10,
    });
    await expect.poll(() => point.reservationOf(1)).toBeNull();
  });

  it('keeps a local list: full and differential updates, versions, a stale differential refused', async () => {
    const { client } = await boot();
    expect(await client.call('GetLocalListVersion', {})).toEqual({ listVersion: 0 });
    const full = {
      listVersion: 3,
      updateType: 'Full',
      localAuthorizationList: [
        { idTag: 'CARD-1', idTagInfo: { status: 'Accepted' } },
        { idTag: 'CARD-2', idTagInfo: { status: 'Blocked' } },
      ],
    };
    expect(await client.call('SendLocalList', full)).toEqual({ status: 'Accepted' });
    expect(await client.call('GetLocalListVersion', {})).toEqual({ listVersion: 3 });
    const stale = { listVersion: 3, updateType: 'Differential', localAuthorizationList: [{ idTag: 'CARD-1' }] };
    expect(await client.call('SendLocalList', stale)).toEqual({ status: 'VersionMismatch' });
    expect(await client.call('SendLocalList', { ...stale, listVersion: 4 })).toEqual({ status: 'Accepted' });
    expect(await client.call('GetLocalListVersion', {})).toEqual({ listVersion: 4 });
  });

  it('applies charging profiles: its session draws the lowest limit, the composite schedule shows it, clearing lifts it', async () => {
    const { point, client } = await boot();
    const profile = (id: number, purpose: string, limitW: number) => ({
      chargingProfileId: id,
      stackLevel: 0,
      chargingProfilePurpose: purpose,
      chargingProfileKind: 'Absolute',
      chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: limitW }] },
    });
    expect(
      await client.call('SetChargingProfile', { connectorId: 1, csChargingProfiles: profile(1, 'TxProfile', 5_000) }),
    ).toEqual({ status: 'Rejected' });
    expect(
      await client.call('SetChargingProfile', {
        connectorId: 0,
        csChargingProfiles: profile(2, 'TxDefaultProfile', 11_000),
      }),
    ).toEqual({ status: 'Accepted' });
    expect(
      await client.call('SetChargingProfile', {
        connectorId: 0,
        csChargingProfiles: profile(3, 'ChargePointMaxProfile', 7_000),
      }),
    ).toEqual({ status: 'Accepted' });
    const composite = await client.call('GetCompositeSchedule', {
      connectorId: 1,
      duration: 3600,
      chargingRateUnit: 'W',
    });
    expect(composite).toMatchObject({
      status: 'Accepted',
      connectorId: 1,
      chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 7_000 }] },
    });
    expect(await point.startSession(1, 'SMART-1', { meterEveryMs: 100, powerW: 22_000 })).not.toBeNull();
    const powers = () =>
      of('MeterValues').map(
        (params) =>
          (params.meterValue as { sampledValue: { measurand: string; value: string }[] }[])[0]?.sampledValue.find(
            (sample) => sample.measurand === 'Power.Active.Import',
          )?.value,
      );
    await expect.poll(() => powers().at(-1)).toBe('7000');
    expect(await client.call('ClearChargingProfile', { chargingProfilePurpose: 'ChargePointMaxProfile' })).toEqual({
      status: 'Accepted',
    });
    await expect.poll(() => powers().at(-1)).toBe('11000');
    expect(await client.call('ClearChargingProfile', { id: 999 })).toEqual({ status: 'Unknown' });
    const amperes = await client.call('GetCompositeSchedule', { connectorId: 1, duration: 60, chargingRateUnit: 'A' });
    expect(amperes).toMatchObject({
      chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ limit: 15.9 }] },
    });
  });

  it('updates its firmware (download, install, reboot with the new version) and reports a failed download', async () => {
    const { client } = await boot();
    const retrieveDate = new Date().toISOString();
    expect(
      await client.call('UpdateFirmware', { location: `${filesUrl}/firmware/zr60-2.1.0.bin`, retrieveDate }),
    ).toEqual({});
    await expect
      .poll(() => of('FirmwareStatusNotification').map((params) => params.status), { timeout: 5_000 })
      .toEqual(['Downloading', 'Downloaded', 'Installing', 'Installed']);
    expect(of('BootNotification').at(-1)).toMatchObject({ firmwareVersion: '2.1.0' });
    received.length = 0;
    await client.call('UpdateFirmware', {
      location: `${filesUrl}/firmware/missing.bin`,
      retrieveDate,
      retries: 1,
      retryInterval: 0,
    });
    await expect
      .poll(() => of('FirmwareStatusNotification').map((params) => params.status))
      .toEqual(['Downloading', 'DownloadFailed']);
  });

  it('uploads diagnostics to the location it is given and reports Uploading, then Uploaded or UploadFailed', async () => {
    const { client } = await boot();
    const answer = await client.call('GetDiagnostics', { location: `${filesUrl}/diagnostics/token-1/` });
    expect(answer.fileName).toMatch(/^diagnostics-SIM-\d+-.+\.log$/);
    await expect
      .poll(() => of('DiagnosticsStatusNotification').map((params) => params.status))
      .toEqual(['Uploading', 'Uploaded']);
    expect(uploads.at(-1)?.url).toBe(`/diagnostics/token-1/${String(answer.fileName)}`);
    expect(uploads.at(-1)?.body).toContain('firmware 1.0.0-sim');
    received.length = 0;
    await client.call('GetDiagnostics', { location: `${filesUrl}/elsewhere/` });
    await expect
      .poll(() => of('DiagnosticsStatusNotification').map((params) => params.status))
      .toEqual(['Uploading', 'UploadFailed']);
  });
});
