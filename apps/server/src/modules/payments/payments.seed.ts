import { formatSom } from '@zaryad/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appUsers, balanceEntries, userIdTags } from '../users';
import { cardPayments, cardRefunds, paymentEvents } from './payments.tables';

const AMOUNTS = [300_00n, 500_00n, 1000_00n, 1500_00n, 2000_00n, 3000_00n];
const MINUTE_MS = 60_000;

/**
 * The demo network's card payments (npm run seed:demo, after the drivers): drivers of the app topping up by card
 * through FreedomPay, each paid one credited through the ledger after the driver's newest entry (so that the statement
 * chains by date), a few declined, expired or still on the provider's page, and a partial refund to the card now and
 * then; with the provider's story of each. Balances stay equal to their ledgers. Idempotent: a network with card
 * payments is left as it is.
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
        }
      }
    });
  }
  return `${drivers.length} card payments (${made} paid, ${refunds} partly refunded)`;
};
