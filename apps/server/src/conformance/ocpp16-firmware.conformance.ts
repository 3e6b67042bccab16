import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../test/station-requests';
import type { ConformanceChargePoint } from './charge-point';
import { type Conformance, startConformance } from './conformance-context';

// OCPP 1.6J Firmware Management, the Central System's side of the Open Charge Alliance's test cases
// (docs/ocpp-conformance.md): firmware uploaded by staff and fetched by the charge point over HTTP from the location
// UpdateFirmware gives it; diagnostics uploaded by the charge point to the location GetDiagnostics gives it; the
// status notifications kept as the station's progress.
let s: Conformance;

beforeAll(async () => {
  s = await startConformance();
});

afterAll(async () => {
  await s.close();
});

const FIRMWARE = Buffer.alloc(4096, 0x5a);

/** The location on the server under test: its URLs name the public address, the test server listens elsewhere. */
const onServer = (location: string) => {
  const url = new URL(location);
  return `http${s.endpoint.slice(2, s.endpoint.indexOf('/ocpp'))}${url.pathname}${url.search}`;
};

const uploadFirmware = async (fileName: string, version: string) => {
  const body = await multipartBody({ version, file: { bytes: FIRMWARE, filename: fileName } });
  const response = await s.context.app.inject({
    method: 'POST',
    url: '/api/v1/ocpp/firmware/',
    headers: { ...s.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; sha256: string }>();
};

const progressOf = async (stationId: number) =>
  (
    await s.context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${stationId}/firmware-diagnostics/`,
      headers: s.headers,
    })
  ).json<{
    firmware: { status: string | null; requested: { id: number } | null };
    diagnostics: { status: string | null; last_file: { id: number; file_name: string; size_bytes: number } | null };
  }>();

/** UpdateFirmware answered as a charge point does; `run` reports its progress once it has the location. */
const answerUpdate = (cp: ConformanceChargePoint, run: (location: string) => Promise<void>) => {
  cp.answer('UpdateFirmware', (payload) => {
    cp.soon(() => run(String(payload.location)));
    return {};
  });
};

const firmwareStatus = (cp: ConformanceChargePoint, status: string) =>
  cp.call('FirmwareStatusNotification', { status });

describe('Firmware Management', () => {
  it('TC_044_1_CSMS Firmware Update - Download and Install: fetched from its signed location, installed, booted', async () => {
    const { id, cp } = await s.booted();
    const firmware = await uploadFirmware('zr60-2.0.1.bin', '2.0.1');
    const downloaded: Buffer[] = [];
    answerUpdate(cp, async (location) => {
      await firmwareStatus(cp, 'Downloading');
      const response = await fetch(onServer(location));
      downloaded.push(Buffer.from(await response.arrayBuffer()));
      await firmwareStatus(cp, 'Downloaded');
      await firmwareStatus(cp, 'Installing');
      await cp.call('BootNotification', { chargePointVendor: 'OCTT', chargePointModel: 'C', firmwareVersion: '2.0.1' });
      await firmwareStatus(cp, 'Installed');
    });
    const retrieveDate = new Date().toISOString();
    const sent = await s.command(id, 'UpdateFirmware', { firmwareId: firmware.id, retrieveDate });
    expect(sent.body).toEqual({ status: 'accepted', response: {} });
    const [asked] = cp.receivedOf('UpdateFirmware');
    expect(asked).toMatchObject({ retrieveDate, location: expect.stringMatching(/\/zr60-2\.0\.1\.bin$/) });
    await expect.poll(async () => (await progressOf(id)).firmware.status).toBe('Installed');
    expect(downloaded).toEqual([FIRMWARE]);
    expect((await progressOf(id)).firmware.requested?.id).toBe(firmware.id);
    expect((await s.stateOf(id)).firmware_version).toBe('2.0.1');
  });

  it('TC_044_2_CSMS Firmware Update - Download Failed: DownloadFailed is the progress shown', async () => {
    const { id, cp } = await s.booted();
    const firmware = await uploadFirmware('zr60-2.0.2.bin', '2.0.2');
    answerUpdate(cp, async () => {
      await firmwareStatus(cp, 'Downloading');
      await firmwareStatus(cp, 'DownloadFailed');
    });
    expect((await s.command(id, 'UpdateFirmware', { firmwareId: firmware.id })).body.status).toBe('accepted');
    await expect.poll(async () => (await progressOf(id)).firmware.status).toBe('DownloadFailed');
  });

  it('TC_044_3_CSMS Firmware Update - Installation Failed: InstallationFailed is the progress shown', async () => {
    const { id, cp } = await s.booted();
    const firmware = await uploadFirmware('zr60-2.0.3.bin', '2.0.3');
    answerUpdate(cp, async () => {
      for (const status of ['Downloading', 'Downloaded', 'Installing', 'InstallationFailed']) {
        await firmwareStatus(cp, status);
      }
    });
    await s.command(id, 'UpdateFirmware', { firmwareId: firmware.id });
    await expect.poll(async () => (await progressOf(id)).firmware.status).toBe('InstallationFailed');
  });

  it('TC_045_1_CSMS Get Diagnostics: the file is uploaded to its signed location and kept for staff', async () => {
    const { id, cp } = await s.booted();
    const log = 'boot 1.6.0\nstatus Available\n';
    cp.answer('GetDiagnostics', (payload) => {
      cp.soon(async () => {
        await cp.call('DiagnosticsStatusNotification', { status: 'Uploading' });
        const response = await fetch(`${onServer(String(payload.location))}octt-diagnostics.log`, {
          method: 'PUT',
          headers: { 'content-type': 'text/plain' },
          body: log,
        });
        await cp.call('DiagnosticsStatusNotification', { status: response.ok ? 'Uploaded' : 'UploadFailed' });
      });
      return { fileName: 'octt-diagnostics.log' };
    });
    const sent = await s.command(id, 'GetDiagnostics', {});
    expect(sent.body).toEqual({ status: 'accepted', response: { fileName: 'octt-diagnostics.log' } });
    await expect.poll(async () => (await progressOf(id)).diagnostics.status).toBe('Uploaded');
    const lastFile = (await progressOf(id)).diagnostics.last_file;
    expect(lastFile).toMatchObject({ file_name: 'octt-diagnostics.log', size_bytes: Buffer.byteLength(log) });
    // Staff download what the charge point sent.
    const download = await s.context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${id}/diagnostics/${lastFile?.id}/`,
      headers: s.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(log);
  });

  it('TC_045_2_CSMS Get Diagnostics - Upload Failed: UploadFailed is the progress shown, no file kept', async () => {
    const { id, cp } = await s.booted();
    cp.answer('GetDiagnostics', () => {
      cp.soon(async () => {
        await cp.call('DiagnosticsStatusNotification', { status: 'Uploading' });
        await cp.call('DiagnosticsStatusNotification', { status: 'UploadFailed' });
      });
      return { fileName: 'never-sent.log' };
    });
    await s.command(id, 'GetDiagnostics', {});
    await expect.poll(async () => (await progressOf(id)).diagnostics.status).toBe('UploadFailed');
    expect((await progressOf(id)).diagnostics.last_file).toBeNull();
  });

  it('a diagnostics location with its signature altered refuses the upload (403)', async () => {
    const { id, cp } = await s.booted();
    cp.answer('GetDiagnostics', () => ({ fileName: 'x.log' }));
    await s.command(id, 'GetDiagnostics', {});
    const [asked] = cp.receivedOf('GetDiagnostics');
    const location = onServer(String(asked?.location));
    const forged = location.replace(/.(\/?)$/, (last, slash: string) => `${last[0] === 'A' ? 'B' : 'A'}${slash}`);
    const response = await fetch(`${forged}x.log`, { method: 'PUT', body: 'x' });
    expect(response.status).toBe(403);
  });
});
