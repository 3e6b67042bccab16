import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line this often keeps proxies from closing an idle event stream. */
export const EVENT_STREAM_KEEP_ALIVE_MS = 25_000;

/** True when the request takes a stream; any other gets the opening comment and the end at once (`openingOnly`). */
export const wantsEventStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes('text/event-stream');

/** What a request that does not accept text/event-stream is answered: the opening comment, and the end. */
export const openingOnly = (reply: FastifyReply) =>
  reply.type('text/event-stream; charset=utf-8').send(': connected\n\n');

/**
 * Opens a server-sent event stream on the reply (docs/api.md): Fastify lets go of it, the headers that keep proxies
 * from buffering it, the opening comment with the browser's reconnect delay, and a keep-alive comment every 25 s.
 * `onClose` runs once when the client goes. The caller writes `data: …\n\n` lines and keeps the response in its set of
 * open streams, which the app ends when it closes (a hijacked reply would otherwise hold the server open).
 */
export const openEventStream = (request: FastifyRequest, reply: FastifyReply, onClose: () => void): ServerResponse => {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  response.write(': connected\nretry: 3000\n\n');
  const keepAlive = setInterval(() => response.write(': keep-alive\n\n'), EVENT_STREAM_KEEP_ALIVE_MS);
  request.raw.on('close', () => {
    clearInterval(keepAlive);
    onClose();
  });
  return response;
};
