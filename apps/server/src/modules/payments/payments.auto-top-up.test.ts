import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { signInDriver, type SignedInDriver } from '../../test/driver-builders';
import { type AppWithFreedomPay, startAppWithFreedomPay } from '../../test/freedompay-app';
import type { StandIn } from '../../test/freedompay-stand-in';
import { expectBalanceIsLedger } from '../../test/ledger-checks';
import type { TestContext } from '../../test/test-app';
import { balanceEntries, chargeHolds } from '../users';
import { createAutoTopUps } from './payments.auto-top-up';
import { createFreedomPay } from './payments.freedompay';
import { autoTopUps, cardPayments, savedCards } from './payments.tables';

// Issue 39, item 3: automatic top-ups from a card saved with a top-up (FreedomPay's recurring payments, against its
// local stand-in): saving the card, the settings and their errors, the job's rule (below the threshold, one at a time,
// a pause, failures stop it), and the card's removal.

const MERCHANT = { merchantId: '552', secretKey: 'zaryad-auto-secret' };

let app: AppWithFreedomPay;
let ctx: TestContext;
let standIn: StandIn;
let publicUrl: string;
let nextHold = 9_000_000_001;

beforeAll(async () => {
  app = await startAppWithFreedomPay(MERCHANT);
  ({ ctx, standIn, publicUrl } = app);
});
afterAll(async () => {
  await app.close();
});
// A job charges every driver due in the database: each test leaves none, so that the next one's runs see only its own.
afterEach(async () => {
  standIn.setRecurringOutcome('success');
  await db().update(autoTopUps).set({ enabled: false });
});

const db = () => ctx.database.db;

/** The job's work without its schedule: no pause unless a test asks for one. */
const jobOf = (pauseS = 0) =>
  createAutoTopUps({ db: db(), provider: createFreedomPay({ ...MERCHANT, url: standIn.url }), publicUrl, pauseS });

const call = (
  driver: SignedInDriver,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  language = 'en',
) =>
  ctx.app.inject({
    method,
    url: `/api/app/v1/payments/${url}`,
    headers: { ...driver.headers, 'accept-language': language },
    ...(payload && { payload }),
  });

/** A top-up paid on the stand-in's page; with `saveCard`, the driver agreed to keep the card. */
const paidTopUp = async (driver: SignedInDriver, amount: string, saveCard: boolean) => {
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/app/v1/payments/top-up/',
    headers: driver.headers,
    payload: { amount, save_card: saveCard },
  });
  expect(started.statusCode).toBe(201);
  const [row] = await db()
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.orderId, started.json<{ payment: { order_id: string } }>().payment.order_id));
  await standIn.pay(row!.providerPaymentId!, { result: 'ok' });
  return row!;
};

/** A driver with a saved card and an automatic top-up on: `threshold` and `amount` in som. */
const driverWithAutoTopUp = async (balance: string, threshold: string, amount: string) => {
  const driver = await signInDriver(ctx.app, db());
  await paidTopUp(driver, balance, true);
  const cards = (await call(driver, 'GET', 'cards/')).json<{ items: { id: number }[] }>();
  const turnedOn = await call(driver, 'PUT', 'auto-top-up/', {
    enabled: true,
    card_id: cards.items[0]!.id,
    threshold,
    amount,
  });
  expect(turnedOn.statusCode).toBe(200);
  return { driver, userId: driver.user.id, cardId: cards.items[0]!.id };
};

/** A running charge's hold on the balance (the charges engine's; held here without a charge). */
const hold = (userId: number, amount: bigint) =>
  db().insert(chargeHolds).values({ chargeId: nextHold++, userId, amount });

const autoPayments = (userId: number) =>
  db()
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.userId, userId), eq(cardPayments.kind, 'auto_top_up')))
    .orderBy(cardPayments.id);

