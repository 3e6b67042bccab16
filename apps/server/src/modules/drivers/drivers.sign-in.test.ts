import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { freshPhone, lastCodeOf, signInDriver } from '../../test/driver-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { smsOutbox } from '../sms';
import { appSessions, appUsers, balanceEntries } from '../users';

// Issue 38, item 1: sign-in by phone (docs/product/app-api.md#sign-in), the app's tokens and their separation from the
// dashboard's.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    config: {
      app: {
        smsGatewayUrl: undefined,
        smsGatewayToken: undefined,
        refreshTtlDays: 60,
        otpLimit: { windowSeconds: 3600, perNumber: 3, perClient: 6 },
      },
    },
  });
});
afterAll(async () => {
  await ctx.close();
});

let address = 0;
const nextAddress = () => `10.38.${Math.floor(address / 250)}.${address++ % 250}`;

const askCode = (phone: string, remoteAddress = nextAddress(), language = 'en', app: FastifyInstance = ctx.app) =>
  app.inject({
    method: 'POST',
    url: '/api/app/v1/auth/code/',
    payload: { phone },
    headers: { 'accept-language': language },
    remoteAddress,
  });

const verify = (payload: object, remoteAddress = nextAddress(), headers: Record<string, string> = {}, app = ctx.app) =>
  app.inject({
    method: 'POST',
    url: '/api/app/v1/auth/verify/',
    payload,
    headers: { 'accept-language': 'en', ...headers },
    remoteAddress,
  });

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a code by SMS', () => {
  it('registers a new number: the SMS holds the code in the language asked, the driver gets tokens and a profile', async () => {
    const phone = freshPhone();
    const formatted = `+${phone.slice(0, 3)} (${phone.slice(3, 6)}) ${phone.slice(6, 9)}-${phone.slice(9)}`;
    const asked = await askCode(formatted, nextAddress(), 'ky');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({
      detail: 'Кодду SMS менен жөнөттүк. Ал 5 мүнөт жарактуу.',
      expires_in: 300,
      resend_after: 60,
    });
    const [sms] = await ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(sms).toMatchObject({ kind: 'otp', status: 'kept' });
    expect(sms!.text).toMatch(/^Заряд коду: \d{6}\. Аны эч кимге айтпаңыз\.$/);

    const response = await verify({ phone, code: await lastCodeOf(ctx.database.db, phone) }, nextAddress(), {
      'x-app-platform': 'android',
      'x-app-version': '2.4.1',
      'user-agent': 'ZaryadApp/2.4.1 (Android 14)',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      created: true,
      expires_in: 900,
      user: { phone, name: '', balance: '0.00', language: 'en' },
    });
    expect(body.user.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    const [session] = await ctx.database.db.select().from(appSessions).where(eq(appSessions.userId, body.user.id));
    expect(session).toMatchObject({
      platform: 'android',
      appVersion: '2.4.1',
      userAgent: 'ZaryadApp/2.4.1 (Android 14)',
    });
    expect(session!.refreshHash).not.toContain(body.refresh);

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/app/v1/me/',
      headers: { authorization: `Bearer ${body.access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(body.user.id);
  });

  it('signs a known number in to the same driver, without registering it again', async () => {
    const known = await buildUser(ctx.database.db, { phone: freshPhone(), name: 'Нурлан Асанов' });
    const driver = await signInDriver(ctx.app, ctx.database.db, { phone: known.phone });
    expect(driver).toMatchObject({ created: false, user: { id: known.id, name: 'Нурлан Асанов' } });
  });

  it('refuses a number that is not a Kyrgyz mobile one, and an empty or malformed code, in the language asked', async () => {
    for (const phone of ['+7 701 123 45 67', '99655512345', '', 'abc']) {
      const response = await askCode(phone, nextAddress(), 'ru');
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().phone[0], phone).toMatch(
        /^(Введите кыргызстанский мобильный номер: \+996 и 9 цифр|Введите номер телефона)$/,
      );
    }
    const phone = freshPhone();
    expect((await verify({ phone, code: '' })).json()).toEqual({ code: ['Enter the code from the SMS'] });
    expect((await verify({ phone, code: '12a456' })).json()).toEqual({ code: ['The code is 6 digits'] });
    expect(await ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).toHaveLength(0);
  });

  it('uses a code once, and refuses a wrong code without saying whether the number exists', async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = await lastCodeOf(ctx.database.db, phone);
    const wrong = await verify({ phone, code: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: ['The code is wrong or has expired. Check it or request a new one.'] });
    expect((await verify({ phone, code })).statusCode).toBe(200);
    expect((await verify({ phone, code })).statusCode).toBe(400);
  });

  it('kills a code after 5 wrong guesses: the right one then fails too', async () => {
    const phone = freshPhone();
    await askCode(phone);
    const code = await lastCodeOf(ctx.database.db, phone);
    for (let guess = 0; guess < 5; guess++) {
      expect((await verify({ phone, code: wrongCode(code) }, `10.39.0.${guess}`)).statusCode).toBe(400);
    }
    expect((await verify({ phone, code }, '10.39.1.1')).statusCode).toBe(400);
  });

  it('expires a code after 5 minutes', async () => {
    let now = Date.now();
    const clock = { now: () => new Date(now), sleep: async (ms: number) => void (now += ms) };
    const app = await ctx.buildAnotherApp({ clock });
    const phone = freshPhone();
    await askCode(phone, nextAddress(), 'en', app);
    const code = await lastCodeOf(ctx.database.db, phone);
    now += 5 * 60_000 + 1;
    expect((await verify({ phone, code }, nextAddress(), {}, app)).statusCode).toBe(400);
  });

  it('sends a number one code a minute and a few an hour, and a client a few an hour (429 with Retry-After)', async () => {
    let now = Date.now();
    const clock = { now: () => new Date(now), sleep: async (ms: number) => void (now += ms) };
    const app = await ctx.buildAnotherApp({ clock });
    const phone = freshPhone();
    expect((await askCode(phone, nextAddress(), 'en', app)).statusCode).toBe(202);
    const again = await askCode(phone, nextAddress(), 'en', app);
    expect(again.statusCode).toBe(429);
    expect(again.json().detail).toBe('A code has just been sent. You can request a new one in 60 s.');
    expect(again.headers['retry-after']).toBe('60');
    for (let sent = 1; sent < 3; sent++) {
      now += 61_000;
      expect((await askCode(phone, nextAddress(), 'en', app)).statusCode).toBe(202);
    }
    now += 61_000;
    const limited = await askCode(phone, nextAddress(), 'en', app);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many codes for this number\. Try again in \d+ s\.$/);

    const client = nextAddress();
    for (let number = 0; number < 6; number++) {
      expect((await askCode(freshPhone(), client, 'en', app)).statusCode).toBe(202);
    }
    const busy = await askCode(freshPhone(), client, 'en', app);
    expect(busy.statusCode).toBe(429);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('slows a client down on wrong codes, then answers 429', async () => {
    const phone = freshPhone();
    const client = nextAddress();
    await askCode(phone, client);
    const code = await lastCodeOf(ctx.database.db, phone);
    // The tests' sign-in limit: 5 failures per (number, client).
    for (let guess = 0; guess < 5; guess++) {
      await verify({ phone, code: wrongCode(code) }, client);
    }
    const limited = await verify({ phone, code }, client);
    expect(limited.statusCode).toBe(429);
  });

  it('refuses a blocked driver', async () => {
    const blocked = await buildUser(ctx.database.db, { phone: freshPhone(), status: 1 });
    await askCode(blocked.phone);
    const response = await verify({ phone: blocked.phone, code: await lastCodeOf(ctx.database.db, blocked.phone) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Your account is blocked. Contact the network’s support.' });
  });
});

describe('tokens', () => {
  it('keeps the app’s and the dashboard’s tokens apart, both ways', async () => {
    const driver = await signInDriver(ctx.app, ctx.database.db);
    const account = await signIn(ctx.app, await buildAccount(ctx.database.db));
    const onDashboard = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/', headers: driver.headers });
    expect(onDashboard.statusCode).toBe(401);
    const onApp = await ctx.app.inject({ method: 'GET', url: '/api/app/v1/me/', headers: account.headers });
    expect(onApp.statusCode).toBe(401);
    const refreshOnDashboard = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/refresh/',
      payload: { refresh: driver.refresh },
    });
    expect(refreshOnDashboard.statusCode).toBe(401);
    const refreshOnApp = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/v1/auth/refresh/',
      payload: { refresh: account.refresh },
    });
    expect(refreshOnApp.statusCode).toBe(401);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/app/v1/me/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rotates the refresh token; the old one used again ends the sign-in', async () => {
    const driver = await signInDriver(ctx.app, ctx.database.db);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/v1/auth/refresh/',
      payload: { refresh: driver.refresh },
    });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json();
    expect(next.refresh).not.toBe(driver.refresh);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/app/v1/me/',
      headers: { authorization: `Bearer ${next.access}` },
    });
    expect(me.statusCode).toBe(200);

    const stolen = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/v1/auth/refresh/',
      payload: { refresh: driver.refresh },
    });
    expect(stolen.statusCode).toBe(401);
    const after = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/v1/auth/refresh/',
      payload: { refresh: next.refresh },
    });
    expect(after.statusCode).toBe(401);
    const ended = await ctx.app.inject({
      method: 'GET',
      url: '/api/app/v1/me/',
      headers: { authorization: `Bearer ${next.access}` },
    });
    expect(ended.statusCode).toBe(401);
  });

  it('signs out one device, or every device', async () => {
    const phone = freshPhone();
    const phoneA = await signInDriver(ctx.app, ctx.database.db, { phone });
    const [sent] = await ctx.database.db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, phone))
      .orderBy(desc(smsOutbox.id));
    expect(sent).toBeDefined();
    // A second device a minute later (the resend wait is the number's, not the device's).
    await ctx.database.db.execute(
      `update app_otp_codes set created_at = created_at - interval '2 minutes' where phone = '${phone}'`,
    );
    const phoneB = await signInDriver(ctx.app, ctx.database.db, { phone });
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/v1/auth/logout/',
      headers: { ...phoneA.headers, 'accept-language': 'ky' },
    });
    expect(out.json()).toEqual({ detail: 'Тиркемеден чыктыңыз.' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/v1/me/', headers: phoneA.headers })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/v1/me/', headers: phoneB.headers })).statusCode).toBe(
      200,
    );
    const devices = await ctx.app.inject({ method: 'GET', url: '/api/app/v1/me/devices/', headers: phoneB.headers });
    expect(devices.json().items).toHaveLength(1);

    await ctx.database.db.execute(
      `update app_otp_codes set created_at = created_at - interval '2 minutes' where phone = '${phone}'`,
    );
    const phoneC = await signInDriver(ctx.app, ctx.database.db, { phone });
    const all = await ctx.app.inject({ method: 'POST', url: '/api/app/v1/auth/logout-all/', headers: phoneC.headers });
    expect(all.statusCode).toBe(200);
    for (const device of [phoneB, phoneC]) {
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/app/v1/me/', headers: device.headers })).statusCode,
      ).toBe(401);
    }
  });

  it('shuts a driver out at once when an operator blocks them', async () => {
    const driver = await signInDriver(ctx.app, ctx.database.db);
    await ctx.database.db.update(appUsers).set({ status: 1 }).where(eq(appUsers.id, driver.user.id));
    const response = await ctx.app.inject({ method: 'GET', url: '/api/app/v1/me/', headers: driver.headers });
    expect(response.statusCode).toBe(403);
  });
});

describe('deleting the account', () => {
  it('wipes the driver’s data and frees the number, and keeps the ledger', async () => {
    const driver = await signInDriver(ctx.app, ctx.database.db);
    await buildEntry(ctx.database.db, driver.user.id, { credit: '250.00' });
    const deleted = await ctx.app.inject({ method: 'DELETE', url: '/api/app/v1/me/', headers: driver.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().detail).toBe('Ваша учётная запись удалена. История платежей сохранена, как требует закон.');
    const [row] = await ctx.database.db.select().from(appUsers).where(eq(appUsers.id, driver.user.id));
    expect(row).toMatchObject({ name: '', email: '', status: 1, balance: 25_000n });
    expect(row!.phone).not.toBe(driver.phone);
    const entries = await ctx.database.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.userId, driver.user.id));
    expect(entries).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/v1/me/', headers: driver.headers })).statusCode).toBe(
      401,
    );
    // The number registers anew, as another driver (a minute later: the number's resend wait still holds).
    await ctx.database.db.execute(
      `update app_otp_codes set created_at = created_at - interval '2 minutes' where phone = '${driver.phone}'`,
    );
    const again = await signInDriver(ctx.app, ctx.database.db, { phone: driver.phone });
    expect(again.created).toBe(true);
    expect(again.user.id).not.toBe(driver.user.id);
  });
});
