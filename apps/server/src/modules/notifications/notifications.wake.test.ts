import type { TNotificationPage, TWebhook, TWebhookDelivery } from '@zaryad/contracts/notifications';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSimulatedStation, type SimulatedChargePoint } from '../../test/alert-builders';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { startWebhookStandIn } from '../../test/webhook-stand-in';

// The notification worker on its own clock (no test calls it), woken, not polled (notifications.worker.ts): with its
// safety poll an hour away, an incident opened by a charge point's fault reaches the bell, and a webhook's test delivery
// that fails once is sent again on its retry's timer, each within seconds.
const HOUR_MS = 3_600_000;
let ctx: TestContext;
let receiver: Awaited<ReturnType<typeof startWebhookStandIn>>;
let headers: { authorization: string };
const points: SimulatedChargePoint[] = [];

beforeAll(async () => {
  receiver = await startWebhookStandIn();
  ctx = await createTestContext({
    config: {
      notifications: {
        telegramBotToken: undefined,
        telegramApiUrl: 'http://127.0.0.1:9',
        maxAttempts: 3,
        retrySeconds: 0.3,
        pollMs: HOUR_MS,
      },
    },
  });
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
  // The worker's first runs (on ready) are behind us: from here only a wake-up or the hour's poll runs it.
  await ctx.app.ready();
});

afterAll(async () => {
  for (const point of points) {
    await point.close();
  }
  await ctx.close();
  await receiver.close();
});

const within = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
};

it("brings a charge point's fault to the bell without waiting for the poll", async () => {
  const endpoint = await listenForChargePoints(ctx.app);
  const merchant = await buildMerchant(ctx.database.db);
  const { station, point } = await buildSimulatedStation(ctx.database.db, ctx.config, endpoint, {
    merchantId: merchant.id,
  });
  points.push(point);
  const feed = () =>
    ctx.app
      .inject({
        method: 'GET',
        url: '/api/v1/notifications/?size=50',
        headers: { ...headers, 'accept-language': 'en' },
      })
      .then((response) => response.json<TNotificationPage>());
  const startedAt = Date.now();
  await point.status(2, 'Faulted', 'GroundFailure');
  const page = await within(feed, (value) => value.items.some((item) => item.station_id === station.id));
  expect(page.items.find((item) => item.station_id === station.id)).toMatchObject({
    rule: 'connector_faulted',
    event: 'opened',
    severity: 'critical',
    read: false,
  });
  expect(Date.now() - startedAt).toBeLessThan(5_000);
});

it('sends a failed delivery again on its retry timer, not on the poll', async () => {
  const secret = 'wake-secret-0123456789';
  receiver.useSecret(secret);
  receiver.failNext(500);
  const hook = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/',
      headers,
      payload: { name: 'NOC', url: receiver.url, secret, rules: ['station_offline'], enabled: true },
    })
  ).json<TWebhook>();
  await ctx.app.inject({ method: 'POST', url: `/api/v1/webhooks/${hook.id}/test/`, headers });
  const deliveries = () =>
    ctx.app
      .inject({ method: 'GET', url: `/api/v1/webhooks/${hook.id}/deliveries/`, headers })
      .then((response) => response.json<{ items: TWebhookDelivery[] }>().items);
  const items = await within(deliveries, (value) => value[0]?.status === 'sent');
  expect(items[0]).toMatchObject({ status: 'sent', attempts: 2, status_code: 204 });
  expect(receiver.received.map((request) => request.status)).toEqual([500, 204]);
  // Each attempt's outcome in the process's metrics (GET /metrics).
  const counted = await ctx.app.metrics.registry.getSingleMetricAsString('zaryad_notifications_total');
  expect(counted).toContain('zaryad_notifications_total{channel="webhook",outcome="retried"} 1');
  expect(counted).toContain('zaryad_notifications_total{channel="webhook",outcome="sent"} 1');
});
