import type { AddressInfo } from 'node:net';
import type {
  TNotificationPage,
  TNotificationPreferences,
  TTelegramLink,
  TWebhook,
  TWebhookDelivery,
} from '@zaryad/contracts/notifications';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, type BuiltAccount, signIn } from '../../test/builders';
import { createArrayFeed, incidentEvent } from '../../test/notification-builders';
import { startSmtpServer } from '../../test/smtp-server';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/telegram-stand-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { startWebhookStandIn } from '../../test/webhook-stand-in';
import { auditLog } from '../audit';
import { outbox } from '../mail';
import { notificationDeliveries, setIncidentEventFeed } from '.';

// The notifications API on the embedded database, against real local stand-ins: an SMTP server, the Telegram Bot API
// and a webhook receiver that checks the signature. The background ticks are slowed to a minute: each test runs the
// fan-out and the delivery worker itself (app.notificationWorker), so that every step is seen.
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let telegram: TelegramStandIn;
let receiver: Awaited<ReturnType<typeof startWebhookStandIn>>;
const input = createArrayFeed();

const worker = () => ctx.app.notificationWorker;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  smtp = await startSmtpServer();
  telegram = await startTelegramStandIn();
  receiver = await startWebhookStandIn();
  setIncidentEventFeed(input.feed);
  ctx = await createTestContext({
    config: {
      smtpUrl: smtp.url,
      publicUrl: 'https://zaryad.example',
      notifications: {
        telegramBotToken: telegram.token,
        telegramApiUrl: telegram.url,
        maxAttempts: 3,
        retrySeconds: 0.05,
        pollMs: 60_000,
      },
    },
  });
  await ctx.app.ready();
});

afterAll(async () => {
  setIncidentEventFeed(null);
  await ctx.close();
  await Promise.all([smtp.close(), telegram.close(), receiver.close()]);
});

const as = async (account: BuiltAccount, language = 'en') => ({
  ...(await signIn(ctx.app, account)).headers,
  'accept-language': language,
});

const list = async (headers: Record<string, string>, query = '') => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/notifications/${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<TNotificationPage>();
};

const savePreferences = (headers: Record<string, string>, body: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/notifications/preferences/', headers, payload: body });

const PREFERENCES = {
  rules: ['station_offline', 'connector_faulted'],
  merchant_ids: null,
  quiet_hours: null,
  channels: ['in_app'],
};

/** Pushes events, runs the fan-out and answers what it created. */
const tell = async (...events: ReturnType<typeof incidentEvent>[]) => {
  input.push(...events);
  const [result] = await worker().fanOut();
  return result;
};

/** Delivers until the event's delivery on the channel is no longer pending (sent or failed); answers its row. */
const settled = async (eventId: number, channel: string) => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await worker().deliver();
    const [row] = (await deliveriesOf(eventId)).filter((candidate) => candidate.channel === channel);
    if ((row && row.status !== 'pending') || Date.now() > deadline) {
      return row;
    }
    await sleep(30);
  }
};

const deliveriesOf = (eventId: number) =>
  ctx.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.eventId, eventId));

