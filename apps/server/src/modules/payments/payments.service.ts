/**
 * Card payments (docs/product/payments.md): a driver's top-up through the provider, settled by its callback or by a
 * status check, whichever comes first; refunds to the card; the list, details and reconciliation for finance.
 *
 * Money rules (docs/design.md#9-money-charges-and-time):
 * - A payment is settled under its row lock (`select … for update`): a callback repeated, two callbacks racing, a
 *   callback and a status check at once queue there, and the second finds it settled. A paid payment credits the
 *   balance once: its top-up entry names it (`balance_entries.payment_id`, unique for top-ups), in the transaction that
 *   marks it paid.
 * - Only a signed callback of an order we made, for the amount we asked, credits anything; every callback, good or
 *   not, is kept in payment_events with our answer.
 * - A refund to the card holds the payment's row lock and the driver's while the provider is asked: the ledger's debit,
 *   the refund's row and the payment's refunded sum are written only once the provider has accepted, in one transaction.
 */
import { formatSom, translateMessage, type TLanguage } from '@zaryad/contracts';
import type {
  TAppPayment,
  TCardPayment,
  TCardPaymentDetail,
  TCardPaymentFilters,
  TCardPaymentKind,
  TCardPaymentStatus,
  TCardPaymentTotals,
  TLedgerResult,
} from '@zaryad/contracts/payments';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { bishkekDayEnd, bishkekDayStart } from '../../platform/bishkek-time';
import type { Transaction } from '../../platform/transaction';
import { accounts } from '../accounts';
import { recordAudit, type TActor } from '../audit';
import { appUsers, availableLocked, balanceEntries, entryResult } from '../users';
import { countAutoTopUp, keepSavedCard } from './payments.auto-top-up';
import {
  InvalidCallbackError,
  type PaymentProvider,
  ProviderError,
  type ProviderSavedCard,
  type TProviderOutcome,
} from './payments.provider';
import {
  CALLBACK_PATH,
  iso,
  newOrderId,
  OPEN_STATUSES,
  recordPaymentEvent,
  RETURN_PATH,
  type TCardPaymentRow,
  toAppPayment,
} from './payments.records';
import { cardPayments, cardRefunds, paymentEvents } from './payments.tables';

export { CALLBACK_PATH, RETURN_PATH, toAppPayment, type TCardPaymentRow } from './payments.records';

interface Settlement {
  outcome: TProviderOutcome;
  providerPaymentId: string | null;
  /** What the provider says was paid; null when it does not say (then ours stands). */
  amountTyiyn: bigint | null;
  card: string;
  failure: string;
  savedCard: ProviderSavedCard | null;
}

export interface PaymentsOptions {
  db: Database;
  provider: PaymentProvider | null;
  publicUrl: string;
  lifetimeS: number;
  checkAfterS: number;
}

