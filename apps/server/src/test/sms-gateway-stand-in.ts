import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  to: string;
  text: string;
  authorization: string | undefined;
}

/**
 * An HTTP SMS gateway for tests, speaking the protocol docs/product/app-api.md#sms gives: `POST /` with
 * `{"to": "+996…", "text": "…"}` and the bearer token; it records each SMS and answers 200, or the statuses queued
 * with `failNext`.
 */
export const startSmsGatewayStandIn = async () => {
  const received: ReceivedSms[] = [];
  const failures: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = failures.shift() ?? 200;
      if (status === 200) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; text: string };
        received.push({ to: body.to, text: body.text, authorization: request.headers.authorization });
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 200 ? '{"id":"m-1"}' : '{"error":"the number is barred"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    received,
    failNext: (status: number) => failures.push(status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
