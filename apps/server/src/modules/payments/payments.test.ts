import { formatSom } from '@zaryad/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { signInDriver, type SignedInDriver } from '../../test/driver-builders';
import { type AppWithFreedomPay, startAppWithFreedomPay } from '../../test/freedompay-app';
import type { StandIn } from '../../test/freedompay-stand-in';
import { expectBalanceIsLedger } from '../../test/ledger-checks';
import type { TestContext } from '../../test/test-app';
import { evaluateRules, incidents } from '../alerts';
import { balanceEntries } from '../users';
import { createFreedomPay } from './payments.freedompay';
import { createPayments, paymentMismatches } from './payments.service';
import { cardPayments, paymentEvents, savedCards } from './payments.tables';

// Issue 39, item 1 (card top-ups through FreedomPay's protocol, against its local stand-in) and item 5 (the finance
// screen's calls, reconciliation); refunds to the card (item 4).

const MERCHANT = { merchantId: '552', secretKey: 'zaryad-test-secret' };

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

const db = () => ctx.database.db;

const topUp = (driver: SignedInDriver, amount: string | number, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/app/v1/payments/top-up/',
    headers: { ...driver.headers, 'accept-language': 'en', ...headers },
    payload: { amount },
  });

const balanceOfDriver = async (driver: SignedInDriver) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/app/v1/balance/', headers: driver.headers })).json<{
    balance: string;
    held: string;
    available: string;
  }>();

const standInOf = (providerId: string) => standIn.payments.find((payment) => payment.id === providerId)!;

const paymentRow = async (orderId: string) =>
  (await db().select().from(cardPayments).where(eq(cardPayments.orderId, orderId)))[0]!;

/** A driver's top-up begun and paid on the stand-in's page. */
const paidTopUp = async (driver: SignedInDriver, amount: string) => {
  const started = await topUp(driver, amount);
  expect(started.statusCode).toBe(201);
  const { payment } = started.json<{ payment: { order_id: string } }>();
  const row = await paymentRow(payment.order_id);
  const answer = await standIn.pay(row.providerPaymentId!, { result: 'ok' });
  expect(answer.status).toBe(200);
  return paymentRow(payment.order_id);
};