export const createPayments = ({ db, provider, publicUrl, lifetimeS, checkAfterS }: PaymentsOptions) => {
  const providerOrFail = () => {
    if (!provider) {
      throw new ApiError(503, 'payments_unavailable');
    }
    return provider;
  };

  const recordEvent = recordPaymentEvent;

  /**
   * Settles a payment whose row the caller has locked, as the provider says it went: paid credits the balance once,
   * failed marks it failed (a paid payment stays paid: the money was taken). Answers what changed.
   */
  const settle = async (
    tx: Transaction,
    payment: TCardPaymentRow,
    said: Settlement,
    now: Date,
  ): Promise<'credited' | 'already' | 'failed' | 'open' | 'amount_mismatch'> => {
    if (said.outcome === 'pending') {
      if (now.getTime() - payment.createdAt.getTime() > (lifetimeS + checkAfterS) * 1000 && payment.status !== 'paid') {
        await tx
          .update(cardPayments)
          .set({ status: 'expired', updatedAt: now, checkedAt: now })
          .where(eq(cardPayments.id, payment.id));
        await countAutoTopUp(tx, payment, 'failed', now);
        return 'failed';
      }
      return 'open';
    }
    if (said.outcome === 'failed') {
      if (payment.status === 'paid') {
        return 'already';
      }
      await tx
        .update(cardPayments)
        .set({
          status: 'failed',
          failure: said.failure.slice(0, 500),
          updatedAt: now,
          ...(said.providerPaymentId && !payment.providerPaymentId && { providerPaymentId: said.providerPaymentId }),
        })
        .where(eq(cardPayments.id, payment.id));
      await countAutoTopUp(tx, payment, 'failed', now);
      return 'failed';
    }
    if (payment.status === 'paid') {
      return 'already';
    }
    if (said.amountTyiyn !== null && said.amountTyiyn !== payment.amount) {
      return 'amount_mismatch';
    }
    // Paid, even after a status check had found it failed or expired: the provider took the money, the driver has it.
    const providerPaymentId = payment.providerPaymentId ?? said.providerPaymentId ?? '';
    const [entry] = await tx
      .insert(balanceEntries)
      .values({
        userId: payment.userId,
        createdAt: now,
        basis: 'top_up',
        method: 'other_card',
        credit: payment.amount,
        paymentId: payment.id,
        comment: `FreedomPay ${providerPaymentId}, ${payment.orderId}`.slice(0, 255),
      })
      .returning({ id: balanceEntries.id });
    await tx
      .update(cardPayments)
      .set({
        status: 'paid',
        entryId: entry!.id,
        paidAt: now,
        updatedAt: now,
        card: said.card.slice(0, 40) || payment.card,
        failure: '',
        providerPaymentId: providerPaymentId || null,
      })
      .where(eq(cardPayments.id, payment.id));
    await countAutoTopUp(tx, payment, 'paid', now);
    if (payment.saveCard && said.savedCard) {
      await keepSavedCard(tx, payment, said.savedCard, said.card || payment.card);
    }
    return 'credited';
  };

  const lockPayment = async (tx: Transaction, where: SQL) => {
    const [row] = await tx.select().from(cardPayments).where(where).for('update');
    return row;
  };

  /** Asks the provider how a payment went and settles it; answers the payment after. */
  const check = async (
    paymentId: number,
    now = new Date(),
    on: Database | Transaction = db,
  ): Promise<TCardPaymentRow | undefined> => {
    const gateway = providerOrFail();
    const [payment] = await on.select().from(cardPayments).where(eq(cardPayments.id, paymentId));
    if (!payment) {
      return undefined;
    }
    let status;
    try {
      status = await gateway.status({ orderId: payment.orderId, providerPaymentId: payment.providerPaymentId });
    } catch (error) {
      await recordEvent(on, {
        paymentId,
        orderId: payment.orderId,
        kind: 'status',
        valid: false,
        body: { error: error instanceof Error ? error.message : String(error) },
      });
      await on.update(cardPayments).set({ checkedAt: now }).where(eq(cardPayments.id, paymentId));
      return payment;
    }
    return (on as Database).transaction(async (tx) => {
      const locked = (await lockPayment(tx, eq(cardPayments.id, paymentId)))!;
      const result = await settle(
        tx,
        locked,
        {
          outcome: status.outcome,
          providerPaymentId: null,
          amountTyiyn: status.amountTyiyn,
          card: status.card,
          failure: status.failure,
          savedCard: status.savedCard,
        },
        now,
      );
      await tx.update(cardPayments).set({ checkedAt: now }).where(eq(cardPayments.id, paymentId));
      await recordEvent(tx, { paymentId, orderId: locked.orderId, kind: 'status', body: status.raw, answer: result });
      const [after] = await tx.select().from(cardPayments).where(eq(cardPayments.id, paymentId));
      return after;
    });
  };

  const cardPaymentRows = (where: SQL | undefined) =>
    db
      .select({
        payment: cardPayments,
        userName: appUsers.name,
        personalAccount: appUsers.personalAccount,
      })
      .from(cardPayments)
      .innerJoin(appUsers, eq(appUsers.id, cardPayments.userId))
      .where(where);

  const toCardPayment = (row: {
    payment: TCardPaymentRow;
    userName: string;
    personalAccount: string;
  }): TCardPayment => ({
    id: row.payment.id,
    created_at: row.payment.createdAt.toISOString(),
    user: { id: row.payment.userId, name: row.userName, personal_account: row.personalAccount },
    provider: 'freedompay',
    kind: row.payment.kind as TCardPaymentKind,
    order_id: row.payment.orderId,
    provider_payment_id: row.payment.providerPaymentId,
    amount: formatSom(row.payment.amount),
    refunded: formatSom(row.payment.refunded),
    status: row.payment.status as TCardPaymentStatus,
    card: row.payment.card,
    paid_at: iso(row.payment.paidAt),
    entry_id: row.payment.entryId,
    failure: row.payment.failure,
    checked_at: iso(row.payment.checkedAt),
  });

  return {
    available: () => provider !== null,

    /** POST /api/app/v1/payments/top-up/: a payment with the provider, and its page. */
    async topUp(
      driver: { userId: number; language: TLanguage },
      amount: bigint,
      idempotencyKey: string | undefined,
      saveCard = false,
    ): Promise<{ payment: TAppPayment; redirect_url: string }> {
      const gateway = providerOrFail();
      if (idempotencyKey !== undefined) {
        const [earlier] = await db
          .select()
          .from(cardPayments)
          .where(and(eq(cardPayments.userId, driver.userId), eq(cardPayments.idempotencyKey, idempotencyKey)));
        if (earlier) {
          if (earlier.amount !== amount) {
            throw new ApiError(409, 'idempotency_key_reused');
          }
          return { payment: toAppPayment(earlier), redirect_url: earlier.redirectUrl };
        }
      }
      const [user] = await db.select({ phone: appUsers.phone }).from(appUsers).where(eq(appUsers.id, driver.userId));
      const orderId = newOrderId();
      let created: TCardPaymentRow;
      try {
        [created] = (await db
          .insert(cardPayments)
          .values({
            userId: driver.userId,
            provider: gateway.name,
            orderId,
            amount,
            idempotencyKey: idempotencyKey ?? null,
            saveCard,
          })
          .returning()) as [TCardPaymentRow];
      } catch (error) {
        // The same key sent twice at once: the first one's payment answers both.
        if (idempotencyKey !== undefined) {
          const [earlier] = await db
            .select()
            .from(cardPayments)
            .where(and(eq(cardPayments.userId, driver.userId), eq(cardPayments.idempotencyKey, idempotencyKey)));
          if (earlier) {
            return { payment: toAppPayment(earlier), redirect_url: earlier.redirectUrl };
          }
        }
        throw error;
      }
      const back = (result: string) => `${publicUrl}${RETURN_PATH}?order=${orderId}&result=${result}`;
      try {
        const answer = await gateway.create({
          orderId,
          amountTyiyn: amount,
          description: translateMessage('payment_description', driver.language),
          phone: user?.phone ?? '',
          language: driver.language,
          resultUrl: `${publicUrl}${CALLBACK_PATH}`,
          successUrl: back('success'),
          failureUrl: back('failure'),
          saveCard,
        });
        const [pending] = await db
          .update(cardPayments)
          .set({
            status: 'pending',
            providerPaymentId: answer.providerPaymentId,
            redirectUrl: answer.redirectUrl,
            updatedAt: new Date(),
          })
          .where(and(eq(cardPayments.id, created.id), eq(cardPayments.status, 'created')))
          .returning();
        await recordEvent(db, { paymentId: created.id, orderId, kind: 'init', body: answer.raw });
        return { payment: toAppPayment(pending ?? created), redirect_url: answer.redirectUrl };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(cardPayments)
          .set({ status: 'failed', failure: message.slice(0, 500), updatedAt: new Date() })
          .where(eq(cardPayments.id, created.id));
        await recordEvent(db, {
          paymentId: created.id,
          orderId,
          kind: 'init',
          valid: false,
          body: error instanceof ProviderError ? error.raw : { error: message },
        });
        throw new ApiError(502, 'payment_provider_failed');
      }
    },

    /**
     * The provider's result callback: verified, then settled under the payment's lock; every one kept with our answer.
     * Answers the provider's own document (FreedomPay: signed XML), `ok` also to a repeat of a settled payment.
     */
    async callback(fields: Record<string, string>, now = new Date()) {
      const gateway = providerOrFail();
      let said;
      try {
        said = gateway.readCallback(CALLBACK_PATH, fields);
      } catch (error) {
        if (!(error instanceof InvalidCallbackError)) {
          throw error;
        }
        const answer = gateway.answerCallback(CALLBACK_PATH, 'error', 'invalid signature');
        await recordEvent(db, {
          paymentId: null,
          orderId: fields.pg_order_id ?? '',
          kind: 'callback',
          valid: false,
          body: fields,
          answer: answer.body,
        });
        return { status: 400, answer };
      }
      return db.transaction(async (tx) => {
        const payment = await lockPayment(tx, eq(cardPayments.orderId, said.orderId));
        if (!payment) {
          const answer = gateway.answerCallback(CALLBACK_PATH, 'rejected', 'unknown order');
          await recordEvent(tx, {
            paymentId: null,
            orderId: said.orderId,
            kind: 'callback',
            body: fields,
            answer: answer.body,
          });
          return { status: 200, answer };
        }
        const result = await settle(
          tx,
          payment,
          {
            outcome: said.outcome,
            providerPaymentId: said.providerPaymentId,
            amountTyiyn: said.amountTyiyn,
            card: said.card,
            failure: said.failure,
            savedCard: said.savedCard,
          },
          now,
        );
        const answer =
          result === 'amount_mismatch'
            ? gateway.answerCallback(CALLBACK_PATH, 'rejected', 'amount does not match the order')
            : gateway.answerCallback(CALLBACK_PATH, 'ok', result);
        await recordEvent(tx, {
          paymentId: payment.id,
          orderId: payment.orderId,
          kind: 'callback',
          body: fields,
          answer: answer.body,
        });
        return { status: 200, answer };
      });
    },

    check,

    /** The open payments whose callback is late: asked of the provider (the scheduled job, and reconciliation). */
    async checkOpen(now = new Date(), limit = 100, on: Database | Transaction = db) {
      const cutoff = new Date(now.getTime() - checkAfterS * 1000);
      const open = await on
        .select({ id: cardPayments.id })
        .from(cardPayments)
        .where(
          and(
            inArray(cardPayments.status, OPEN_STATUSES),
            lt(cardPayments.createdAt, cutoff),
            or(sql`${cardPayments.checkedAt} is null`, lt(cardPayments.checkedAt, cutoff)),
          ),
        )
        .orderBy(asc(cardPayments.createdAt))
        .limit(limit);
      for (const { id } of open) {
        await check(id, now, on);
      }
      return open.length;
    },

    /** GET /api/app/v1/payments/{id}/: the driver's own payment; a late one is asked of the provider first. */
    async appPayment(userId: number, paymentId: number, now = new Date()): Promise<TAppPayment> {
      const [payment] = await db
        .select()
        .from(cardPayments)
        .where(and(eq(cardPayments.id, paymentId), eq(cardPayments.userId, userId)));
      if (!payment) {
        throw new ApiError(404, 'payment_not_found');
      }
      const late = now.getTime() - payment.createdAt.getTime() > 60_000;
      const checkedLately = payment.checkedAt && now.getTime() - payment.checkedAt.getTime() < 30_000;
      if (provider && OPEN_STATUSES.includes(payment.status as TCardPaymentStatus) && late && !checkedLately) {
        return toAppPayment((await check(payment.id, now)) ?? payment);
      }
      return toAppPayment(payment);
    },

    /** GET /api/app/v1/payments/: the driver's payments, newest first. */
    async appPayments(userId: number, page: number, size: number) {
      const [total] = await db.select({ total: count() }).from(cardPayments).where(eq(cardPayments.userId, userId));
      const rows = await db
        .select()
        .from(cardPayments)
        .where(eq(cardPayments.userId, userId))
        .orderBy(desc(cardPayments.createdAt), desc(cardPayments.id))
        .limit(size)
        .offset((page - 1) * size);
      const all = total?.total ?? 0;
      return { items: rows.map(toAppPayment), page, pages: Math.max(1, Math.ceil(all / size)), size, total: all };
    },

    /** The return page's payment, by order id. */
    async byOrder(orderId: string) {
      const [payment] = await db.select().from(cardPayments).where(eq(cardPayments.orderId, orderId));
      return payment;
    },

    /** GET /api/v1/card-payments/. */
    async list(filters: TCardPaymentFilters) {
      const where = cardPaymentConditions(filters);
      const [total] = await db.select({ total: count() }).from(cardPayments).where(where);
      const rows = await cardPaymentRows(where)
        .orderBy(desc(cardPayments.createdAt), desc(cardPayments.id))
        .limit(filters.size)
        .offset((filters.page - 1) * filters.size);
      const all = total?.total ?? 0;
      return {
        items: rows.map(toCardPayment),
        page: filters.page,
        pages: Math.max(1, Math.ceil(all / filters.size)),
        size: filters.size,
        total: all,
      };
    },

    /** GET /api/v1/card-payments/totals/. */
    async totals(filters: Omit<TCardPaymentFilters, 'page' | 'size'>): Promise<TCardPaymentTotals> {
      const [row] = await db
        .select({
          count: count(),
          paid: sql<string>`coalesce(sum(${cardPayments.amount}) filter (where ${cardPayments.status} = 'paid'), 0)::text`,
          refunded: sql<string>`coalesce(sum(${cardPayments.refunded}), 0)::text`,
        })
        .from(cardPayments)
        .where(cardPaymentConditions(filters));
      return { count: row?.count ?? 0, paid: formatSom(row?.paid ?? '0'), refunded: formatSom(row?.refunded ?? '0') };
    },

    /** GET /api/v1/card-payments/{id}/. */
    async detail(paymentId: number): Promise<TCardPaymentDetail> {
      const [row] = await cardPaymentRows(eq(cardPayments.id, paymentId));
      if (!row) {
        throw new ApiError(404, 'payment_not_found');
      }
      const refunds = await db
        .select({ refund: cardRefunds, firstName: accounts.firstName, lastName: accounts.lastName })
        .from(cardRefunds)
        .leftJoin(accounts, eq(accounts.id, cardRefunds.accountId))
        .where(eq(cardRefunds.paymentId, paymentId))
        .orderBy(asc(cardRefunds.createdAt), asc(cardRefunds.id));
      const events = await db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, paymentId))
        .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id));
      return {
        ...toCardPayment(row),
        refunds: refunds.map(({ refund, firstName, lastName }) => ({
          id: refund.id,
          created_at: refund.createdAt.toISOString(),
          amount: formatSom(refund.amount),
          reason: refund.reason,
          account:
            refund.accountId === null
              ? null
              : { id: refund.accountId, first_name: firstName ?? '', last_name: lastName ?? '' },
          entry_id: refund.entryId,
        })),
        events: events.map((event) => ({
          at: event.createdAt.toISOString(),
          kind: event.kind,
          valid: event.valid,
          summary: summarize(event.body as Record<string, unknown>, event.answer),
        })),
      };
    },

    /**
     * POST /api/v1/card-payments/{id}/refund/: back to the card through the provider, and the same amount taken from
     * the balance, never more than the payment has left nor than the driver has available.
     */
    async refundToCard(
      paymentId: number,
      body: { amount: bigint; reason: string },
      actor: TActor,
      language: TLanguage,
    ): Promise<TLedgerResult> {
      const gateway = providerOrFail();
      let refused: unknown = null;
      const entryId = await db
        .transaction(async (tx) => {
          const payment = await lockPayment(tx, eq(cardPayments.id, paymentId));
          if (!payment) {
            throw new ApiError(404, 'payment_not_found');
          }
          if (payment.status !== 'paid' || !payment.providerPaymentId) {
            throw new ApiError(409, 'payment_not_refundable');
          }
          const left = payment.amount - payment.refunded;
          if (body.amount > left) {
            throw new ApiError(409, `refund_more_than_left:${formatSom(left)}`);
          }
          const available = await availableLocked(tx, payment.userId);
          if (body.amount > available) {
            throw new ApiError(409, `refund_balance_too_low:${formatSom(available < 0n ? 0n : available)}`);
          }
          let answer;
          try {
            answer = await gateway.refund({ providerPaymentId: payment.providerPaymentId, amountTyiyn: body.amount });
          } catch (error) {
            refused = error;
            throw new ApiError(502, 'refund_provider_failed');
          }
          const [entry] = await tx
            .insert(balanceEntries)
            .values({
              userId: payment.userId,
              basis: 'refund',
              method: 'other_card',
              debit: body.amount,
              paymentId: payment.id,
              comment: body.reason.slice(0, 255),
              accountId: actor.id,
            })
            .returning({ id: balanceEntries.id, deposit: balanceEntries.deposit });
          await tx.insert(cardRefunds).values({
            paymentId: payment.id,
            amount: body.amount,
            reason: body.reason,
            accountId: actor.id,
            entryId: entry!.id,
          });
          await tx
            .update(cardPayments)
            .set({ refunded: payment.refunded + body.amount, updatedAt: new Date() })
            .where(eq(cardPayments.id, payment.id));
          await recordEvent(tx, { paymentId: payment.id, orderId: payment.orderId, kind: 'refund', body: answer });
          await recordAudit(tx, {
            actor,
            action: 'refund',
            entity: 'card_payment',
            entityId: payment.id,
            before: { refunded: formatSom(payment.refunded) },
            after: {
              refunded: formatSom(payment.refunded + body.amount),
              amount: formatSom(body.amount),
              reason: body.reason,
              entry_id: entry!.id,
              balance: formatSom(entry!.deposit),
            },
          });
          return entry!.id;
        })
        .catch(async (error: unknown) => {
          if (refused) {
            await recordEvent(db, {
              paymentId,
              kind: 'refund',
              valid: false,
              body: refused instanceof ProviderError ? refused.raw : { error: String(refused) },
            });
          }
          throw error;
        });
      const result = await entryResult(db, entryId);
      return { ...result, detail: translateMessage(`refund_done:${formatSom(body.amount)}`, language) };
    },

    /**
     * Reconciliation (the daily job): the late payments asked of the provider, then the payments and the ledger
     * compared; answers the mismatches found (the alerts' nightly ledger check raises them too).
     */
    async reconcile(now = new Date(), on: Database | Transaction = db) {
      if (provider) {
        await this.checkOpen(now, 1_000, on);
      }
      return paymentMismatches(on);
    },
  };
};

