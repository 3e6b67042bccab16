import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TPermission } from '@zaryad/contracts';
import { eq, sql } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, connectChargePoint } from '../../test/ocpp-builders';
import { multipartBody } from '../../test/station-requests';
import { type FileTransferApp, startFileTransferApp } from '../../test/file-transfer-app';
import type { TestContext } from '../../test/test-app';
import { auditLog } from '../audit';
import { firmwareFiles } from './ocpp.firmware.tables';
import { createFileUrlSigner } from './ocpp.firmware.urls';

// Issue 34, Firmware Management: firmware uploaded by staff and fetched by a real charge point from its signed URL,
// GetDiagnostics with a charge point uploading to its signed location, the progress it reports, and every refusal
// (size, signature, expiry, permission) answered with a translated message and nothing kept.
let app: FileTransferApp;
let context: TestContext;
let endpoint: string;
let baseUrl: string;
let headers: { authorization: string };
let merchantId: number;
const clients: RPCClient[] = [];
let roleSerial = 0;

const db = () => context.database.db;
const MB = 1024 * 1024;
const ENV = {
  OCPP_CALL_TIMEOUT_MS: '2000',
  OCPP_FIRMWARE_MAX_MB: '1',
  OCPP_DIAGNOSTICS_MAX_MB: '1',
};

beforeAll(async () => {
  app = await startFileTransferApp(ENV);
  ({ context, baseUrl, endpoint } = app);
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  for (const client of clients) {
    await client.close({ force: true });
  }
  await app.close();
});

const station = () =>
  buildChargePointStation(db(), context.config, { merchantId, connectors: [{ evse_id: 1, custom_fee: '20.00' }] });

const connect = async (identity: string) => {
  const client = await connectChargePoint({ endpoint, identity });
  clients.push(client);
  return client;
};

const accountWith = async (permissions: TPermission[]) => {
  roleSerial += 1;
  const key = `ocpp-firmware-${roleSerial}`;
  // A role of exactly these permissions (the roles table is the accounts domain's own: written as SQL here).
  await db().execute(
    sql`insert into roles (key, name, permissions) values (${key}, ${`OCPP firmware ${roleSerial}`}, string_to_array(${permissions.join(',')}, ','))`,
  );
  return (await signIn(context.app, await buildAccount(db(), { roleKey: key }))).headers;
};

/** Bytes that look like nothing in particular, as a vendor's firmware image does. */
const firmwareBytes = (size: number, seed = 7) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed) % 251));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const upload = async (
  fields: Record<string, string | { bytes: Buffer; filename: string }>,
  options: { as?: Record<string, string>; language?: string } = {},
) => {
  const body = await multipartBody(fields);
  return context.app.inject({
    method: 'POST',
    url: '/api/v1/ocpp/firmware/',
    headers: {
      ...(options.as ?? headers),
      'content-type': body.contentType,
      'accept-language': options.language ?? 'en',
    },
    payload: body.payload,
  });
};

interface FirmwareFileBody {
  id: number;
  file_name: string;
  version: string | null;
  size_bytes: number;
  sha256: string;
  account: string | null;
}

const uploadFirmware = async (bytes: Buffer, filename = 'CP-fw 2.1.0.bin', version = '2.1.0') => {
  const response = await upload({ file: { bytes, filename }, version });
  expect(response.statusCode).toBe(201);
  return response.json<FirmwareFileBody>();
};

const command = (stationId: number, body: object, as = headers) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/ocpp/stations/${stationId}/commands/`,
    headers: { ...as, 'accept-language': 'en' },
    payload: body,
  });

const progressOf = async (stationId: number) =>
  (
    await context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${stationId}/firmware-diagnostics/`,
      headers,
    })
  ).json<{
    firmware: { status: string | null; requested: { id: number } | null; retrieve_date: string | null };
    diagnostics: { status: string | null; last_file: { file_name: string; size_bytes: number } | null };
  }>();

const privateFiles = (folder: string) => {
  const path = join(context.config.dataDir, 'uploads', 'private', folder);
  return existsSync(path) ? readdirSync(path).sort() : [];
};

const firmwareCount = async () => (await db().select({ id: firmwareFiles.id }).from(firmwareFiles)).length;

