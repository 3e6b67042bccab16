import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import type { TTokenPair } from '@zaryad/contracts';
import type { TWebhook } from '@zaryad/contracts/notifications';
import { E2E_BASE_URL } from '../env';

export { connectChargePoint } from '../support/charge-points';

/**
 * A webhook receiver in the test: a real HTTP server that checks X-Zaryad-Signature with the secret it is told, records
 * each request and answers 204, or the statuses queued with failNext for the next requests of one event (another
 * test's incidents may reach the same receiver meanwhile, and must not take them).
 */
export const startReceiver = async () => {
  const received: { body: { event?: string }; signatureValid: boolean }[] = [];
  const failures: { event: string; status: number }[] = [];
  let secret = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
      const given = Buffer.from(String(request.headers['x-zaryad-signature'] ?? ''));
      const body = JSON.parse(raw.toString('utf8') || '{}') as { event?: string };
      received.push({ body, signatureValid: given.length === expected.length && timingSafeEqual(given, expected) });
      const failure = failures.findIndex(({ event }) => event === body.event);
      response.writeHead(failure >= 0 ? (failures.splice(failure, 1)[0]?.status ?? 204) : 204);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/zaryad`,
    received,
    useSecret: (value: string) => {
      secret = value;
    },
    failNext: (event: string, ...statuses: number[]) => failures.push(...statuses.map((status) => ({ event, status }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A webhook made through the API. */
export const buildWebhook = async (
  request: APIRequestContext,
  admin: TTokenPair,
  body: { name: string; url: string; secret: string; rules?: string[] },
): Promise<TWebhook> => {
  const response = await request.post(`${E2E_BASE_URL}/api/v1/webhooks/`, {
    headers: { authorization: `Bearer ${admin.access}` },
    data: { rules: ['connector_faulted', 'station_offline'], enabled: true, ...body },
  });
  if (response.status() !== 201) {
    throw new Error(`webhook: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as TWebhook;
};