export type Payments = ReturnType<typeof createPayments>;

/** The list's, the totals' and the export's filters. */
export const cardPaymentConditions = (filters: Omit<TCardPaymentFilters, 'page' | 'size'>): SQL | undefined => {
  const search = filters.search?.trim();
  return and(
    filters.status ? eq(cardPayments.status, filters.status) : undefined,
    filters.kind ? eq(cardPayments.kind, filters.kind) : undefined,
    filters.search_by_user_id ? eq(cardPayments.userId, filters.search_by_user_id) : undefined,
    filters.period__from ? gte(cardPayments.createdAt, bishkekDayStart(filters.period__from)) : undefined,
    filters.period__to ? lt(cardPayments.createdAt, bishkekDayEnd(filters.period__to)) : undefined,
    search
      ? or(ilike(cardPayments.orderId, `%${search}%`), ilike(cardPayments.providerPaymentId, `%${search}%`))
      : undefined,
  );
};

/** A provider document's few telling fields, for the payment's story. */
const summarize = (body: Record<string, unknown>, answer: string) => {
  const keys = ['pg_result', 'pg_payment_status', 'pg_amount', 'pg_refund_amount', 'pg_error_description', 'error'];
  const said = keys.filter((key) => body[key] !== undefined).map((key) => `${key}=${String(body[key])}`);
  const ours = /<pg_status>([^<]*)<\/pg_status>/.exec(answer)?.[1] ?? (answer && !answer.startsWith('<') ? answer : '');
  return [...said, ...(ours ? [`→ ${ours}`] : [])].join(', ');
};