describe('firmware files', () => {
  it('uploads any content, lists it newest first with its size and SHA-256, and downloads the same bytes', async () => {
    const bytes = firmwareBytes(300_000);
    const created = await uploadFirmware(bytes);
    expect(created).toMatchObject({
      file_name: 'CP-fw_2.1.0.bin',
      version: '2.1.0',
      size_bytes: 300_000,
      sha256: sha256(bytes),
      account: 'Toktogulova Aida',
    });
    const list = await context.app.inject({ method: 'GET', url: '/api/v1/ocpp/firmware/?page=1&size=10', headers });
    expect(list.json<{ items: FirmwareFileBody[] }>().items[0]?.id).toBe(created.id);
    const download = await context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/firmware/${created.id}/file/`,
      headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.rawPayload.equals(bytes)).toBe(true);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entity, 'firmware'));
    expect(audit).toMatchObject({ action: 'create', entityId: String(created.id) });
  });

  it('keeps the file out of /media: no public URL serves it', async () => {
    const created = await uploadFirmware(firmwareBytes(1000));
    const [row] = await db().select().from(firmwareFiles).where(eq(firmwareFiles.id, created.id));
    expect(existsSync(join(context.config.dataDir, 'uploads', 'private', row!.path))).toBe(true);
    for (const url of [
      `/media/private/${row!.path}`,
      `/media//private/${row!.path}`,
      `/media/private/../private/${row!.path}`,
    ]) {
      expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('refuses a file over OCPP_FIRMWARE_MAX_MB with 413 and a translated message, keeping nothing', async () => {
    const before = { rows: await firmwareCount(), files: privateFiles('ocpp-firmware') };
    // Just over the limit: refused while it streams. Far over it: refused by its declared length.
    const streamed = await upload({ file: { bytes: firmwareBytes(MB + 10), filename: 'big.bin' } });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({ detail: 'The firmware file must be 1 MB or smaller' });
    const declared = await upload({ file: { bytes: firmwareBytes(2 * MB), filename: 'big.bin' } }, { language: 'ru' });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ detail: 'Файл прошивки должен быть не больше 1 МБ' });
    const kyrgyz = await upload({ file: { bytes: firmwareBytes(MB + 1), filename: 'big.bin' } }, { language: 'ky' });
    expect(kyrgyz.json()).toEqual({ detail: 'Программанын файлы 1 МБдан ашпашы керек' });
    // Exactly the limit is accepted.
    expect((await upload({ file: { bytes: firmwareBytes(MB), filename: 'max.bin' } })).statusCode).toBe(201);
    expect(await firmwareCount()).toBe(before.rows + 1);
    expect(privateFiles('ocpp-firmware')).toHaveLength(before.files.length + 1);
  });

  it('answers 400 without a file, with an empty one, with a bad version, 415 for JSON and 400 for a broken body', async () => {
    const before = privateFiles('ocpp-firmware');
    expect((await upload({ version: '1.0' })).json()).toEqual({ file: ['Choose the firmware file'] });
    expect((await upload({ file: { bytes: Buffer.alloc(0), filename: 'empty.bin' } })).json()).toEqual({
      file: ['The firmware file is empty'],
    });
    const longVersion = await upload({
      file: { bytes: firmwareBytes(10), filename: 'a.bin' },
      version: 'v'.repeat(51),
    });
    expect(longVersion.statusCode).toBe(400);
    expect(Object.keys(longVersion.json())).toEqual(['version']);
    const json = await context.app.inject({
      method: 'POST',
      url: '/api/v1/ocpp/firmware/',
      headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const broken = await context.app.inject({
      method: 'POST',
      url: '/api/v1/ocpp/firmware/',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBe(400);
    expect(privateFiles('ocpp-firmware')).toEqual(before);
  });

  it('deletes a firmware and its file; a download of it then answers 404', async () => {
    const created = await uploadFirmware(firmwareBytes(500));
    const [row] = await db().select().from(firmwareFiles).where(eq(firmwareFiles.id, created.id));
    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/v1/ocpp/firmware/${created.id}/`,
      headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(existsSync(join(context.config.dataDir, 'uploads', 'private', row!.path))).toBe(false);
    const again = await context.app.inject({ method: 'DELETE', url: `/api/v1/ocpp/firmware/${created.id}/`, headers });
    expect(again.json()).toEqual({ detail: 'Прошивка не найдена' });
    const download = await context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/firmware/${created.id}/file/`,
      headers,
    });
    expect(download.statusCode).toBe(404);
  });
});

describe('UpdateFirmware', () => {
  it('a charge point fetches the signed URL and reports Downloading, Downloaded, Installing and Installed', async () => {
    const bytes = firmwareBytes(200_000, 3);
    const firmware = await uploadFirmware(bytes, 'evse-3.0.bin', '3.0');
    const built = await station();
    const client = await connect(built.identity);
    const fetched: Buffer[] = [];
    const asked: Record<string, unknown>[] = [];
    client.handle('UpdateFirmware', async ({ params }) => {
      asked.push(params as Record<string, unknown>);
      // As a charge point does: answer at once, then download and install, reporting each step.
      setTimeout(() => {
        void (async () => {
          const notify = (status: string) => client.call('FirmwareStatusNotification', { status });
          await notify('Downloading');
          const response = await fetch(String((params as { location: string }).location));
          fetched.push(Buffer.from(await response.arrayBuffer()));
          await notify('Downloaded');
          await notify('Installing');
          await notify('Installed');
        })();
      }, 10);
      return {};
    });
    const retrieveDate = new Date(Date.now() + 60_000).toISOString();
    const response = await command(built.id, {
      action: 'UpdateFirmware',
      payload: { firmwareId: firmware.id, retrieveDate, retries: 2, retryInterval: 30 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'accepted' });
    expect(asked).toHaveLength(1);
    const location = String(asked[0]?.location);
    expect(location).toMatch(
      new RegExp(
        `^${baseUrl}/api/v1/ocpp/files/firmware/${built.id}\\.${firmware.id}\\.\\d+\\.[\\w-]{43}/evse-3\\.0\\.bin$`,
      ),
    );
    expect(asked[0]).toMatchObject({ retrieveDate, retries: 2, retryInterval: 30 });
    await expect.poll(async () => (await progressOf(built.id)).firmware.status).toBe('Installed');
    expect(fetched[0]?.equals(bytes)).toBe(true);
    expect((await progressOf(built.id)).firmware).toMatchObject({
      requested: { id: firmware.id },
      retrieve_date: retrieveDate,
    });
    const log = await context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${built.id}/commands/`,
      headers,
    });
    expect(log.json<{ items: { action: string; request: { location: string } }[] }>().items[0]).toMatchObject({
      action: 'UpdateFirmware',
      request: { location },
    });
  });

  it('serves the URL without a session, by range too; refuses a wrong or expired signature with 403', async () => {
    const bytes = firmwareBytes(4096, 9);
    const firmware = await uploadFirmware(bytes, 'range.bin');
    const built = await station();
    const signer = createFileUrlSigner(context.config.jwtSecret);
    const token = signer.sign({
      kind: 'firmware',
      stationId: built.id,
      firmwareId: firmware.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const url = (value: string) => `/api/v1/ocpp/files/firmware/${value}/range.bin`;
    const whole = await context.app.inject({ method: 'GET', url: url(token) });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await context.app.inject({ method: 'GET', url: url(token), headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/4096');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    expect(
      (await context.app.inject({ method: 'GET', url: url(token), headers: { range: 'bytes=5000-' } })).statusCode,
    ).toBe(416);

    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, -1)}${last}`;
    const otherFirmware = token.replace(`.${firmware.id}.`, `.${firmware.id + 1000}.`);
    const expired = signer.sign({
      kind: 'firmware',
      stationId: built.id,
      firmwareId: firmware.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const diagnosticsToken = signer.sign({
      kind: 'diagnostics',
      stationId: built.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    for (const bad of [tampered, otherFirmware, expired, diagnosticsToken, 'nonsense', `${token}.1`]) {
      const refused = await context.app.inject({ method: 'GET', url: url(bad), headers: { 'accept-language': 'en' } });
      expect(refused.statusCode, bad).toBe(403);
      expect(refused.json()).toEqual({ detail: 'The link is invalid or has expired' });
    }
    const otherKey = createFileUrlSigner('another-secret-that-is-long-enough-for-hmac').sign({
      kind: 'firmware',
      stationId: built.id,
      firmwareId: firmware.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await context.app.inject({ method: 'GET', url: url(otherKey) })).statusCode).toBe(403);
    await context.app.inject({ method: 'DELETE', url: `/api/v1/ocpp/firmware/${firmware.id}/`, headers });
    expect((await context.app.inject({ method: 'GET', url: url(token) })).statusCode).toBe(404);
  });

  it('refuses an unknown firmware (404), a retrieve date over a year ahead and bad retries (400)', async () => {
    const built = await station();
    expect((await command(built.id, { action: 'UpdateFirmware', payload: { firmwareId: 999_999 } })).json()).toEqual({
      detail: 'Firmware not found',
    });
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    const firmware = await uploadFirmware(firmwareBytes(100));
    for (const payload of [
      { firmwareId: firmware.id, retrieveDate: far },
      { firmwareId: firmware.id, retries: -1 },
      { firmwareId: firmware.id, retrieveDate: 'tomorrow' },
      { location: 'http://example.com/fw.bin', retrieveDate: new Date().toISOString() },
    ]) {
      expect((await command(built.id, { action: 'UpdateFirmware', payload })).statusCode).toBe(400);
    }
  });
});

describe('GetDiagnostics', () => {
  it('the charge point uploads to its signed location (PUT, then multipart POST); the files are listed and downloadable', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const log = Buffer.from('2026-11-28T10:00:00Z boot ok\n'.repeat(2000));
    const asked: Record<string, unknown>[] = [];
    const uploads: number[] = [];
    client.handle('GetDiagnostics', async ({ params }) => {
      asked.push(params as Record<string, unknown>);
      const location = String((params as { location: string }).location);
      setTimeout(() => {
        void (async () => {
          await client.call('DiagnosticsStatusNotification', { status: 'Uploading' });
          const put = await fetch(`${location}diagnostics-1.log`, { method: 'PUT', body: log });
          uploads.push(put.status);
          const form = new FormData();
          form.append('file', new Blob([log.subarray(0, 1000)]), 'diagnostics-2.log');
          uploads.push((await fetch(location, { method: 'POST', body: form })).status);
          await client.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
        })();
      }, 10);
      return { fileName: 'diagnostics-1.log' };
    });
    const startTime = new Date(Date.now() - 3_600_000).toISOString();
    const response = await command(built.id, { action: 'GetDiagnostics', payload: { startTime, retries: 1 } });
    expect(response.json()).toMatchObject({ status: 'accepted', response: { fileName: 'diagnostics-1.log' } });
    expect(String(asked[0]?.location)).toMatch(
      new RegExp(`^${baseUrl}/api/v1/ocpp/files/diagnostics/${built.id}\\.\\d+\\.[\\w-]{43}/$`),
    );
    expect(asked[0]).toMatchObject({ startTime, retries: 1 });
    await expect.poll(async () => (await progressOf(built.id)).diagnostics.status).toBe('Uploaded');
    expect(uploads).toEqual([201, 201]);
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${built.id}/diagnostics/`,
      headers,
    });
    const items = list.json<{ items: { id: number; file_name: string; size_bytes: number }[] }>().items;
    expect(items.map((item) => [item.file_name, item.size_bytes])).toEqual([
      ['diagnostics-2.log', 1000],
      ['diagnostics-1.log', log.length],
    ]);
    expect((await progressOf(built.id)).diagnostics.last_file).toMatchObject({ file_name: 'diagnostics-2.log' });
    const download = await context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${built.id}/diagnostics/${items[1]!.id}/`,
      headers,
    });
    expect(download.rawPayload.equals(log)).toBe(true);
    // Another station's id does not reach it.
    const other = await station();
    const elsewhere = await context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${other.id}/diagnostics/${items[1]!.id}/`,
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(elsewhere.json()).toEqual({ detail: 'Diagnostics file not found' });
  });

  it('refuses an upload over OCPP_DIAGNOSTICS_MAX_MB (413), an empty one (400) and a bad signature (403), keeping nothing', async () => {
    const built = await station();
    const signer = createFileUrlSigner(context.config.jwtSecret);
    const token = signer.sign({ kind: 'diagnostics', stationId: built.id, expiresAt: new Date(Date.now() + 60_000) });
    const url = `/api/v1/ocpp/files/diagnostics/${token}/`;
    const before = privateFiles('ocpp-diagnostics');
    const put = (payload: Buffer | string, extra: Record<string, string> = {}) =>
      context.app.inject({
        method: 'PUT',
        url,
        headers: { 'content-type': 'application/octet-stream', ...extra },
        payload,
      });
    const over = await put(firmwareBytes(MB + 1), { 'accept-language': 'en' });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ detail: 'The diagnostics file must be 1 MB or smaller' });
    // Sent in chunks without a length: refused while it arrives.
    const chunked = await context.app.inject({
      method: 'PUT',
      url,
      headers: { 'transfer-encoding': 'chunked', 'accept-language': 'ru' },
      payload: firmwareBytes(MB + 100),
    });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json()).toEqual({ detail: 'Файл диагностики должен быть не больше 1 МБ' });
    const body = await multipartBody({ file: { bytes: firmwareBytes(MB + 5), filename: 'big.log' } });
    const overPost = await context.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': body.contentType, 'accept-language': 'ky' },
      payload: body.payload,
    });
    expect(overPost.statusCode).toBe(413);
    expect(overPost.json()).toEqual({ detail: 'Диагностика файлы 1 МБдан ашпашы керек' });
    expect((await put(Buffer.alloc(0))).statusCode).toBe(400);
    const noFile = await multipartBody({ note: 'no file here' });
    expect(
      (
        await context.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': noFile.contentType },
          payload: noFile.payload,
        })
      ).statusCode,
    ).toBe(400);
    const broken = await context.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.log"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBe(400);
    const expired = signer.sign({ kind: 'diagnostics', stationId: built.id, expiresAt: new Date(Date.now() - 1) });
    const refused = await context.app.inject({
      method: 'PUT',
      url: `/api/v1/ocpp/files/diagnostics/${expired}/log.txt`,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Ссылка недействительна или её срок истёк' });
    expect(privateFiles('ocpp-diagnostics')).toEqual(before);
    // A JSON or text body is a file like any other: stored as sent.
    const json = await context.app.inject({ method: 'PUT', url: `${url}report.json`, payload: { ok: true } });
    expect(json.statusCode).toBe(201);
    expect(json.json()).toMatchObject({ file_name: 'report.json', size_bytes: 11 });
  });

  it('refuses a period whose end is before its start', async () => {
    const built = await station();
    const response = await command(built.id, {
      action: 'GetDiagnostics',
      payload: { startTime: '2026-11-28T10:00:00Z', stopTime: '2026-11-28T09:00:00Z' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'payload.stopTime': ['The end of the period must be after its start'] });
  });
});

describe('permissions', () => {
  it('uploading, deleting and the two commands need stations.manage_charge_point; reading needs stations.view', async () => {
    const built = await station();
    const firmware = await uploadFirmware(firmwareBytes(100));
    const resetOnly = await accountWith(['stations.view', 'stations.reset']);
    expect(
      (await upload({ file: { bytes: firmwareBytes(10), filename: 'a.bin' } }, { as: resetOnly })).statusCode,
    ).toBe(403);
    expect(
      (await context.app.inject({ method: 'DELETE', url: `/api/v1/ocpp/firmware/${firmware.id}/`, headers: resetOnly }))
        .statusCode,
    ).toBe(403);
    expect(
      (await command(built.id, { action: 'UpdateFirmware', payload: { firmwareId: firmware.id } }, resetOnly))
        .statusCode,
    ).toBe(403);
    expect((await command(built.id, { action: 'GetDiagnostics', payload: {} }, resetOnly)).statusCode).toBe(403);
    for (const url of [
      '/api/v1/ocpp/firmware/',
      `/api/v1/ocpp/firmware/${firmware.id}/file/`,
      `/api/v1/ocpp/stations/${built.id}/diagnostics/`,
      `/api/v1/ocpp/stations/${built.id}/firmware-diagnostics/`,
    ]) {
      expect((await context.app.inject({ method: 'GET', url, headers: resetOnly })).statusCode, url).toBe(200);
    }
    const nobody = await accountWith(['merchants.view']);
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/v1/ocpp/firmware/', headers: nobody })).statusCode,
    ).toBe(403);
    const manager = await accountWith(['stations.view', 'stations.manage_charge_point']);
    expect((await upload({ file: { bytes: firmwareBytes(10), filename: 'a.bin' } }, { as: manager })).statusCode).toBe(
      201,
    );
    // Not connected, but allowed: the command is sent and logged as not_connected.
    expect((await command(built.id, { action: 'GetDiagnostics', payload: {} }, manager)).json()).toMatchObject({
      status: 'not_connected',
    });
  });
});
