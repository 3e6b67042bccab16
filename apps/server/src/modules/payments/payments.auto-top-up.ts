/**
 * Automatic top-ups (docs/product/payments.md#8-automatic-top-up): a driver who saved a card with a top-up may ask that,
 * whenever the available balance (balance − holds) is below a threshold, an amount is charged to that card. The server
 * charges it through the provider's recurring payment (FreedomPay make_recurring_payment.php); the payment is then
 * settled like any other, by its callback or a status check, once.
 *
 * Rules:
 * - At most one automatic top-up of a driver is on its way at a time: the database's unique index on the open ones
 *   (card_payments_auto_open_unique) says so whoever starts it, however many processes run the job.
 * - After one starts, the next waits `pauseS`, so that a card that is slow to answer is not charged again meanwhile.
 * - AUTO_TOP_UP_FAILURES_MAX failures in a row stop it (`card_failed`) until the driver turns it on again; removing the
 *   card stops it too (`card_removed`). A paid one resets the count.
 */
import { formatSom, translateMessage, type TLanguage } from '@zaryad/contracts';
import {
  AUTO_TOP_UP_FAILURES_MAX,
  type TAutoTopUp,
  type TSavedCard,
  type ZAutoTopUpBody,
} from '@zaryad/contracts/payments';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { ApiError, FieldErrors } from '../../http/api-errors';
import type { Transaction } from '../../platform/transaction';
import { appUsers, chargeHolds } from '../users';
import { type PaymentProvider, ProviderError, type ProviderSavedCard } from './payments.provider';
import { CALLBACK_PATH, newOrderId, recordPaymentEvent, type TCardPaymentRow } from './payments.records';
import { autoTopUps, cardPayments, savedCards } from './payments.tables';

type TSavedCardRow = typeof savedCards.$inferSelect;
type TAutoTopUpOutput = z.output<typeof ZAutoTopUpBody>;

/** What a driver who never set it up sees: off, 100 som, 500 som. */
const DEFAULTS = { threshold: 100_00n, amount: 500_00n } as const;

const toSavedCard = (row: TSavedCardRow): TSavedCard => ({
  id: row.id,
  card: row.card,
  expires_on: row.expiresOn,
  created_at: row.createdAt.toISOString(),
});

/** A paid top-up that asked to keep its card: the provider's profile becomes one of the driver's saved cards. */
export const keepSavedCard = async (
  tx: Transaction,
  payment: TCardPaymentRow,
  savedCard: ProviderSavedCard,
  card: string,
) => {
  await tx
    .insert(savedCards)
    .values({
      userId: payment.userId,
      provider: payment.provider,
      profileId: savedCard.profileId,
      card: card.slice(0, 40),
      expiresOn: savedCard.expiresOn,
      paymentId: payment.id,
    })
    .onConflictDoNothing();
};

/**
 * An automatic top-up settled (under its row lock, by settle): a paid one resets the failures, a failed or expired one
 * counts, and the last allowed failure stops it. Counted only when the payment was still open, so a repeated callback
 * counts once.
 */
export const countAutoTopUp = async (
  tx: Transaction,
  payment: TCardPaymentRow,
  outcome: 'paid' | 'failed',
  now: Date,
) => {
  if (payment.kind !== 'auto_top_up' || (payment.status !== 'created' && payment.status !== 'pending')) {
    return;
  }
  if (outcome === 'paid') {
    await tx.update(autoTopUps).set({ failures: 0, updatedAt: now }).where(eq(autoTopUps.userId, payment.userId));
    return;
  }
  await tx
    .update(autoTopUps)
    .set({
      failures: sql`${autoTopUps.failures} + 1`,
      enabled: sql`${autoTopUps.enabled} and ${autoTopUps.failures} + 1 < ${AUTO_TOP_UP_FAILURES_MAX}`,
      stopped: sql`case when ${autoTopUps.enabled} and ${autoTopUps.failures} + 1 >= ${AUTO_TOP_UP_FAILURES_MAX} then 'card_failed' else ${autoTopUps.stopped} end`,
      updatedAt: now,
    })
    .where(eq(autoTopUps.userId, payment.userId));
};

export interface AutoTopUpsOptions {
  db: Database;
  provider: PaymentProvider | null;
  publicUrl: string;
  /** The least time between two automatic top-ups of a driver (AUTO_TOP_UP_PAUSE_S). */
  pauseS: number;
}