/**
 * The payments and the ledger disagree where: a paid payment has no top-up entry of its amount, a top-up entry names a
 * payment that is not paid or names it twice, or a payment's refunded sum is not its refunds' (rows and debits).
 */
export const paymentMismatches = async (db: Database | Transaction) => {
  const result = await db.execute(sql`
    select p.id, p.order_id, p.status, p.amount::text as amount, p.refunded::text as refunded,
           coalesce(t.credit, 0)::text as credited, coalesce(t.entries, 0)::int as entries,
           coalesce(r.refunds, 0)::text as refunds, coalesce(d.debits, 0)::text as debits
    from card_payments p
    left join (select payment_id, sum(credit) as credit, count(*) as entries from balance_entries
               where basis = 'top_up' and payment_id is not null group by payment_id) t on t.payment_id = p.id
    left join (select payment_id, sum(amount) as refunds from card_refunds group by payment_id) r on r.payment_id = p.id
    left join (select payment_id, sum(debit) as debits from balance_entries
               where basis = 'refund' and payment_id is not null group by payment_id) d on d.payment_id = p.id
    where (p.status = 'paid') <> (coalesce(t.entries, 0) = 1)
       or (p.status = 'paid' and coalesce(t.credit, 0) <> p.amount)
       or p.refunded <> coalesce(r.refunds, 0) or p.refunded <> coalesce(d.debits, 0)
    order by p.id`);
  return (
    result as unknown as {
      rows: { id: number; order_id: string; status: string; amount: string; credited: string; refunded: string }[];
    }
  ).rows.map((row) => ({ ...row, id: Number(row.id) }));
};
