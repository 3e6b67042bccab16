import { formatSom } from '@zaryad/contracts';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDriver } from '../../test/driver-builders';
import { startFreedomPayStandIn, type StandIn } from '../../test/freedompay-stand-in';
import { expectBalanceIsLedger } from '../../test/ledger-checks';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceEntries } from '../users';
import { freedomPaySignature } from './payments.freedompay';
import { paymentMismatches } from './payments.service';
import { cardPayments } from './payments.tables';

// PostgreSQL only (vitest.pg.config.ts): the callbacks really run side by side on the pool's connections, so the
// payment's row lock and the ledger's unique index on payment_id are what keep every top-up single (issue 39).

const MERCHANT = { merchantId: '552', secretKey: 'zaryad-race-secret' };
let ctx: TestContext;
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startFreedomPayStandIn(MERCHANT);
  process.env.FREEDOMPAY_MERCHANT_ID = MERCHANT.merchantId;
  process.env.FREEDOMPAY_SECRET_KEY = MERCHANT.secretKey;
  process.env.FREEDOMPAY_URL = standIn.url;
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
  // Test files share a worker's process (isolate: false): the next file's app has no provider unless it sets one.
  delete process.env.FREEDOMPAY_MERCHANT_ID;
  delete process.env.FREEDOMPAY_SECRET_KEY;
  delete process.env.FREEDOMPAY_URL;
});

/** A callback as FreedomPay signs it (the script name is the callback path's last segment). */
const signedCallback = (fields: Record<string, string>, secret = MERCHANT.secretKey) => {
  const all = { ...fields, pg_salt: Math.random().toString(36).slice(2) };
  return new URLSearchParams({ ...all, pg_sig: freedomPaySignature('result', all, secret) }).toString();
};

describe('racing callbacks on PostgreSQL', () => {
  it('1,000 callbacks for 100 payments, repeated, out of order and some forged, credit exactly 100 top-ups', async () => {
    const db = ctx.database.db;
    const drivers = await Promise.all(Array.from({ length: 10 }, () => signInDriver(ctx.app, db)));
    const payments: { orderId: string; providerId: string; amount: bigint; userId: number }[] = [];
    for (let index = 0; index < 100; index += 1) {
      const driver = drivers[index % drivers.length]!;
      const amount = 50_00n + BigInt(index) * 1_37n;
      const started = await ctx.app.inject({
        method: 'POST',
        url: '/api/app/v1/payments/top-up/',
        headers: driver.headers,
        payload: { amount: formatSom(amount) },
      });
      expect(started.statusCode).toBe(201);
      const [row] = await db
        .select()
        .from(cardPayments)
        .where(eq(cardPayments.orderId, started.json().payment.order_id));
      payments.push({ orderId: row!.orderId, providerId: row!.providerPaymentId!, amount, userId: row!.userId });
    }
    // Ten callbacks a payment: six paid (repeats), two declined (arriving in any order around them), two forged.
    const bodies = payments.flatMap((payment) => {
      const fields = (result: '1' | '0') => ({
        pg_order_id: payment.orderId,
        pg_payment_id: payment.providerId,
        pg_amount: formatSom(payment.amount),
        pg_currency: 'KGS',
        pg_result: result,
        pg_card_pan: '440043******1234',
      });
      return [
        ...Array.from({ length: 6 }, () => signedCallback(fields('1'))),
        ...Array.from({ length: 2 }, () => signedCallback(fields('0'))),
        ...Array.from({ length: 2 }, () => signedCallback(fields('1'), 'forged-secret')),
      ];
    });
    for (let index = bodies.length - 1; index > 0; index -= 1) {
      const other = Math.floor(Math.random() * (index + 1));
      [bodies[index], bodies[other]] = [bodies[other]!, bodies[index]!];
    }
    expect(bodies).toHaveLength(1_000);
    const answers: number[] = [];
    // In waves of 100 at once: the pool serves a wave well within its wait limit.
    for (let start = 0; start < bodies.length; start += 100) {
      const wave = await Promise.all(
        bodies.slice(start, start + 100).map((payload) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/app/v1/payments/freedompay/result',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload,
          }),
        ),
      );
      answers.push(...wave.map((answer) => answer.statusCode));
    }
    expect(answers.filter((status) => status === 400)).toHaveLength(200);
    expect(answers.filter((status) => status === 200)).toHaveLength(800);

    const [topUps] = await db
      .select({ count: count() })
      .from(balanceEntries)
      .where(and(eq(balanceEntries.basis, 'top_up'), isNotNull(balanceEntries.paymentId)));
    expect(topUps?.count).toBe(100);
    const rows = await db.select().from(cardPayments);
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(100);
    const expected = new Map<number, bigint>();
    for (const payment of payments) {
      expected.set(payment.userId, (expected.get(payment.userId) ?? 0n) + payment.amount);
    }
    for (const [userId, sum] of expected) {
      expect(await expectBalanceIsLedger(db, userId)).toBe(sum);
    }
    expect(await paymentMismatches(db)).toEqual([]);
  }, 120_000);
});