/** Waits for the stand-in's callback (sent a moment after its answer) to settle the driver's automatic top-ups. */
const settled = async (userId: number) => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const rows = await autoPayments(userId);
    if (rows.length > 0 && rows.every((row) => row.status !== 'created' && row.status !== 'pending')) {
      return rows;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the automatic top-ups of driver ${userId} were not settled`);
};

const settingOf = async (userId: number) =>
  (await db().select().from(autoTopUps).where(eq(autoTopUps.userId, userId)))[0]!;

describe('saving a card', () => {
  it('a top-up with save_card asks the provider for a recurring profile; once paid, the card is saved', async () => {
    const driver = await signInDriver(ctx.app, db());
    const row = await paidTopUp(driver, '300.00', true);
    const onStandIn = standIn.payments.find((payment) => payment.id === row.providerPaymentId)!;
    expect(onStandIn.recurringStart).toBe(true);
    expect(onStandIn.recurringProfile).not.toBe('');

    const cards = await call(driver, 'GET', 'cards/');
    expect(cards.statusCode).toBe(200);
    const [card] = cards.json<{ items: { id: number; card: string; expires_on: string | null }[] }>().items;
    expect(card).toMatchObject({ card: '440043******1234' });
    expect(card!.expires_on).toMatch(/^\d{4}-\d{2}-01$/);
    const [saved] = await db().select().from(savedCards).where(eq(savedCards.id, card!.id));
    expect(saved).toMatchObject({ userId: driver.user.id, profileId: onStandIn.recurringProfile, paymentId: row.id });

    // The callback repeated saves it once.
    await standIn.sendCallback(row.providerPaymentId!);
    expect((await call(driver, 'GET', 'cards/')).json<{ items: unknown[] }>().items).toHaveLength(1);
  });

  it('a top-up without save_card, or one that failed, saves nothing', async () => {
    const driver = await signInDriver(ctx.app, db());
    const plain = await paidTopUp(driver, '100.00', false);
    expect(standIn.payments.find((payment) => payment.id === plain.providerPaymentId)!.recurringStart).toBe(false);
    const declined = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/v1/payments/top-up/',
      headers: driver.headers,
      payload: { amount: '100.00', save_card: true },
    });
    const [row] = await db()
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.orderId, declined.json<{ payment: { order_id: string } }>().payment.order_id));
    await standIn.pay(row!.providerPaymentId!, { result: 'failed' });
    expect((await call(driver, 'GET', 'cards/')).json()).toEqual({ items: [] });
  });

  it('save_card must be true or false', async () => {
    const driver = await signInDriver(ctx.app, db());
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/v1/payments/top-up/',
      headers: { ...driver.headers, 'accept-language': 'en' },
      payload: { amount: '100.00', save_card: 'yes' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toHaveProperty('save_card');
  });
});

describe('the automatic top-up’s settings', () => {
  it('are off with 100 and 500 som until set; turning on needs one of the driver’s own saved cards', async () => {
    const driver = await signInDriver(ctx.app, db());
    expect((await call(driver, 'GET', 'auto-top-up/')).json()).toEqual({
      enabled: false,
      card: null,
      threshold: '100.00',
      amount: '500.00',
      failures: 0,
      stopped: null,
    });
    const noCard = await call(driver, 'PUT', 'auto-top-up/', { enabled: true, threshold: '100', amount: '500' });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json()).toEqual({ card_id: ['Choose the card to top up from'] });

    const other = await driverWithAutoTopUp('200.00', '50', '100');
    const notMine = await call(driver, 'PUT', 'auto-top-up/', {
      enabled: true,
      card_id: other.cardId,
      threshold: '100',
      amount: '500',
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toEqual({ card_id: ['Saved card not found.'] });
    expect((await call(driver, 'GET', 'auto-top-up/')).json()).toMatchObject({ enabled: false });
  });

  it('answers each wrong value in the driver’s language and changes nothing', async () => {
    const { driver } = await driverWithAutoTopUp('200.00', '50', '100');
    const cases: [object, string, Record<string, string[]>][] = [
      [{ threshold: '-1', amount: '500' }, 'en', { threshold: ['The balance to top up below cannot be negative'] }],
      [
        { threshold: '10000.01', amount: '500' },
        'en',
        { threshold: ['Automatic top-up starts below at most 10,000.00 som'] },
      ],
      [{ threshold: '', amount: '500' }, 'ru', { threshold: ['Укажите баланс, ниже которого пополнять'] }],
      [{ threshold: '100', amount: '49.99' }, 'ru', { amount: ['Пополнение картой — не меньше 50,00 сом'] }],
      [{ threshold: '100', amount: '50000.01' }, 'ky', { amount: ['Карта менен толуктоо эң көп 50\u202f000,00 сом'] }],
      [{ threshold: '1.234', amount: '500' }, 'en', { threshold: [expect.any(String) as unknown as string] }],
    ];
    for (const [body, language, errors] of cases) {
      const answer = await call(driver, 'PUT', 'auto-top-up/', { enabled: false, ...body }, language);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toEqual(errors);
    }
    expect((await call(driver, 'GET', 'auto-top-up/')).json()).toMatchObject({
      enabled: true,
      threshold: '50.00',
      amount: '100.00',
    });
  });
});

describe('the automatic top-up', () => {
  it('charges the saved card once the available balance (balance − holds) is below the threshold, and credits it once', async () => {
    const { userId, driver } = await driverWithAutoTopUp('1000.00', '100', '500');
    const job = jobOf();
    expect(await job.startDue()).toEqual([]);

    await hold(userId, 950_00n);
    const [started] = await job.startDue();
    expect(started).toMatchObject({ userId, kind: 'auto_top_up', amount: 500_00n, card: '440043******1234' });
    const [payment] = await settled(userId);
    expect(payment).toMatchObject({ status: 'paid', amount: 500_00n });
    const onStandIn = standIn.payments.find((one) => one.id === payment!.providerPaymentId)!;
    const [saved] = await db().select().from(savedCards).where(eq(savedCards.userId, userId));
    expect(onStandIn).toMatchObject({ amount: '500.00', recurringProfile: saved!.profileId });
    const [entry] = await db().select().from(balanceEntries).where(eq(balanceEntries.id, payment!.entryId!));
    expect(entry).toMatchObject({ basis: 'top_up', credit: 500_00n, paymentId: payment!.id });
    expect(await expectBalanceIsLedger(db(), userId)).toBe(1500_00n);

    // Available is now 550: nothing more is due, and a repeated callback credits nothing.
    expect(await job.startDue()).toEqual([]);
    await standIn.sendCallback(payment!.providerPaymentId!);
    expect(await expectBalanceIsLedger(db(), userId)).toBe(1500_00n);
    // The driver's app lists it among the payments, as automatic.
    const listed = (await call(driver, 'GET', '')).json<{ items: { kind: string; status: string }[] }>().items;
    expect(listed[0]).toMatchObject({ kind: 'auto_top_up', status: 'paid' });
  });

  it('starts one at a time, however many runs ask at once, and waits its pause after one', async () => {
    const { userId } = await driverWithAutoTopUp('60.00', '100', '200');
    standIn.setRecurringOutcome('hold');
    const jobs = Array.from({ length: 5 }, () => jobOf());
    const started = (await Promise.all(jobs.map((job) => job.startDue()))).flat();
    expect(started).toHaveLength(1);
    expect(await autoPayments(userId)).toHaveLength(1);
    // Still on its way: nothing more starts.
    expect(await jobOf().startDue()).toEqual([]);

    await standIn.pay(started[0]!.providerPaymentId!, { result: 'ok' });
    expect((await settled(userId))[0]).toMatchObject({ status: 'paid' });
    expect(await expectBalanceIsLedger(db(), userId)).toBe(260_00n);

    // Below the threshold again at once: a job with a pause waits, one without starts the next.
    await hold(userId, 200_00n);
    expect(await jobOf(600).startDue()).toEqual([]);
    expect(await jobOf(0).startDue()).toHaveLength(1);
  });

  it('stops after three failures in a row until the driver turns it on again', async () => {
    const { userId, driver, cardId } = await driverWithAutoTopUp('50.00', '100', '200');
    standIn.setRecurringOutcome('failed');
    for (let failure = 1; failure <= 3; failure += 1) {
      expect(await jobOf().startDue()).toHaveLength(1);
      await settled(userId);
      expect((await settingOf(userId)).failures).toBe(failure);
    }
    expect((await call(driver, 'GET', 'auto-top-up/')).json()).toMatchObject({
      enabled: false,
      failures: 3,
      stopped: 'card_failed',
    });
    expect(await jobOf().startDue()).toEqual([]);
    expect((await autoPayments(userId)).map((row) => row.status)).toEqual(['failed', 'failed', 'failed']);
    expect(await expectBalanceIsLedger(db(), userId)).toBe(50_00n);

    // Turned on again: the count starts over, and a paid one keeps it at 0.
    standIn.setRecurringOutcome('success');
    await call(driver, 'PUT', 'auto-top-up/', { enabled: true, card_id: cardId, threshold: '100', amount: '200' });
    expect(await settingOf(userId)).toMatchObject({ enabled: true, failures: 0, stopped: null });
    expect(await jobOf().startDue()).toHaveLength(1);
    expect((await settled(userId)).at(-1)).toMatchObject({ status: 'paid' });
    expect(await expectBalanceIsLedger(db(), userId)).toBe(250_00n);
  });

  it('a profile the provider no longer knows fails at once and counts', async () => {
    const { userId } = await driverWithAutoTopUp('50.00', '100', '200');
    const [saved] = await db().select().from(savedCards).where(eq(savedCards.userId, userId));
    standIn.removeProfile(saved!.profileId);
    const [started] = await jobOf().startDue();
    expect(started).toMatchObject({ status: 'failed' });
    expect(started!.failure).toContain('350');
    expect((await settingOf(userId)).failures).toBe(1);
    expect(await expectBalanceIsLedger(db(), userId)).toBe(50_00n);
  });

  it('removing the card stops it; the card is gone from the list and cannot be removed twice', async () => {
    const { userId, driver, cardId } = await driverWithAutoTopUp('50.00', '100', '200');
    const removed = await call(driver, 'DELETE', `cards/${cardId}/`);
    expect(removed.statusCode).toBe(204);
    expect((await call(driver, 'GET', 'cards/')).json()).toEqual({ items: [] });
    expect((await call(driver, 'GET', 'auto-top-up/')).json()).toMatchObject({
      enabled: false,
      card: null,
      stopped: 'card_removed',
    });
    expect(await jobOf().startDue()).toEqual([]);
    const again = await call(driver, 'DELETE', `cards/${cardId}/`, undefined, 'ru');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Сохранённая карта не найдена.' });
    // Another driver cannot remove it either (nor learn it exists).
    const stranger = await signInDriver(ctx.app, db());
    expect((await call(stranger, 'DELETE', `cards/${cardId}/`)).statusCode).toBe(404);
    expect(await autoPayments(userId)).toEqual([]);
  });

  it('a blocked driver’s card is not charged', async () => {
    const { userId } = await driverWithAutoTopUp('50.00', '100', '200');
    await ctx.database.db.execute(`update app_users set status = 1 where id = ${userId}`);
    expect(await jobOf().startDue()).toEqual([]);
  });
});

describe('the dashboard’s view of a driver’s wallet', () => {
  it('shows finance the saved cards and the automatic top-up; an account without card payments may not look', async () => {
    const { userId } = await driverWithAutoTopUp('300.00', '100', '200');
    const finance = await signIn(ctx.app, await buildAccount(db(), { roleKey: 'finance' }));
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/card-payments/wallets/${userId}/`,
      headers: finance.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      cards: [{ card: '440043******1234' }],
      auto_top_up: { enabled: true, threshold: '100.00', amount: '200.00', card: { card: '440043******1234' } },
    });
    const nobody = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/card-payments/wallets/999999/',
      headers: finance.headers,
    });
    expect(nobody.statusCode).toBe(404);
    const operator = await signIn(ctx.app, await buildAccount(db(), { roleKey: 'operator' }));
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/card-payments/wallets/${userId}/`,
      headers: operator.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
