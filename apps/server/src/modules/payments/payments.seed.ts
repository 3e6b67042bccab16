import { formatSom } from '@zaryad/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appUsers, balanceEntries, userIdTags } from '../users';
import { autoTopUps, cardPayments, cardRefunds, paymentEvents, savedCards } from './payments.tables';

const AMOUNTS = [300_00n, 500_00n, 1000_00n, 1500_00n, 2000_00n, 3000_00n];
const MINUTE_MS = 60_000;

/**
 * The demo network's card payments (npm run seed:demo, after the drivers): drivers of the app topping up by card
 * through FreedomPay, each paid one credited through the ledger after the driver's newest entry (so that the statement
 * chains by date), a few declined, expired or still on the provider's page, and a partial refund to the card now and
 * then; with the provider's story of each. A quarter of the paid ones saved their card; some of those drivers top up
 * automatically (an automatic top-up paid, one driver's stopped after its card failed three times). Balances stay equal
 * to their ledgers. Idempotent: a network with card payments is left as it is.
 */
export const seedCardPayments = async (db: Database, scale: 'full' | 'small' = 'full'): Promise<string> => {
  const [existing] = await db.select({ count: count() }).from(cardPayments);
  if ((existing?.count ?? 0) > 0) {
    return '0 card payments';
  }
  const drivers = await db
    .select({ id: appUsers.id, registeredAt: appUsers.registeredAt })
    .from(appUsers)
    .where(
      and(
        eq(appUsers.status, 0),
        sql`exists (select 1 from ${userIdTags} t where t.user_id = ${appUsers.id} and t.kind = 'app')`,
      ),
    )
    .orderBy(desc(appUsers.id))
    .limit(scale === 'small' ? 24 : 120);
  const now = Date.now();
  let made = 0;
  let refunds = 0;
  let cards = 0;
  let automatic = 0;
  for (const [index, driver] of drivers.entries()) {
    const [newest] = await db
      .select({ at: balanceEntries.createdAt })
      .from(balanceEntries)
      .where(eq(balanceEntries.userId, driver.id))
      .orderBy(desc(balanceEntries.createdAt))
      .limit(1);
    const after = Math.max(newest?.at.getTime() ?? 0, driver.registeredAt.getTime());
    const kind = index % 10;
    // The pending one is on the provider's page now; the others a little after the driver's newest entry.
    const createdAt = new Date(
      kind === 9 ? now - 2 * MINUTE_MS : Math.min(now - 40 * MINUTE_MS, after + (5 + (index % 50)) * MINUTE_MS),
    );
    const amount = AMOUNTS[index % AMOUNTS.length]!;
    const orderId = `Z${createdAt.getTime().toString(36).toUpperCase()}D${String(index).padStart(4, '0')}`;
    const providerPaymentId = String(410_000_000 + index * 7);
    const card = `440043******${String(1000 + ((driver.id * 37) % 9000)).padStart(4, '0')}`;
    const status = kind <= 6 ? 'paid' : kind === 7 ? 'failed' : kind === 8 ? 'expired' : 'pending';
    await db.transaction(async (tx) => {
      const [payment] = await tx
        .insert(cardPayments)
        .values({
          userId: driver.id,
          provider: 'freedompay',
          orderId,
          providerPaymentId,
          amount,
          saveCard: status === 'paid' && index % 4 === 0,
          status: status === 'paid' ? 'pending' : status,
          redirectUrl: `https://api.freedompay.kg/pay.html?customer=${providerPaymentId}`,
          card: status === 'paid' || status === 'failed' ? card : '',
          failure: status === 'failed' ? 'Операция отклонена банком' : '',
          createdAt,
          updatedAt: createdAt,
          checkedAt: status === 'expired' ? new Date(createdAt.getTime() + 70 * MINUTE_MS) : null,
        })
        .returning({ id: cardPayments.id });
      const paymentId = payment!.id;
      await tx.insert(paymentEvents).values({
        paymentId,
        orderId,
        kind: 'init',
        body: { pg_status: 'ok', pg_payment_id: providerPaymentId },
        createdAt,
      });
      if (status === 'paid' || status === 'failed') {
        const paidAt = new Date(createdAt.getTime() + MINUTE_MS);
        await tx.insert(paymentEvents).values({
          paymentId,
          orderId,
          kind: 'callback',
          body: { pg_result: status === 'paid' ? '1' : '0', pg_amount: formatSom(amount) },
          answer: '<response><pg_status>ok</pg_status></response>',
          createdAt: paidAt,
        });
        if (status === 'paid') {
          const [entry] = await tx
            .insert(balanceEntries)
            .values({
              userId: driver.id,
              createdAt: paidAt,
              basis: 'top_up',
              method: 'other_card',
              credit: amount,
              paymentId,
              comment: `FreedomPay ${providerPaymentId}, ${orderId}`,
            })
            .returning({ id: balanceEntries.id });
          await tx
            .update(cardPayments)
            .set({ status: 'paid', entryId: entry!.id, paidAt, updatedAt: paidAt })
            .where(eq(cardPayments.id, paymentId));
          made += 1;
          // Now and then a driver asks for part of it back: refunded to the card, taken from the balance.
          if (index % 15 === 3) {
            const refundedAt = new Date(paidAt.getTime() + 30 * MINUTE_MS);
            const back = 100_00n;
            const [debit] = await tx
              .insert(balanceEntries)
              .values({
                userId: driver.id,
                createdAt: refundedAt,
                basis: 'refund',
                method: 'other_card',
                debit: back,
                paymentId,
                comment: 'Возврат на карту по просьбе водителя',
              })
              .returning({ id: balanceEntries.id });
            await tx.insert(cardRefunds).values({
              paymentId,
              amount: back,
              reason: 'Возврат на карту по просьбе водителя',
              entryId: debit!.id,
              createdAt: refundedAt,
            });
            await tx.update(cardPayments).set({ refunded: back }).where(eq(cardPayments.id, paymentId));
            refunds += 1;
          }
          if (index % 4 === 0) {
            cards += 1;
            automatic += await seedAutoTopUp(tx, { index, userId: driver.id, paymentId, card, paidAt, now });
          }
        }
      }
    });
  }
  return `${drivers.length} card payments (${made} paid, ${refunds} partly refunded), ${cards} saved cards, ${automatic} automatic top-ups`;
};