export const createAutoTopUps = ({ db, provider, publicUrl, pauseS }: AutoTopUpsOptions) => {
  const activeCard = async (on: Database | Transaction, userId: number, cardId: number) => {
    const [card] = await on
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId), isNull(savedCards.removedAt)));
    return card;
  };

  const settings = async (userId: number): Promise<TAutoTopUp> => {
    const [row] = await db
      .select({ setting: autoTopUps, card: savedCards })
      .from(autoTopUps)
      .leftJoin(savedCards, and(eq(savedCards.id, autoTopUps.cardId), isNull(savedCards.removedAt)))
      .where(eq(autoTopUps.userId, userId));
    return {
      enabled: row?.setting.enabled ?? false,
      card: row?.card ? toSavedCard(row.card) : null,
      threshold: formatSom(row?.setting.threshold ?? DEFAULTS.threshold),
      amount: formatSom(row?.setting.amount ?? DEFAULTS.amount),
      failures: row?.setting.failures ?? 0,
      stopped: (row?.setting.stopped as TAutoTopUp['stopped']) ?? null,
    };
  };

  /**
   * Who is due now: on, with a card not removed, not paused after the last one, no automatic top-up on its way, and an
   * available balance below the threshold. Read in one statement; start() checks each again under the driver's lock.
   */
  const due = async (now: Date, limit = 100, on: Database | Transaction = db): Promise<number[]> => {
    const pausedSince = new Date(now.getTime() - pauseS * 1000);
    const rows = await on
      .select({ userId: autoTopUps.userId })
      .from(autoTopUps)
      .innerJoin(appUsers, eq(appUsers.id, autoTopUps.userId))
      .innerJoin(savedCards, and(eq(savedCards.id, autoTopUps.cardId), isNull(savedCards.removedAt)))
      .where(
        and(
          eq(autoTopUps.enabled, true),
          eq(appUsers.status, 0),
          sql`(${autoTopUps.lastStartedAt} is null or ${autoTopUps.lastStartedAt} <= ${pausedSince.toISOString()}::timestamptz)`,
          sql`${appUsers.balance} - coalesce((select sum(${chargeHolds.amount}) from ${chargeHolds}
                where ${chargeHolds.userId} = ${autoTopUps.userId} and ${chargeHolds.releasedAt} is null), 0)
              < ${autoTopUps.threshold}`,
          sql`not exists (select 1 from ${cardPayments} where ${cardPayments.userId} = ${autoTopUps.userId}
                and ${cardPayments.kind} = 'auto_top_up' and ${cardPayments.status} in ('created', 'pending'))`,
        ),
      )
      .orderBy(autoTopUps.userId)
      .limit(limit);
    return rows.map((row) => row.userId);
  };

  /**
   * Starts a driver's automatic top-up if still due: the payment's row and the pause are written and committed first
   * (so that its callback, which may come at once, finds it), then the saved card is charged. Answers the payment, or
   * null when it was no longer due.
   */
  const start = async (userId: number, now = new Date()): Promise<TCardPaymentRow | null> => {
    if (!provider) {
      return null;
    }
    const claimed = await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ balance: appUsers.balance, language: appUsers.language, status: appUsers.status })
        .from(appUsers)
        .where(eq(appUsers.id, userId))
        .for('update');
      const [setting] = await tx.select().from(autoTopUps).where(eq(autoTopUps.userId, userId)).for('update');
      if (!user || user.status !== 0 || !setting || !setting.enabled || setting.cardId === null) {
        return null;
      }
      if (setting.lastStartedAt && now.getTime() - setting.lastStartedAt.getTime() < pauseS * 1000) {
        return null;
      }
      const card = await activeCard(tx, userId, setting.cardId);
      if (!card) {
        return null;
      }
      const [held] = await tx
        .select({ held: sql<string>`coalesce(sum(${chargeHolds.amount}), 0)::text` })
        .from(chargeHolds)
        .where(and(eq(chargeHolds.userId, userId), isNull(chargeHolds.releasedAt)));
      if (user.balance - BigInt(held?.held ?? '0') >= setting.threshold) {
        return null;
      }
      const [payment] = await tx
        .insert(cardPayments)
        .values({
          userId,
          provider: card.provider,
          kind: 'auto_top_up',
          cardId: card.id,
          card: card.card,
          orderId: newOrderId(),
          amount: setting.amount,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!payment) {
        return null;
      }
      await tx.update(autoTopUps).set({ lastStartedAt: now, updatedAt: now }).where(eq(autoTopUps.userId, userId));
      return { payment, profileId: card.profileId, language: user.language as TLanguage };
    });
    if (!claimed) {
      return null;
    }
    const { payment, profileId, language } = claimed;
    try {
      const answer = await provider.chargeSaved({
        orderId: payment.orderId,
        amountTyiyn: payment.amount,
        profileId,
        description: translateMessage('payment_description_auto', language),
        resultUrl: `${publicUrl}${CALLBACK_PATH}`,
      });
      // The callback may have settled it already: only a payment still created becomes pending.
      await db.transaction(async (tx) => {
        await tx
          .update(cardPayments)
          .set({ status: 'pending', providerPaymentId: answer.providerPaymentId, updatedAt: new Date() })
          .where(and(eq(cardPayments.id, payment.id), eq(cardPayments.status, 'created')));
        await recordPaymentEvent(tx, { paymentId: payment.id, orderId: payment.orderId, kind: 'init', body: answer.raw });
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) {
        throw error;
      }
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(cardPayments).where(eq(cardPayments.id, payment.id)).for('update');
        if (locked && locked.status === 'created') {
          await tx
            .update(cardPayments)
            .set({ status: 'failed', failure: error.message.slice(0, 500), updatedAt: new Date() })
            .where(eq(cardPayments.id, payment.id));
          await countAutoTopUp(tx, locked, 'failed', new Date());
        }
        await recordPaymentEvent(tx, {
          paymentId: payment.id,
          orderId: payment.orderId,
          kind: 'init',
          valid: false,
          body: Object.keys(error.raw).length > 0 ? error.raw : { error: error.message },
        });
      });
    }
    const [after] = await db.select().from(cardPayments).where(eq(cardPayments.id, payment.id));
    return after ?? payment;
  };

  /** GET /api/app/v1/payments/cards/: the driver's saved cards, newest first. */
  const cards = async (userId: number): Promise<{ items: TSavedCard[] }> => {
    const rows = await db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.userId, userId), isNull(savedCards.removedAt)))
      .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
    return { items: rows.map(toSavedCard) };
  };

  return {
    settings,
    due,
    start,

    /** Every driver due now, one after another (the scheduled job, after its own transaction). */
    async startDue(now = new Date(), limit = 100) {
      const started: TCardPaymentRow[] = [];
      for (const userId of await due(now, limit)) {
        const payment = await start(userId, now);
        if (payment) {
          started.push(payment);
        }
      }
      return started;
    },

    /** GET /api/v1/card-payments/wallets/{id}/: a driver's cards and automatic top-up, for finance. */
    async wallet(userId: number) {
      const [user] = await db.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.id, userId));
      if (!user) {
        throw new ApiError(404, 'not_found');
      }
      const [saved, autoTopUp] = await Promise.all([cards(userId), settings(userId)]);
      return { cards: saved.items, auto_top_up: autoTopUp };
    },

    cards,

    /** DELETE /api/app/v1/payments/cards/{id}/: forgets the card; an automatic top-up from it stops. */
    async removeCard(userId: number, cardId: number, now = new Date()) {
      await db.transaction(async (tx) => {
        const [removed] = await tx
          .update(savedCards)
          .set({ removedAt: now })
          .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId), isNull(savedCards.removedAt)))
          .returning({ id: savedCards.id });
        if (!removed) {
          throw new ApiError(404, 'saved_card_not_found');
        }
        await tx
          .update(autoTopUps)
          .set({ enabled: false, stopped: 'card_removed', updatedAt: now })
          .where(and(eq(autoTopUps.userId, userId), eq(autoTopUps.cardId, cardId), eq(autoTopUps.enabled, true)));
      });
    },

    /** PUT /api/app/v1/payments/auto-top-up/: on or off, from which card, below what, how much. */
    async update(userId: number, body: TAutoTopUpOutput, now = new Date()): Promise<TAutoTopUp> {
      const cardId = body.card_id ?? null;
      await db.transaction(async (tx) => {
        if (cardId !== null && !(await activeCard(tx, userId, cardId))) {
          throw new FieldErrors({ card_id: ['saved_card_not_found'] });
        }
        const values = {
          enabled: body.enabled,
          cardId,
          threshold: body.threshold,
          amount: body.amount,
          // Turned on (again): its count starts over and what stopped it is past.
          ...(body.enabled && { failures: 0, stopped: null }),
          updatedAt: now,
        };
        await tx
          .insert(autoTopUps)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: autoTopUps.userId, set: values });
      });
      return settings(userId);
    },
  };
};

export type AutoTopUps = ReturnType<typeof createAutoTopUps>;
