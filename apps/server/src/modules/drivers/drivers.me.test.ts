import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { freshPhone, signInDriver } from '../../test/driver-builders';
import { buildPromoCode } from '../../test/promo-code-builders';
import { buildPromotion } from '../../test/promotion-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { referrals } from '../referrals';

// Issue 38, items 2, 5 and 7: the driver's profile, devices, referral code at registration, balance, statement and
// promo codes; the dashboard's view of a driver's devices.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const call = (
  driver: { headers: Record<string, string> },
  method: 'GET' | 'PATCH' | 'PUT' | 'POST',
  url: string,
  payload?: object,
  language = 'en',
) =>
  ctx.app.inject({
    method,
    url: `/api/app/v1${url}`,
    headers: { ...driver.headers, 'accept-language': language },
    ...(payload && { payload }),
  });

describe('the profile', () => {
  it('changes only the fields sent, and answers the whole profile', async () => {
    const driver = await signInDriver(ctx.app, ctx.database.db);
    const changed = await call(driver, 'PATCH', '/me/', {
      name: '  Айгерим Токтогулова ',
      email: 'aigerim@example.kg',
      gender: 'female',
      birthday: '1994-03-08',
      car: { make: 'Tesla', model: 'Model 3', year: 2022, color: 'белый' },
      driver_licence: 'KG1234567',
      language: 'ky',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Айгерим Токтогулова',
      email: 'aigerim@example.kg',
      gender: 'female',
      birthday: '1994-03-08',
      car: { make: 'Tesla', model: 'Model 3', year: 2022, color: 'белый' },
      driver_licence: 'KG1234567',
      language: 'ky',
      phone: driver.phone,
    });
    const again = await call(driver, 'PATCH', '/me/', { car: { color: 'синий' } });
    expect(again.json().car).toEqual({ make: 'Tesla', model: 'Model 3', year: 2022, color: 'синий' });
  });

  it('refuses bad fields in the driver’s language and changes nothing', async () => {
    const driver = await signInDriver(ctx.app, ctx.database.db);
    const before = (await call(driver, 'GET', '/me/')).json();
    const refused = await call(
      driver,
      'PATCH',
      '/me/',
      { name: 'x'.repeat(101), email: 'not-an-email', birthday: '1994-02-30', gender: 'other', car: { year: 1800 } },
      'ru',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      name: ['Убедитесь, что это поле содержит не более 100 символов.'],
      gender: ['Выберите корректный вариант.'],
    });
    expect(Object.keys(refused.json()).sort()).toEqual(['birthday', 'car.year', 'email', 'gender', 'name']);
    expect((await call(driver, 'PATCH', '/me/', { phone: '996555000000' })).statusCode).toBe(400);
    expect((await call(driver, 'GET', '/me/')).json()).toEqual(before);
  });
});

describe('registration with a friend’s code', () => {
  it('links the new driver to the inviter; a wrong code does not stop the registration', async () => {
    const inviter = await buildUser(ctx.database.db, { referralCode: `FRIEND${Date.now() % 100000}` });
    const invited = await signInDriver(ctx.app, ctx.database.db, { referralCode: inviter.referralCode.toLowerCase() });
    expect(invited.created).toBe(true);
    const [link] = await ctx.database.db.select().from(referrals).where(eq(referrals.invitedUserId, invited.user.id));
    expect(link).toMatchObject({ inviterUserId: inviter.id });

    const unlucky = await signInDriver(ctx.app, ctx.database.db, { referralCode: 'NOSUCHCODE' });
    expect(unlucky.created).toBe(true);
    expect(await ctx.database.db.select().from(referrals).where(eq(referrals.invitedUserId, unlucky.user.id))).toEqual(
      [],
    );
  });

  it('takes a code only at registration', async () => {
    const inviter = await buildUser(ctx.database.db, { referralCode: `LATE${Date.now() % 100000}` });
    const known = await buildUser(ctx.database.db, { phone: freshPhone() });
    const signedIn = await signInDriver(ctx.app, ctx.database.db, {
      phone: known.phone,
      referralCode: inviter.referralCode,
    });
    expect(signedIn.created).toBe(false);
    expect(await ctx.database.db.select().from(referrals).where(eq(referrals.invitedUserId, known.id))).toEqual([]);
  });
});