describe('a card top-up', () => {
  it('answers the payment and the provider’s page, and credits the balance once when the provider says it is paid', async () => {
    const driver = await signInDriver(ctx.app, db());
    const started = await topUp(driver, '1234.56');
    expect(started.statusCode).toBe(201);
    const body = started.json<{
      payment: { id: number; order_id: string; status: string; amount: string };
      redirect_url: string;
    }>();
    expect(body.payment).toMatchObject({ status: 'pending', amount: '1234.56' });
    expect(body.redirect_url).toContain(`${standIn.url}/pay/`);
    const row = await paymentRow(body.payment.order_id);
    const onStandIn = standInOf(row.providerPaymentId!);
    // What the provider was asked: the exact amount, our callback and the driver's return page.
    expect(onStandIn).toMatchObject({
      amount: '1234.56',
      currency: 'KGS',
      resultUrl: `${publicUrl}/api/app/v1/payments/freedompay/result`,
    });
    expect(onStandIn.successUrl).toContain(`/api/app/v1/payments/return/?order=${body.payment.order_id}`);

    const paid = await standIn.pay(row.providerPaymentId!, { result: 'ok' });
    expect(paid.body).toContain('<pg_status>ok</pg_status>');
    expect(await balanceOfDriver(driver)).toMatchObject({ balance: '1234.56', held: '0.00', available: '1234.56' });
    const after = await paymentRow(body.payment.order_id);
    expect(after).toMatchObject({ status: 'paid', card: '440043******1234' });
    // The top-up's entry names the payment.
    const [entry] = await db().select().from(balanceEntries).where(eq(balanceEntries.id, after.entryId!));
    expect(entry).toMatchObject({
      basis: 'top_up',
      method: 'other_card',
      credit: 123_456n,
      paymentId: after.id,
      comment: `FreedomPay ${after.providerPaymentId}, ${after.orderId}`,
    });

    // The same callback again, and again: answered ok, nothing credited twice.
    for (let times = 0; times < 3; times += 1) {
      const again = await standIn.sendCallback(row.providerPaymentId!);
      expect(again.body).toContain('<pg_status>ok</pg_status>');
    }
    expect((await balanceOfDriver(driver)).balance).toBe('1234.56');
    const userId = after.userId;
    expect(await expectBalanceIsLedger(db(), userId)).toBe(123_456n);

    // The driver's own list and payment.
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/app/v1/payments/', headers: driver.headers });
    expect(mine.json().items).toMatchObject([{ order_id: after.orderId, status: 'paid', amount: '1234.56' }]);
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/app/v1/payments/${after.id}/`,
      headers: driver.headers,
    });
    expect(one.json()).toMatchObject({ status: 'paid', card: '440043******1234' });
    // The return page tells the driver, in their language.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/app/v1/payments/return/?order=${after.orderId}&result=success`,
      headers: { 'accept-language': 'ru' },
    });
    expect(page.body).toContain('Платёж прошёл: 1\u202f234,56 сом');
    const english = await ctx.app.inject({
      method: 'GET',
      url: `/api/app/v1/payments/return/?order=${after.orderId}&result=success`,
      headers: { 'accept-language': 'en' },
    });
    expect(english.body).toContain('The payment went through: 1,234.56 som');
    expect(english.body).toContain('<a href="/app/wallet">Back to the wallet</a>');
  });

  it('refuses callbacks that are not the provider’s, and orders or amounts that are not ours, changing nothing', async () => {
    const driver = await signInDriver(ctx.app, db());
    const started = (await topUp(driver, '300')).json<{ payment: { order_id: string } }>();
    const row = await paymentRow(started.payment.order_id);
    const id = row.providerPaymentId!;

    const forged = await standIn.sendCallback(id, { fields: { pg_result: '1' }, signWith: 'not-the-secret' });
    expect(forged.status).toBe(400);
    expect(forged.body).toContain('<pg_status>error</pg_status>');
    const unsigned = await standIn.sendCallback(id, { fields: { pg_result: '1' }, omitSig: true });
    expect(unsigned.status).toBe(400);
    const tampered = await standIn.sendCallback(id, { fields: { pg_result: '1' }, tamper: { pg_amount: '3000.00' } });
    expect(tampered.status).toBe(400);
    // Signed, but for more than the order asked: rejected.
    const more = await standIn.sendCallback(id, { fields: { pg_result: '1', pg_amount: '3000.00' } });
    expect(more.body).toContain('<pg_status>rejected</pg_status>');
    // Signed, but for an order we never made.
    const unknown = await standIn.sendCallback(id, { fields: { pg_result: '1', pg_order_id: 'ZNOSUCHORDER' } });
    expect(unknown.body).toContain('<pg_status>rejected</pg_status>');

    expect(await paymentRow(started.payment.order_id)).toMatchObject({ status: 'pending', entryId: null });
    expect((await balanceOfDriver(driver)).balance).toBe('0.00');
    // Every one of them is in the payment's story (the unknown order's under no payment).
    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.orderId, 'ZNOSUCHORDER'));
    expect(events).toHaveLength(1);
  });

  it('a declined payment credits nothing; a paid callback after it still credits, once', async () => {
    const driver = await signInDriver(ctx.app, db());
    const started = (await topUp(driver, '200')).json<{ payment: { order_id: string } }>();
    const row = await paymentRow(started.payment.order_id);
    const declined = await standIn.pay(row.providerPaymentId!, { result: 'failed' });
    expect(declined.body).toContain('<pg_status>ok</pg_status>');
    expect(await paymentRow(row.orderId)).toMatchObject({ status: 'failed', failure: 'Операция отклонена банком' });
    expect((await balanceOfDriver(driver)).balance).toBe('0.00');
    // The failure raises the payment_failed alert: one incident for this payment, with the driver and the reason.
    await db().transaction((tx) => evaluateRules(tx, {}, new Date(), ['payment_failed']));
    const [incident] = await db()
      .select()
      .from(incidents)
      .where(and(eq(incidents.rule, 'payment_failed'), eq(incidents.userId, row.userId)));
    expect(incident?.details).toMatchObject({ order_id: row.orderId, amount: '200.00', status: 'failed' });

    await standIn.sendCallback(row.providerPaymentId!, { fields: { pg_result: '1' } });
    await standIn.sendCallback(row.providerPaymentId!, { fields: { pg_result: '0' } });
    expect(await paymentRow(row.orderId)).toMatchObject({ status: 'paid' });
    expect((await balanceOfDriver(driver)).balance).toBe('200.00');
  });

  it('a payment whose callback never came is settled by a status check; the late callback then adds nothing', async () => {
    const driver = await signInDriver(ctx.app, db());
    const started = (await topUp(driver, '750.50')).json<{ payment: { order_id: string } }>();
    const row = await paymentRow(started.payment.order_id);
    standIn.setStatus(row.providerPaymentId!, 'success');
    const payments = createPayments({
      db: db(),
      provider: createFreedomPay({ ...MERCHANT, url: standIn.url }),
      publicUrl,
      lifetimeS: 3600,
      checkAfterS: 600,
    });
    // Not late yet: left alone; ten minutes on: asked and settled.
    expect(await payments.checkOpen(new Date(row.createdAt.getTime() + 60_000))).toBe(0);
    expect(await payments.checkOpen(new Date(row.createdAt.getTime() + 601_000))).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(row.orderId)).toMatchObject({ status: 'paid' });
    expect((await balanceOfDriver(driver)).balance).toBe('750.50');
    const late = await standIn.sendCallback(row.providerPaymentId!, { fields: { pg_result: '1' } });
    expect(late.body).toContain('<pg_status>ok</pg_status>');
    expect((await balanceOfDriver(driver)).balance).toBe('750.50');

    // One the provider never saw paid expires after its lifetime.
    const other = (await topUp(driver, '100')).json<{ payment: { order_id: string } }>();
    const open = await paymentRow(other.payment.order_id);
    await payments.check(open.id, new Date(open.createdAt.getTime() + 2 * 3600_000));
    expect(await paymentRow(open.orderId)).toMatchObject({ status: 'expired' });
    expect(await paymentMismatches(db())).toEqual([]);
  });

  it('checks the amount and the Idempotency-Key, and says when the provider refuses', async () => {
    const driver = await signInDriver(ctx.app, db());
    const low = await topUp(driver, '49.99');
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ amount: ['A card top-up is at least 50.00 som'] });
    expect((await topUp(driver, '50000.01')).json()).toEqual({ amount: ['A card top-up is at most 50,000.00 som'] });
    expect((await topUp(driver, '100.001')).statusCode).toBe(400);

    const first = await topUp(driver, '500', { 'idempotency-key': 'top-up-42' });
    const second = await topUp(driver, '500', { 'idempotency-key': 'top-up-42' });
    expect(second.json().payment.id).toBe(first.json().payment.id);
    expect((await topUp(driver, '600', { 'idempotency-key': 'top-up-42' })).statusCode).toBe(409);

    standIn.failNext('init_payment.php', 101, 'Merchant is blocked');
    const refused = await topUp(driver, '500');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toBe('The payment provider did not accept the payment. Try again in a minute.');
  });
});

