import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  /** Whether X-Zaryad-Signature is the HMAC-SHA256 of the exact body with the secret. */
  signatureValid: boolean;
  /** The status this stand-in answered. */
  status: number;
}

/**
 * A receiver of outgoing webhooks for tests: a real HTTP server that checks each request's signature against the
 * secret it is told, records it, and answers 204, or the statuses queued with `failNext`.
 */
export const startWebhookStandIn = async () => {
  const received: ReceivedWebhook[] = [];
  const failures: number[] = [];
  let secret = '';
  const waiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
      const given = Buffer.from(String(request.headers['x-zaryad-signature'] ?? ''));
      const signatureValid = given.length === expected.length && timingSafeEqual(given, expected);
      const status = failures.shift() ?? 204;
      received.push({
        body: JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>,
        headers: request.headers,
        signatureValid,
        status,
      });
      response.writeHead(status);
      response.end();
      for (const waiter of waiters.splice(0)) {
        waiter();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/zaryad`,
    received,
    /** The secret the signatures are checked with. */
    useSecret(value: string) {
      secret = value;
    },
    failNext(...statuses: number[]) {
      failures.push(...statuses);
    },
    /** Resolves once `count` requests have arrived in all. */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} webhook requests, got ${received.length}`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
