import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { type FileTransferApp, startFileTransferApp } from '../../test/file-transfer-app';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, connectChargePoint } from '../../test/ocpp-builders';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in';
import { multipartBody } from '../../test/station-requests';
import type { TestContext } from '../../test/test-app';
import { createS3ObjectStore } from '../media';

// Issue 36, item 2, through the API: with S3_* set, staff's firmware and the charge points' diagnostics live in the
// bucket under private/ (nothing on the local disk), a charge point downloads its firmware from the signed URL (the
// server streams it from the bucket, by range too), uploads its diagnostics there, and staff download them back.
let s3: S3StandIn;
let bucket: string;
let app: FileTransferApp;
let context: TestContext;
let endpoint: string;
let headers: { authorization: string };
let merchantId: number;
const clients: RPCClient[] = [];

const db = () => context.database.db;

beforeAll(async () => {
  s3 = await startS3StandIn();
  bucket = await s3.createBucket('ocpp-files');
  app = await startFileTransferApp({ OCPP_CALL_TIMEOUT_MS: '2000' }, { s3: s3.options(bucket) });
  ({ context, endpoint } = app);
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  for (const client of clients) {
    await client.close({ force: true });
  }
  await app?.close();
  await s3?.close();
});

const bucketKeys = async (prefix: string) => {
  const objects = await createS3ObjectStore(s3.options(bucket));
  const keys: string[] = [];
  for await (const object of objects.list(prefix)) {
    keys.push(object.key);
  }
  return keys.sort();
};

it('keeps firmware and diagnostics in the bucket, served to the charge point and to staff through the server', async () => {
  const firmwareBytes = Buffer.from(Array.from({ length: 150_000 }, (_, i) => (i * 17 + 5) % 253));
  const body = await multipartBody({ file: { bytes: firmwareBytes, filename: 'evse-4.0.bin' }, version: '4.0' });
  const uploaded = await context.app.inject({
    method: 'POST',
    url: '/api/v1/ocpp/firmware/',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const firmware = uploaded.json<{ id: number }>();
  expect(await bucketKeys('private/ocpp-firmware/')).toHaveLength(1);
  expect(existsSync(join(context.config.dataDir, 'uploads', 'private'))).toBe(false);

  const station = await buildChargePointStation(db(), context.config, {
    merchantId,
    connectors: [{ evse_id: 1, custom_fee: '20.00' }],
  });
  const client = await connectChargePoint({ endpoint, identity: station.identity });
  clients.push(client);
  const fetched: { whole?: Buffer; part?: Buffer } = {};
  client.handle('UpdateFirmware', async ({ params }) => {
    const location = String((params as { location: string }).location);
    setTimeout(() => {
      void (async () => {
        fetched.whole = Buffer.from(await (await fetch(location)).arrayBuffer());
        fetched.part = Buffer.from(
          await (await fetch(location, { headers: { range: 'bytes=100-199' } })).arrayBuffer(),
        );
        await client.call('FirmwareStatusNotification', { status: 'Installed' });
      })();
    }, 10);
    return {};
  });
  const log = Buffer.from('2026-11-30T07:00:00Z connector 1 ok\n'.repeat(500));
  client.handle('GetDiagnostics', async ({ params }) => {
    const location = String((params as { location: string }).location);
    setTimeout(() => {
      void (async () => {
        await fetch(`${location}diagnostics.log`, { method: 'PUT', body: log });
        await client.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
      })();
    }, 10);
    return { fileName: 'diagnostics.log' };
  });
  const command = (payload: object) =>
    context.app.inject({
      method: 'POST',
      url: `/api/v1/ocpp/stations/${station.id}/commands/`,
      headers,
      payload,
    });
  const progress = async () =>
    (
      await context.app.inject({
        method: 'GET',
        url: `/api/v1/ocpp/stations/${station.id}/firmware-diagnostics/`,
        headers,
      })
    ).json<{ firmware: { status: string | null }; diagnostics: { status: string | null } }>();

  const update = await command({
    action: 'UpdateFirmware',
    payload: { firmwareId: firmware.id, retrieveDate: new Date().toISOString() },
  });
  expect(update.json()).toMatchObject({ status: 'accepted' });
  await expect.poll(async () => (await progress()).firmware.status).toBe('Installed');
  expect(fetched.whole?.equals(firmwareBytes)).toBe(true);
  expect(fetched.part?.equals(firmwareBytes.subarray(100, 200))).toBe(true);

  const diagnostics = await command({ action: 'GetDiagnostics', payload: {} });
  expect(diagnostics.json()).toMatchObject({ status: 'accepted' });
  await expect.poll(async () => (await progress()).diagnostics.status).toBe('Uploaded');
  expect(await bucketKeys('private/ocpp-diagnostics/')).toHaveLength(1);
  const list = await context.app.inject({
    method: 'GET',
    url: `/api/v1/ocpp/stations/${station.id}/diagnostics/`,
    headers,
  });
  const [file] = list.json<{ items: { id: number; file_name: string }[] }>().items;
  expect(file?.file_name).toBe('diagnostics.log');
  const download = await context.app.inject({
    method: 'GET',
    url: `/api/v1/ocpp/stations/${station.id}/diagnostics/${file!.id}/`,
    headers,
  });
  expect(download.rawPayload.equals(log)).toBe(true);
  expect(existsSync(join(context.config.dataDir, 'uploads', 'private'))).toBe(false);

  // A deleted firmware leaves nothing in the bucket.
  const deleted = await context.app.inject({
    method: 'DELETE',
    url: `/api/v1/ocpp/firmware/${firmware.id}/`,
    headers,
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
  expect(await bucketKeys('private/ocpp-firmware/')).toEqual([]);
});