describe('finance: card payments and refunds to the card', () => {
  it('lists, totals, details and exports the payments, for those allowed', async () => {
    const driver = await signInDriver(ctx.app, db());
    const paid = await paidTopUp(driver, '400');
    const finance = await signIn(ctx.app, await buildAccount(db(), { roleKey: 'finance' }));
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/card-payments/?search_by_user_id=${paid.userId}&status=paid`,
      headers: finance.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toMatchObject([{ id: paid.id, amount: '400.00', status: 'paid', refunded: '0.00' }]);
    const totals = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/card-payments/totals/?search_by_user_id=${paid.userId}`,
      headers: finance.headers,
    });
    expect(totals.json()).toEqual({ count: 1, paid: '400.00', refunded: '0.00' });
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/card-payments/${paid.id}/`,
      headers: finance.headers,
    });
    expect(detail.json().events.map((event: { kind: string }) => event.kind)).toEqual(['init', 'callback']);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/card-payments/export/?format=csv&search=${paid.orderId}`,
      headers: finance.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(paid.orderId);

    const analyst = await signIn(ctx.app, await buildAccount(db(), { roleKey: 'operator' }));
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/card-payments/${paid.id}/refund/`,
      headers: analyst.headers,
      payload: { amount: '10', reason: 'test' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refunds part of a payment to the card: the provider first, then the balance, never more than is left or available', async () => {
    const driver = await signInDriver(ctx.app, db());
    const paid = await paidTopUp(driver, '500');
    const finance = await signIn(ctx.app, await buildAccount(db(), { roleKey: 'finance' }));
    const refund = (amount: string, reason = 'The driver asked by phone') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/card-payments/${paid.id}/refund/`,
        headers: { ...finance.headers, 'accept-language': 'en' },
        payload: { amount, reason },
      });

    expect((await refund('200', '  ')).json()).toEqual({ reason: ['Enter the reason for the refund'] });
    const done = await refund('200');
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ balance: '300.00', detail: 'Refunded 200.00 som' });
    expect(done.json().entry).toMatchObject({ basis: 'refund', method: 'other_card', debit: '200.00' });
    expect(standInOf(paid.providerPaymentId!).refunded).toBe('200.00');

    expect((await refund('300.01')).json().detail).toBe('At most 300.00 som is left to refund.');
    standIn.failNext('revoke.php', 600, 'Refund is not possible');
    const failed = await refund('50');
    expect(failed.statusCode).toBe(502);
    expect((await balanceOfDriver(driver)).balance).toBe('300.00');
    expect(await paymentRow(paid.orderId)).toMatchObject({ refunded: 200_00n });

    // The driver spends 250 of it (a correction stands in for a charge): only 50 is left to send back.
    const [entry] = await db()
      .insert(balanceEntries)
      .values({ userId: paid.userId, basis: 'correction', method: 'personal_balance', debit: 250_00n })
      .returning();
    expect(entry).toBeDefined();
    expect((await refund('100')).json().detail).toBe(
      'The driver’s available balance is 50.00 som: a refund to the card cannot take more.',
    );
    expect((await refund('50')).statusCode).toBe(201);
    expect(await expectBalanceIsLedger(db(), paid.userId)).toBe(0n);
    expect(await paymentMismatches(db())).toEqual([]);
  });
});

