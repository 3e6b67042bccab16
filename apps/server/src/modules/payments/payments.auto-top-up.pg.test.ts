import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDriver } from '../../test/driver-builders';
import { type AppWithFreedomPay, startAppWithFreedomPay } from '../../test/freedompay-app';
import type { StandIn } from '../../test/freedompay-stand-in';
import { expectBalanceIsLedger } from '../../test/ledger-checks';
import type { TestContext } from '../../test/test-app';
import { balanceEntries, chargeHolds } from '../users';
import { createAutoTopUps } from './payments.auto-top-up';
import { createFreedomPay } from './payments.freedompay';
import { paymentMismatches } from './payments.service';
import { cardPayments, savedCards } from './payments.tables';

// PostgreSQL only (vitest.pg.config.ts): four processes' jobs at once, on the pool's connections, with the provider's
// callbacks arriving while they still run. The unique index on a driver's open automatic top-up and the payment's row
// lock are what keep every driver to one payment at a time, each credited once (issue 39, item 3).

const MERCHANT = { merchantId: '552', secretKey: 'zaryad-auto-race-secret' };
const DRIVERS = 40;
let app: AppWithFreedomPay;
let ctx: TestContext;
let standIn: StandIn;
let publicUrl: string;
beforeAll(async () => {
  app = await startAppWithFreedomPay(MERCHANT);
  ({ ctx, standIn, publicUrl } = app);
});
afterAll(async () => {
  await app.close();
});

describe('automatic top-ups racing on PostgreSQL', () => {
  it(`four jobs at once charge each of ${DRIVERS} drivers once, and each payment is credited once`, async () => {
    const db = ctx.database.db;
    const userIds: number[] = [];
    for (let index = 0; index < DRIVERS; index += 1) {
      const driver = await signInDriver(ctx.app, db);
      const started = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/v1/payments/top-up/',
        headers: driver.headers,
        payload: { amount: '100.00', save_card: true },
      });
      const [row] = await db
        .select()
        .from(cardPayments)
        .where(eq(cardPayments.orderId, started.json<{ payment: { order_id: string } }>().payment.order_id));
      await standIn.pay(row!.providerPaymentId!, { result: 'ok' });
      const [card] = await db.select().from(savedCards).where(eq(savedCards.userId, driver.user.id));
      const on = await ctx.app.inject({
        method: 'PUT',
        url: '/api/app/v1/payments/auto-top-up/',
        headers: driver.headers,
        payload: { enabled: true, card_id: card!.id, threshold: '150', amount: `${200 + index}.37` },
      });
      expect(on.statusCode).toBe(200);
      userIds.push(driver.user.id);
    }
    // A running charge holds 60 som of each: available 40, below the threshold of 150.
    await db
      .insert(chargeHolds)
      .values(userIds.map((userId, index) => ({ chargeId: 8_000_000_000 + index, userId, amount: 60_00n })));

    const provider = createFreedomPay({ ...MERCHANT, url: standIn.url });
    const jobs = Array.from({ length: 4 }, () => createAutoTopUps({ db, provider, publicUrl, pauseS: 0 }));
    const started = (await Promise.all(jobs.map((job) => job.startDue(new Date(), DRIVERS)))).flat();
    expect(started).toHaveLength(DRIVERS);
    expect(new Set(started.map((payment) => payment.userId)).size).toBe(DRIVERS);

    // The stand-in's callbacks come a moment after each answer; the same callbacks again, all at once, change nothing.
    const autoPayments = () =>
      db
        .select()
        .from(cardPayments)
        .where(and(inArray(cardPayments.userId, userIds), eq(cardPayments.kind, 'auto_top_up')));
    await expect
      .poll(async () => (await autoPayments()).filter((row) => row.status === 'paid').length, { timeout: 30_000 })
      .toBe(DRIVERS);
    await Promise.all((await autoPayments()).map((row) => standIn.sendCallback(row.providerPaymentId!)));

    // Now above the threshold: four more jobs start nothing.
    expect((await Promise.all(jobs.map((job) => job.startDue(new Date(), DRIVERS)))).flat()).toEqual([]);
    const rows = await autoPayments();
    expect(rows).toHaveLength(DRIVERS);
    for (const [index, userId] of userIds.entries()) {
      const amount = BigInt(200 + index) * 100n + 37n;
      expect(rows.find((row) => row.userId === userId)).toMatchObject({ status: 'paid', amount });
      const credits = await db
        .select()
        .from(balanceEntries)
        .where(and(eq(balanceEntries.userId, userId), eq(balanceEntries.basis, 'top_up')));
      expect(credits.map((entry) => entry.credit).sort()).toEqual([100_00n, amount].sort());
      expect(await expectBalanceIsLedger(db, userId)).toBe(100_00n + amount);
    }
    expect(await paymentMismatches(db)).toEqual([]);
  }, 120_000);
});
