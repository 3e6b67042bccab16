import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of the Telegram Bot API (https://core.telegram.org/bots/api) for tests: a real HTTP server that
 * answers getMe, sendMessage and getUpdates at /bot<token>/<method> as Telegram does (`{ ok, result }`), records the
 * messages sent, hands out the updates a test queues (`userSends`), and fails the next calls on demand (`failNext`).
 */
export interface TelegramStandIn {
  /** The API root to give TELEGRAM_API_URL. */
  url: string;
  token: string;
  username: string;
  sent: { chat_id: string; text: string }[];
  /** A user writes to the bot (a `/start <code>` for instance); getUpdates answers it. */
  userSends(chatId: number, text: string): void;
  /** The next `count` sendMessage calls answer 500 (or the given code). */
  failNext(count: number, errorCode?: number): void;
  /** Resolves when a message has been sent to the chat. */
  nextMessage(chatId?: string): Promise<{ chat_id: string; text: string }>;
  calls: string[];
  close(): Promise<void>;
}

const readJson = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};

export const startTelegramStandIn = async (token = '123456:TEST-token'): Promise<TelegramStandIn> => {
  const sent: { chat_id: string; text: string }[] = [];
  const calls: string[] = [];
  const updates: { update_id: number; message: object }[] = [];
  const waiters: { chatId: string | undefined; resolve: (message: { chat_id: string; text: string }) => void }[] = [];
  let nextUpdateId = 1000;
  let failures = 0;
  let failureCode = 500;
  const username = 'zaryad_test_bot';

  const server = createServer((request, response) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      const answer = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (!match || match[1] !== token) {
        answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
        return;
      }
      const method = match[2] ?? '';
      calls.push(method);
      const body = await readJson(request);
      if (method === 'getMe') {
        answer(200, { ok: true, result: { id: 42, is_bot: true, first_name: 'Zaryad', username } });
        return;
      }
      if (method === 'getUpdates') {
        const offset = Number(body.offset ?? 0);
        answer(200, { ok: true, result: updates.filter((update) => update.update_id >= offset) });
        return;
      }
      if (method === 'sendMessage') {
        if (failures > 0) {
          failures -= 1;
          answer(failureCode, { ok: false, error_code: failureCode, description: 'Internal Server Error: on demand' });
          return;
        }
        const message = { chat_id: String(body.chat_id), text: String(body.text) };
        sent.push(message);
        for (const waiter of waiters.filter((candidate) => !candidate.chatId || candidate.chatId === message.chat_id)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
        answer(200, {
          ok: true,
          result: {
            message_id: sent.length,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(body.chat_id), type: 'private' },
            text: message.text,
          },
        });
        return;
      }
      answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    })().catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    username,
    sent,
    calls,
    userSends(chatId, text) {
      nextUpdateId += 1;
      updates.push({
        update_id: nextUpdateId,
        message: {
          message_id: nextUpdateId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private' },
          from: { id: chatId, is_bot: false, first_name: 'Operator' },
          text,
        },
      });
    },
    failNext(count, errorCode = 500) {
      failures = count;
      failureCode = errorCode;
    },
    nextMessage(chatId) {
      return new Promise((resolve) => waiters.push({ chatId, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