describe('the card payments’ totals', () => {
  it('equal the rows they count, worked out one by one, under every filter', async () => {
    const drivers = await Promise.all(Array.from({ length: 3 }, () => signInDriver(ctx.app, db())));
    const [card] = await db()
      .insert(savedCards)
      .values({ userId: drivers[0]!.user.id, provider: 'freedompay', profileId: `T${Date.now()}`, paymentId: 0 })
      .returning();
    const statuses = ['created', 'pending', 'paid', 'failed', 'expired'] as const;
    const base = Date.parse('2026-03-10T00:00:00Z');
    let seed = 7;
    const next = (modulo: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % modulo;
    };
    for (let index = 0; index < 60; index += 1) {
      const userId = drivers[next(3)]!.user.id;
      const status = statuses[next(5)]!;
      // Auto top-ups are the first driver's, from the card; at most one of them open.
      const isAuto = userId === drivers[0]!.user.id && (status === 'paid' || status === 'failed') && next(2) === 0;
      const amount = BigInt(50_00 + next(500_000));
      // Around Bishkek's midnights (18:00 UTC): the day filter must cut where Bishkek's day does.
      const createdAt = new Date(base + next(4) * 86_400_000 + (17 * 60 + next(120)) * 60_000);
      await db().transaction(async (tx) => {
        const [payment] = await tx
          .insert(cardPayments)
          .values({
            userId,
            provider: 'freedompay',
            kind: isAuto ? 'auto_top_up' : 'top_up',
            cardId: isAuto ? card!.id : null,
            orderId: `TOT${Date.now()}${index}`,
            providerPaymentId: `T-${Date.now()}-${index}`,
            amount,
            status: status === 'paid' ? 'pending' : status,
            createdAt,
          })
          .returning();
        if (status === 'paid') {
          const [entry] = await tx
            .insert(balanceEntries)
            .values({ userId, basis: 'top_up', method: 'other_card', credit: amount, paymentId: payment!.id })
            .returning({ id: balanceEntries.id });
          await tx
            .update(cardPayments)
            .set({ status: 'paid', entryId: entry!.id, refunded: next(3) === 0 ? amount / 3n : 0n })
            .where(eq(cardPayments.id, payment!.id));
        }
      });
    }
    const finance = await signIn(ctx.app, await buildAccount(db(), { roleKey: 'finance' }));
    const all = await db().select().from(cardPayments);
    const bishkekDay = (date: Date) => new Date(date.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
    const cases: Record<string, string>[] = [
      {},
      { status: 'paid' },
      { status: 'failed' },
      { kind: 'auto_top_up' },
      { kind: 'top_up', status: 'paid' },
      { search_by_user_id: String(drivers[0]!.user.id) },
      { search_by_user_id: String(drivers[1]!.user.id), status: 'paid' },
      { period__from: '2026-03-11', period__to: '2026-03-12' },
      { period__from: '2026-03-11', period__to: '2026-03-11', kind: 'top_up' },
      { search: 'TOT' },
    ];
    for (const filters of cases) {
      const matching = all.filter(
        (row) =>
          (!filters.status || row.status === filters.status) &&
          (!filters.kind || row.kind === filters.kind) &&
          (!filters.search_by_user_id || String(row.userId) === filters.search_by_user_id) &&
          (!filters.period__from || bishkekDay(row.createdAt) >= filters.period__from) &&
          (!filters.period__to || bishkekDay(row.createdAt) <= filters.period__to) &&
          (!filters.search ||
            row.orderId.toLowerCase().includes(filters.search.toLowerCase()) ||
            (row.providerPaymentId ?? '').toLowerCase().includes(filters.search.toLowerCase())),
      );
      const query = new URLSearchParams(filters).toString();
      const totals = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/card-payments/totals/?${query}`,
        headers: finance.headers,
      });
      expect(totals.statusCode, query).toBe(200);
      const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);
      expect(totals.json(), query).toEqual({
        count: matching.length,
        paid: formatSom(sum(matching.filter((row) => row.status === 'paid').map((row) => row.amount))),
        refunded: formatSom(sum(matching.map((row) => row.refunded))),
      });
      const page = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/card-payments/?${query}&size=1000`,
        headers: finance.headers,
      });
      expect(
        page
          .json<{ total: number; items: { id: number }[] }>()
          .items.map((item) => item.id)
          .sort(),
        query,
      ).toEqual(matching.map((row) => row.id).sort());
    }
  });
});