describe('preferences', () => {
  it('answers the defaults, saves a change in the language of the request, and refuses bad values in it', async () => {
    const headers = await as(await buildAccount(ctx.database.db, { roleKey: 'operator' }));
    const initial = await ctx.app.inject({ method: 'GET', url: '/api/v1/notifications/preferences/', headers });
    expect(initial.statusCode).toBe(200);
    expect(initial.json<TNotificationPreferences>()).toMatchObject({
      merchant_ids: null,
      quiet_hours: null,
      channels: ['in_app'],
      language: 'ru',
      telegram: { configured: true, linked: false, bot_username: telegram.username },
    });
    expect(initial.json<TNotificationPreferences>().rules).toHaveLength(9);

    const saved = await savePreferences(
      { ...headers, 'accept-language': 'ky' },
      {
        ...PREFERENCES,
        merchant_ids: [3, 3, 5],
        quiet_hours: { from: '22:00', to: '07:30' },
        channels: ['in_app', 'email'],
      },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json<TNotificationPreferences>()).toMatchObject({
      rules: ['station_offline', 'connector_faulted'],
      merchant_ids: [3, 5],
      quiet_hours: { from: '22:00', to: '07:30' },
      channels: ['in_app', 'email'],
      language: 'ky',
    });

    const bad = await savePreferences(headers, {
      ...PREFERENCES,
      quiet_hours: { from: '24:00', to: '7:00' },
      channels: ['sms'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      'quiet_hours.from': ['Enter the time as HH:MM (00:00 to 23:59)'],
      'quiet_hours.to': ['Enter the time as HH:MM (00:00 to 23:59)'],
      'channels.0': ['Select a valid choice.'],
    });
    const russian = await savePreferences(
      { ...headers, 'accept-language': 'ru' },
      { ...PREFERENCES, quiet_hours: { from: '9', to: '10:00' } },
    );
    expect(russian.json()).toEqual({ 'quiet_hours.from': ['Введите время в формате ЧЧ:ММ (от 00:00 до 23:59)'] });
  });
});

describe('the bell', () => {
  it('fans an event out once to the accounts whose rules and merchants match, lists and marks them read', async () => {
    const operator = await buildAccount(ctx.database.db, { roleKey: 'operator' });
    const otherRules = await buildAccount(ctx.database.db, { roleKey: 'manager' });
    const otherMerchant = await buildAccount(ctx.database.db, { roleKey: 'analyst' });
    const headers = await as(operator);
    expect(
      (await savePreferences(await as(otherRules), { ...PREFERENCES, rules: ['connector_faulted'] })).statusCode,
    ).toBe(200);
    expect((await savePreferences(await as(otherMerchant), { ...PREFERENCES, merchant_ids: [101] })).statusCode).toBe(
      200,
    );

    const [event] = input.push(incidentEvent({ merchantId: 202, connectorId: 2, stationId: 7 }));
    await worker().fanOut();
    // A second run finds nothing after the cursor: nothing is told twice.
    expect(await worker().fanOut()).toEqual([]);

    const page = await list(headers);
    expect(page.unread).toBe(1);
    expect(page.items).toEqual([
      expect.objectContaining({
        incident_id: event?.incidentId,
        rule: 'station_offline',
        event: 'opened',
        severity: 'critical',
        title: 'Station offline: opened',
        body: 'Station «Ala-Too 1», connector 2',
        station_id: 7,
        read: false,
      }),
    ]);
    expect((await list({ ...headers, 'accept-language': 'ky' })).items[0]?.title).toBe('Станция тармакта эмес: ачылды');
    expect((await list(await as(otherRules))).total).toBe(0);
    expect((await list(await as(otherMerchant))).total).toBe(0);

    // A network-wide incident (no merchant) reaches the merchant-filtered account too; `repeated` is not told.
    await tell(incidentEvent({ rule: 'station_offline', merchantId: null }), incidentEvent({ event: 'repeated' }));
    expect((await list(await as(otherMerchant))).total).toBe(1);
    expect((await list(headers)).total).toBe(2);

    const first = page.items[0]?.id ?? 0;
    // Another account's ids change nothing.
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read/',
      headers: await as(otherMerchant, 'en'),
      payload: { ids: [first] },
    });
    expect(foreign.json()).toEqual({ updated: 0, unread: 1 });
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read/',
      headers,
      payload: { ids: [first] },
    });
    expect(read.json()).toEqual({ updated: 1, unread: 1 });
    expect((await list(headers, '?unread=true')).items.map((item) => item.id)).not.toContain(first);
    const neither = await ctx.app.inject({ method: 'POST', url: '/api/v1/notifications/read/', headers, payload: {} });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({
      non_field_errors: ['Give the ids of the notifications to mark read, or all: true'],
    });
    const all = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read/',
      headers,
      payload: { all: true },
    });
    expect(all.json()).toEqual({ updated: 1, unread: 0 });
  });

  it('streams a new notification to the account it is for over server-sent events', async () => {
    const operator = await buildAccount(ctx.database.db, { roleKey: 'operator' });
    const headers = await as(operator);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const abort = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/notifications/events/`, {
      headers: { ...headers, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const chunk = await reader.read();
        if (chunk.done) {
          break;
        }
        text += decoder.decode(chunk.value);
      }
    };
    await readUntil(/: connected/);
    await tell(incidentEvent({ rule: 'connector_faulted', connectorId: 1 }));
    await readUntil(/data: .*\n\n/);
    abort.abort();
    const data = JSON.parse(/data: (.*)\n/.exec(text)?.[1] ?? 'null') as { title: string; read: boolean };
    expect(data).toMatchObject({ title: 'Connector faulted: opened', read: false });
  });
});

describe('e-mail', () => {
  it('holds back all but critical ones in quiet hours, and mails in the language of the account over SMTP', async () => {
    const account = await buildAccount(ctx.database.db, { roleKey: 'operator' });
    const headers = await as(account, 'ru');
    const minute = (new Date().getUTCHours() * 60 + new Date().getUTCMinutes() + 360) % 1440;
    const time = (value: number) => {
      const wrapped = (value + 1440) % 1440;
      return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
    };
    await savePreferences(headers, {
      ...PREFERENCES,
      channels: ['in_app', 'email'],
      quiet_hours: { from: time(minute - 60), to: time(minute + 60) },
    });

    const warning = incidentEvent({ rule: 'connector_faulted', severity: 'warning' });
    await tell(warning);
    expect((await deliveriesOf(warning.eventId)).filter((row) => row.accountId === account.id)).toEqual([]);
    // In the app it came all the same.
    expect((await list(headers)).total).toBe(1);

    const critical = incidentEvent({ connectorId: 3 });
    await tell(critical);
    const mails = (await deliveriesOf(critical.eventId)).filter((row) => row.channel === 'email');
    expect(mails.map((row) => row.accountId)).toContain(account.id);
    await worker().deliver();
    await ctx.app.mailer.flush();
    expect(smtp.received.filter((mail) => mail.to.includes(account.email))).toHaveLength(1);
    const [row] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, account.email))
      .orderBy(desc(outbox.id));
    expect(row?.subject).toBe('[Критический] Станция не в сети: открыт');
    expect(row?.text).toContain(`https://zaryad.example/incidents?id=${critical.incidentId}`);
    expect(row?.text).toContain('Станция «Ала-Тоо 1», коннектор 3');
    const delivery = mails.find((row) => row.accountId === account.id);
    const [after] = await ctx.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.id, delivery?.id ?? 0));
    expect(after).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('Telegram', () => {
  it('links a chat by a one-time code and delivers, retrying after the Bot API failed', async () => {
    const account = await buildAccount(ctx.database.db, { roleKey: 'operator' });
    const headers = await as(account);
    const link = await ctx.app.inject({ method: 'POST', url: '/api/v1/notifications/telegram/link/', headers });
    expect(link.statusCode).toBe(200);
    const { code, url } = link.json<TTelegramLink>();
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    expect(url).toBe(`https://t.me/${telegram.username}?start=${code}`);

    telegram.userSends(555, '/start WRONGCODE1');
    telegram.userSends(777, `/start ${code}`);
    await worker().linkTelegram();
    expect(telegram.sent).toEqual(
      expect.arrayContaining([
        { chat_id: '555', text: 'Код неизвестен или устарел. Получите новый в профиле Zaryad.' },
        { chat_id: '777', text: 'Telegram is linked to your Zaryad account: alerts will arrive here.' },
      ]),
    );
    // The offset moved: the same updates are not read again.
    const before = telegram.sent.length;
    await worker().linkTelegram();
    expect(telegram.sent.length).toBe(before);
    const preferences = await ctx.app.inject({ method: 'GET', url: '/api/v1/notifications/preferences/', headers });
    expect(preferences.json<TNotificationPreferences>().telegram.linked).toBe(true);

    await savePreferences(headers, { ...PREFERENCES, channels: ['in_app', 'telegram'] });
    // The Bot API fails the first attempt; the worker (the fan-out's own nudge, or this test's calls) retries it.
    telegram.failNext(1);
    const arrived = telegram.nextMessage('777');
    const event = incidentEvent({ connectorId: 4 });
    await tell(event);
    const sent = await settled(event.eventId, 'telegram');
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect((await arrived).text).toContain('[Critical] Station offline: opened');
    expect(
      telegram.sent.filter((message) => message.chat_id === '777' && message.text.includes('Station offline')),
    ).toHaveLength(1);

    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/v1/notifications/telegram/', headers })).statusCode,
    ).toBe(204);
    const again = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/notifications/telegram/', headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'No Telegram chat is linked to this account' });
  });
});