describe('devices', () => {
  it('keeps the push token of this sign-in, and the dashboard sees the driver’s devices', async () => {
    const driver = await signInDriver(ctx.app, ctx.database.db, {
      headers: { 'x-app-platform': 'ios', 'x-app-version': '5.0.2', 'user-agent': 'Zaryad/5.0.2 (iPhone; iOS 18.1)' },
    });
    const registered = await call(driver, 'PUT', '/me/device/', { push_provider: 'apns', push_token: 'a1b2c3d4e5f6' });
    expect(registered.statusCode).toBe(200);
    expect(registered.json().items).toEqual([
      expect.objectContaining({ platform: 'ios', app_version: '5.0.2', push_provider: 'apns', ended_at: null }),
    ]);
    const bad = await call(driver, 'PUT', '/me/device/', { push_provider: 'sms', push_token: 'has spaces' }, 'ky');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      push_provider: ['Туура вариантты тандаңыз.'],
      push_token: ['Push-билдирүүлөрдүн токени жараксыз.'],
    });

    const viewer = await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'analyst' }));
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/${driver.user.id}/devices/`,
      headers: viewer.headers,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().items).toEqual([
      expect.objectContaining({ platform: 'ios', app_version: '5.0.2', user_agent: 'Zaryad/5.0.2 (iPhone; iOS 18.1)' }),
    ]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/users/2000000000/devices/', headers: viewer.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('money', () => {
  it('answers the balance and the statement, newest first, each entry with the balance after it', async () => {
    const driver = await signInDriver(ctx.app, ctx.database.db);
    await buildEntry(ctx.database.db, driver.user.id, { credit: '500.00', createdAt: new Date(Date.now() - 60_000) });
    await buildEntry(ctx.database.db, driver.user.id, { debit: '120.45' });
    expect((await call(driver, 'GET', '/balance/')).json()).toEqual({
      balance: '379.55',
      held: '0.00',
      available: '379.55',
      min_to_start: '0.00',
    });
    const statement = (await call(driver, 'GET', '/statement/?size=1')).json();
    expect(statement).toMatchObject({
      total: 2,
      pages: 2,
      items: [{ debit: '120.45', credit: '0.00', deposit: '379.55' }],
    });
    const second = (await call(driver, 'GET', '/statement/?size=1&page=2')).json();
    expect(second.items[0]).toMatchObject({ credit: '500.00', deposit: '500.00', basis: 'top_up' });
  });

  it('redeems a promo code for the driver through the operators’ path, with its limits', async () => {
    const promotion = await buildPromotion(ctx.database.db);
    const code = await buildPromoCode(ctx.database.db, { promotionId: promotion.id, perUserLimit: 1 });
    const driver = await signInDriver(ctx.app, ctx.database.db);
    const redeemed = await call(driver, 'POST', '/promo-codes/', { code: code.code.toLowerCase() }, 'ru');
    expect(redeemed.statusCode).toBe(201);
    expect(redeemed.json()).toEqual({
      detail: 'Промокод применён: скидка будет на ваших следующих зарядках.',
      code: code.code,
      promotion_id: promotion.id,
    });
    const twice = await call(driver, 'POST', '/promo-codes/', { code: code.code });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ code: ['This user has already used the promo code as many times as allowed'] });
    const unknown = await call(driver, 'POST', '/promo-codes/', { code: 'NOPE-NOPE' });
    expect(unknown.json()).toEqual({ code: ['No such promo code'] });
  });
});
