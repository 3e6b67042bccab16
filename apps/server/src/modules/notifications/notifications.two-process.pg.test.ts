import type { AddressInfo } from 'node:net';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { buildAccount, type BuiltAccount, signIn } from '../../test/builders';
import { createArrayFeed, incidentEvent } from '../../test/notification-builders';
import { createTestContext, TEST_LOGIN_LIMIT, type TestContext } from '../../test/test-app';
import { startWebhookStandIn } from '../../test/webhook-stand-in';
import { accounts, roles } from '../accounts';
import { outbox } from '../mail';
import { notificationDeliveries, notifications, setIncidentEventFeed } from '.';

// Two app instances on one PostgreSQL database, each with its own pool (two processes as far as the database can tell),
// both running the fan-out (under the scheduler's advisory lock) and the delivery worker (SKIP LOCKED claims) every
// 50 ms: every notification is made once and every delivery sent once, a webhook's failure retried by whichever
// instance comes first, and the account's event stream on the second instance hears each notification once, whichever
// instance made it (LISTEN/NOTIFY). PostgreSQL run only.
const input = createArrayFeed();
const notificationsConfig = {
  telegramBotToken: undefined,
  telegramApiUrl: 'http://127.0.0.1:9',
  maxAttempts: 5,
  retrySeconds: 0.05,
  pollMs: 50,
};

let context: TestContext;
let secondDatabase: DatabaseHandle;
let second: FastifyInstance;
let receiver: Awaited<ReturnType<typeof startWebhookStandIn>>;

beforeAll(async () => {
  setIncidentEventFeed(input.feed);
  receiver = await startWebhookStandIn();
  context = await createTestContext({ config: { notifications: notificationsConfig } });
  const url = (context.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  secondDatabase = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 5 });
  second = await buildApp({
    config: context.config,
    database: secondDatabase,
    logger: false,
    loginLimit: TEST_LOGIN_LIMIT,
  });
  await Promise.all([context.app.ready(), second.ready()]);
});

afterAll(async () => {
  setIncidentEventFeed(null);
  await second.close();
  await secondDatabase.close();
  await context.close();
  await receiver.close();
});

const db = () => context.database.db;

const waitUntil = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error('timed out');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('notifications across two processes', () => {
  it('makes each notification once and sends each delivery once', async () => {
    const admin = await buildAccount(db(), { roleKey: 'superadmin' });
    const adminHeaders = (await signIn(context.app, admin)).headers;
    const operators: BuiltAccount[] = [];
    for (let index = 0; index < 3; index += 1) {
      const operator = await buildAccount(db(), { roleKey: 'operator' });
      const headers = (await signIn(context.app, operator)).headers;
      const saved = await context.app.inject({
        method: 'PUT',
        url: '/api/v1/notifications/preferences/',
        headers,
        payload: { rules: ['station_offline'], merchant_ids: null, quiet_hours: null, channels: ['in_app', 'email'] },
      });
      expect(saved.statusCode).toBe(200);
      operators.push(operator);
    }
    const secret = 'two-process-secret-0123456789';
    receiver.useSecret(secret);
    const hook = await second.inject({
      method: 'POST',
      url: '/api/v1/webhooks/',
      headers: adminHeaders,
      payload: { name: 'NOC', url: receiver.url, secret, rules: ['station_offline'], enabled: true },
    });
    expect(hook.statusCode).toBe(201);

    // The first operator listens on the second instance.
    await second.listen({ port: 0, host: '127.0.0.1' });
    const { port } = second.server.address() as AddressInfo;
    const abort = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/api/v1/notifications/events/`, {
      headers: { ...(await signIn(second, operators[0] as BuiltAccount)).headers, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let streamed = '';
    const reading = (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) {
          return;
        }
        streamed += decoder.decode(chunk.value);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));

    const events = 30;
    receiver.failNext(500);
    for (let index = 0; index < events; index += 1) {
      input.push(incidentEvent({ stationId: index + 1 }));
      if (index % 10 === 9) {
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    }

    // Recipients: every active account that may see incidents (the admin with the defaults: every rule, in the app), the
    // three operators in the app and by e-mail.
    const [recipients] = await db()
      .select({ value: count() })
      .from(accounts)
      .innerJoin(roles, eq(roles.id, accounts.roleId))
      .where(and(eq(accounts.status, 0), sql`'alerts.view' = any(${roles.permissions})`));
    const expectedNotifications = events * (recipients?.value ?? 0);
    const expectedDeliveries = events * 3 + events;
    await waitUntil(async () => {
      const [made] = await db()
        .select({ value: count() })
        .from(notificationDeliveries)
        .where(ne(notificationDeliveries.kind, 'test'));
      const [unsent] = await db()
        .select({ value: count() })
        .from(notificationDeliveries)
        .where(ne(notificationDeliveries.status, 'sent'));
      return made?.value === expectedDeliveries && unsent?.value === 0;
    });
    await waitUntil(async () => (streamed.match(/^data: /gm) ?? []).length >= events);
    await new Promise((resolve) => setTimeout(resolve, 300));
    abort.abort();
    await reading;

    const [made] = await db().select({ value: count() }).from(notifications);
    expect(made?.value).toBe(expectedNotifications);
    // Every request the receiver got is a distinct delivery, but the one that failed and was retried.
    const ids = receiver.received.map((request) => (request.body as { delivery_id: number }).delivery_id);
    expect(receiver.received).toHaveLength(events + 1);
    expect(new Set(ids).size).toBe(events);
    expect(receiver.received.every((request) => request.signatureValid)).toBe(true);
    const retried = await db()
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.channel, 'webhook'), ne(notificationDeliveries.attempts, 1)));
    expect(retried.map((row) => [row.attempts, row.status])).toEqual([[2, 'sent']]);
    for (const operator of operators) {
      const [mails] = await db().select({ value: count() }).from(outbox).where(eq(outbox.recipient, operator.email));
      expect(mails?.value).toBe(events);
    }
    // The stream on the second instance heard each of its account's notifications once.
    const titles = (streamed.match(/^data: .*$/gm) ?? []).map(
      (line) => (JSON.parse(line.slice(6)) as { id: number }).id,
    );
    expect(titles).toHaveLength(events);
    expect(new Set(titles).size).toBe(events);
  });
});