describe('webhooks', () => {
  it('are managed with alerts.manage only, and validated', async () => {
    const operator = await as(await buildAccount(ctx.database.db, { roleKey: 'operator' }));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/webhooks/', headers: operator })).statusCode).toBe(403);
    const manager = await buildAccount(ctx.database.db, { roleKey: 'superadmin' });
    const admin = await as(manager);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/',
      headers: admin,
      payload: { name: ' ', url: 'ftp://example.com', secret: 'short', rules: [], enabled: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      name: ['This field may not be blank.'],
      url: ['Enter an http:// or https:// address'],
      secret: ['Ensure this field has at least 16 characters.'],
      rules: ['Select at least one rule'],
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/',
      headers: admin,
      payload: { name: 'NOC', url: 'https://noc.example/hook', rules: ['station_offline'], enabled: false },
    });
    expect(created.statusCode).toBe(201);
    const hook = created.json<TWebhook>();
    expect(hook.secret.length).toBeGreaterThanOrEqual(16);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/webhooks/${hook.id}/`,
      headers: admin,
      payload: { name: 'NOC 2', url: 'https://noc.example/hook2', rules: ['charge_failed'], enabled: false },
    });
    expect(changed.json<TWebhook>()).toMatchObject({ name: 'NOC 2', secret: hook.secret, rules: ['charge_failed'] });
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${hook.id}/`, headers: admin })).statusCode,
    ).toBe(204);
    const gone = await ctx.app.inject({ method: 'GET', url: `/api/v1/webhooks/${hook.id}/`, headers: admin });
    expect(gone.statusCode).toBe(404);
    // Every change is in the audit log, by whom, the secret only as "changed".
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'webhook'), eq(auditLog.entityId, String(hook.id))))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['create', manager.id],
      ['update', manager.id],
      ['delete', manager.id],
    ]);
    expect(entries[0]?.changes).toMatchObject({ secret: { before: null, after: 'changed' }, name: { after: 'NOC' } });
    expect(entries[1]?.changes).toMatchObject({ name: { before: 'NOC', after: 'NOC 2' } });
    expect(JSON.stringify(entries)).not.toContain(hook.secret);
  });

  it('receive signed events of their rules, retried with backoff after a failure, logged with status and duration', async () => {
    const admin = await as(await buildAccount(ctx.database.db, { roleKey: 'superadmin' }));
    const secret = 'a-secret-of-the-noc-1234';
    receiver.useSecret(secret);
    const create = (rules: string[], enabled = true) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/',
        headers: admin,
        payload: { name: 'NOC', url: receiver.url, secret, rules, enabled },
      });
    const hook = (await create(['ledger_mismatch'])).json<TWebhook>();
    await create(['ledger_mismatch'], false);
    await create(['charge_failed']);

    const start = receiver.received.length;
    receiver.failNext(500);
    const event = incidentEvent({ rule: 'ledger_mismatch', stationName: null });
    await tell(event);
    await settled(event.eventId, 'webhook');
    // Only the enabled webhook of the rule: two requests to it (the first answered 500), none to the others.
    expect(receiver.received.slice(start).map((request) => request.status)).toEqual([500, 204]);
    const delivered = receiver.received.at(-1);
    expect(delivered?.signatureValid).toBe(true);
    expect(delivered?.headers['x-zaryad-event']).toBe('incident.opened');
    expect(delivered?.body).toMatchObject({
      event: 'incident.opened',
      incident: {
        id: event.incidentId,
        rule: 'ledger_mismatch',
        severity: 'critical',
        url: `https://zaryad.example/incidents?id=${event.incidentId}`,
      },
    });
    let log = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/webhooks/${hook.id}/deliveries/`, headers: admin })
    ).json<{ items: TWebhookDelivery[] }>();
    expect(log.items[0]).toMatchObject({ status: 'sent', attempts: 2, status_code: 204, last_error: null });
    expect(log.items[0]?.duration_ms).toEqual(expect.any(Number));

    // The test button: a signed `test` event; failing every attempt, it ends failed.
    receiver.failNext(503, 503, 503);
    const test = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${hook.id}/test/`,
      headers: { ...admin, 'accept-language': 'ru' },
    });
    expect(test.statusCode).toBe(201);
    expect(test.json()).toMatchObject({
      event: 'test',
      status: 'pending',
      detail: 'Тестовая отправка поставлена в очередь',
    });
    // Attempts at 0, +50 and +100 ms (the backoff doubles), the third the last.
    const deadline = Date.now() + 5_000;
    const testId = test.json<TWebhookDelivery>().id;
    const testRow = () =>
      ctx.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, testId));
    while ((await testRow())[0]?.status !== 'failed' && Date.now() < deadline) {
      await sleep(40);
      await worker().deliver();
    }
    log = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/webhooks/${hook.id}/deliveries/`, headers: admin })
    ).json();
    expect(log.items[0]).toMatchObject({
      event: 'test',
      status: 'failed',
      attempts: 3,
      status_code: 503,
      next_attempt_at: null,
    });
    expect(receiver.received.at(-1)?.body).toMatchObject({ event: 'test', incident: null });
    const hooks = (await ctx.app.inject({ method: 'GET', url: '/api/v1/webhooks/', headers: admin })).json<{
      items: TWebhook[];
    }>();
    expect(hooks.items.find((item) => item.id === hook.id)?.last_delivery).toMatchObject({
      status: 'failed',
      status_code: 503,
    });
  });
});

describe('the queue', () => {
  it('keeps a delivery across a restart: the next process sends what the last one queued', async () => {
    const admin = await as(await buildAccount(ctx.database.db, { roleKey: 'superadmin' }));
    const secret = 'restart-secret-0123456789';
    receiver.useSecret(secret);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/',
      headers: admin,
      payload: { name: 'After restart', url: receiver.url, secret, rules: ['station_reboots'], enabled: true },
    });
    // What a process that stopped before sending leaves behind: a pending delivery row.
    const { eventId: _eventId, ...payload } = incidentEvent({ rule: 'station_reboots', severity: 'warning' });
    const [queued] = await ctx.database.db
      .insert(notificationDeliveries)
      .values({ channel: 'webhook', webhookId: created.json<TWebhook>().id, kind: 'incident.opened', payload })
      .returning();

    // Another process on the same database starts, and sends it (its first tick, or this call).
    const start = receiver.received.length;
    const next = await ctx.buildAnotherApp();
    await next.ready();
    await next.notificationWorker.deliver();
    expect(receiver.received.length).toBe(start + 1);
    expect(receiver.received.at(-1)?.signatureValid).toBe(true);
    const [sent] = await ctx.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.id, queued?.id ?? 0));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
