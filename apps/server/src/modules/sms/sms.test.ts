import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG } from '../../config';
import { buildAccount, signIn } from '../../test/builders';
import { freshPhone } from '../../test/driver-builders';
import { startSmsGatewayStandIn } from '../../test/sms-gateway-stand-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { smsOutbox } from './sms.tables';

// Issue 38, item 1: SMS through one interface with two deliveries (the outbox alone, or an HTTP gateway, here a real
// local server), every SMS kept, read by superadmins at GET /api/v1/sms-outbox/ with codes masked once a gateway sends.

let ctx: TestContext;
let gateway: Awaited<ReturnType<typeof startSmsGatewayStandIn>>;
beforeAll(async () => {
  ctx = await createTestContext();
  gateway = await startSmsGatewayStandIn();
});
afterAll(async () => {
  await ctx.close();
  await gateway.close();
});

const askCode = (app: typeof ctx.app, phone: string) =>
  app.inject({ method: 'POST', url: '/api/app/v1/auth/code/', payload: { phone }, remoteAddress: '10.55.0.1' });

describe('the SMS outbox', () => {
  it('keeps the code in full while no gateway is configured, for superadmins only', async () => {
    const phone = freshPhone();
    expect((await askCode(ctx.app, phone)).statusCode).toBe(202);
    const admin = await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }));
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/sms-outbox/?search=${phone.slice(3)}`,
      headers: admin.headers,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      gateway: false,
      total: 1,
      items: [{ phone, kind: 'otp', status: 'kept', error: '' }],
    });
    expect(page.json().items[0].text).toMatch(/^Код Заряд: \d{6}\. Никому его не сообщайте\.$/);
    const operator = await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'operator' }));
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/sms-outbox/', headers: operator.headers })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/sms-outbox/?size=0', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
  });

  it('posts each SMS to the gateway with its token, and keeps it with the code masked', async () => {
    const app = await ctx.buildAnotherApp({
      config: { app: { ...DEFAULT_APP_CONFIG, smsGatewayUrl: gateway.url, smsGatewayToken: 'gateway-token-1' } },
    });
    const phone = freshPhone();
    expect((await askCode(app, phone)).statusCode).toBe(202);
    expect(gateway.received).toHaveLength(1);
    const [sent] = gateway.received;
    expect(sent).toMatchObject({ to: `+${phone}`, authorization: 'Bearer gateway-token-1' });
    const code = /\d{6}/.exec(sent!.text)![0];
    const [kept] = await ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(kept).toMatchObject({ status: 'sent', text: 'Код Заряд: ••••••. Никому его не сообщайте.' });
    // The code the gateway delivered signs the driver in.
    const verified = await app.inject({
      method: 'POST',
      url: '/api/app/v1/auth/verify/',
      payload: { phone, code },
      remoteAddress: '10.55.0.1',
    });
    expect(verified.statusCode).toBe(200);

    const admin = await signIn(app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }));
    const page = (await app.inject({ method: 'GET', url: '/api/v1/sms-outbox/', headers: admin.headers })).json();
    expect(page.gateway).toBe(true);
    // Rows written before the gateway was configured are masked too.
    expect(page.items.every((item: { text: string }) => !/\d{6}/.test(item.text))).toBe(true);
  });

  it('records a gateway’s refusal without failing the driver’s request', async () => {
    const app = await ctx.buildAnotherApp({ config: { app: { ...DEFAULT_APP_CONFIG, smsGatewayUrl: gateway.url } } });
    gateway.failNext(503);
    const phone = freshPhone();
    expect((await askCode(app, phone)).statusCode).toBe(202);
    const [kept] = await ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(kept).toMatchObject({ status: 'failed' });
    expect(kept!.error).toContain('HTTP 503');
  });
});