/**
 * A saved card from a paid top-up and, for every other one, the driver's automatic top-up: on (below 100 som, 500 som),
 * with a paid automatic top-up 45 minutes after the card's payment; every eighth one stopped after three failures.
 * Answers the automatic top-up payments made.
 */
const seedAutoTopUp = async (
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
  seed: { index: number; userId: number; paymentId: number; card: string; paidAt: Date; now: number },
): Promise<number> => {
  const { index, userId, paymentId, card, paidAt, now } = seed;
  const expiry = new Date(paidAt);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + 3, expiry.getUTCMonth(), 1);
  const [saved] = await tx
    .insert(savedCards)
    .values({
      userId,
      provider: 'freedompay',
      profileId: String(7_100_000 + index),
      card,
      expiresOn: expiry.toISOString().slice(0, 10),
      paymentId,
      createdAt: paidAt,
    })
    .returning({ id: savedCards.id });
  if (index % 8 !== 0) {
    return 0;
  }
  const isStopped = index % 64 === 0;
  const startedAt = new Date(Math.min(paidAt.getTime() + 45 * MINUTE_MS, now - 3 * MINUTE_MS));
  const attempts = isStopped ? 3 : 1;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const createdAt = new Date(startedAt.getTime() + attempt * 10 * MINUTE_MS - (attempts - 1) * 10 * MINUTE_MS);
    const at = new Date(Math.max(createdAt.getTime(), paidAt.getTime() + 31 * MINUTE_MS));
    const settledAt = new Date(at.getTime() + MINUTE_MS);
    const orderId = `Z${at.getTime().toString(36).toUpperCase()}A${String(index).padStart(3, '0')}${attempt}`;
    const providerPaymentId = String(420_000_000 + index * 7 + attempt);
    const [payment] = await tx
      .insert(cardPayments)
      .values({
        userId,
        provider: 'freedompay',
        kind: 'auto_top_up',
        cardId: saved!.id,
        orderId,
        providerPaymentId,
        amount: 500_00n,
        status: isStopped ? 'failed' : 'pending',
        card,
        failure: isStopped ? 'Недостаточно средств на карте' : '',
        createdAt: at,
        updatedAt: settledAt,
      })
      .returning({ id: cardPayments.id });
    await tx.insert(paymentEvents).values([
      { paymentId: payment!.id, orderId, kind: 'init', body: { pg_status: 'ok', pg_payment_id: providerPaymentId }, createdAt: at },
      {
        paymentId: payment!.id,
        orderId,
        kind: 'callback',
        body: { pg_result: isStopped ? '0' : '1', pg_amount: '500.00' },
        answer: '<response><pg_status>ok</pg_status></response>',
        createdAt: settledAt,
      },
    ]);
    if (!isStopped) {
      const [entry] = await tx
        .insert(balanceEntries)
        .values({
          userId,
          createdAt: settledAt,
          basis: 'top_up',
          method: 'other_card',
          credit: 500_00n,
          paymentId: payment!.id,
          comment: `FreedomPay ${providerPaymentId}, ${orderId}`,
        })
        .returning({ id: balanceEntries.id });
      await tx
        .update(cardPayments)
        .set({ status: 'paid', entryId: entry!.id, paidAt: settledAt })
        .where(eq(cardPayments.id, payment!.id));
    }
  }
  await tx.insert(autoTopUps).values({
    userId,
    enabled: !isStopped,
    cardId: saved!.id,
    threshold: 100_00n,
    amount: 500_00n,
    failures: isStopped ? 3 : 0,
    stopped: isStopped ? 'card_failed' : null,
    lastStartedAt: startedAt,
    updatedAt: startedAt,
  });
  return attempts;
};
