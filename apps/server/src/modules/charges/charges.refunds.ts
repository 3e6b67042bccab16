/**
 * Refunds of a charge to the driver's balance (docs/product/charges.md#4-states-and-rules): ledger credits with basis
 * `refund` naming the charge, never more in total than its payment debited from the balance. What was debited is the
 * ledger's word, not total_cost: a shortfall was never paid, and a charge paid in cash or by another card debited
 * nothing. One transaction per refund, under the charge's row lock, so that two refunds at once cannot both pass the
 * check; the entry is never edited (a refund is not undone, it is corrected by a correction).
 */
import { formatSom } from '@zaryad/contracts';
import type { TChargeRefunds, ZChargeRefundBody } from '@zaryad/contracts/payments';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { ApiError, FieldErrors } from '../../http/api-errors';
import type { Transaction } from '../../platform/transaction';
import { recordAudit } from '../audit';
import {
  balanceEntries,
  bookEntryOnce,
  entryResult,
  type LedgerRequest,
  reasonComment,
  requestFingerprint,
  selectEntries,
  type TLedgerOutcome,
  toEntry,
} from '../users';
import { charges } from './charges.tables';

type TChargeRefund = z.output<typeof ZChargeRefundBody>;

/** Statuses of a charge that ended and was booked: only these were debited. */
const REFUNDABLE_STATUSES: readonly string[] = ['finished', 'stopped'];

export interface RefundsService {
  /**
   * Credits `amount` of the charge's payment back to its driver's balance: an ended charge with something debited
   * only (409 `charge_not_refundable`), never more than is left to refund (400 on amount `refund_more_than_left`).
   * With an idempotency key, a retry answers the first entry and adds nothing.
   */
  refund(chargeId: number, body: TChargeRefund, request: LedgerRequest): Promise<TLedgerOutcome>;
  /** What the charge cost, was refunded and is left to refund, and its refund entries in order. */
  refunds(chargeId: number): Promise<TChargeRefunds>;
}

const chargeNotFound = () => new ApiError(404, 'charge_not_found');

/** Of the charge's driver's ledger: what its payment debited and what its refunds credited back so far. */
const paidAndRefunded = async (db: Database | Transaction, chargeId: number, userId: number | null) => {
  if (userId === null) {
    return { debited: 0n, refunded: 0n };
  }
  // Sums of bigints are numeric in PostgreSQL: read as text, kept as bigint.
  const [row] = await db
    .select({
      debited: sql<string>`coalesce(sum(${balanceEntries.debit}) filter (where ${balanceEntries.basis} = 'charge_payment'), 0)::text`,
      refunded: sql<string>`coalesce(sum(${balanceEntries.credit}) filter (where ${balanceEntries.basis} = 'refund'), 0)::text`,
    })
    .from(balanceEntries)
    .where(and(eq(balanceEntries.chargeId, chargeId), eq(balanceEntries.userId, userId)));
  return { debited: BigInt(row?.debited ?? '0'), refunded: BigInt(row?.refunded ?? '0') };
};

export const createRefundsService = (db: Database): RefundsService => ({
  async refund(chargeId, body, { actor, idempotencyKey: key }) {
    const fingerprint = requestFingerprint(['refund', chargeId, body.amount, body.reason]);
    const entryId = await bookEntryOnce(db, { key, fingerprint }, async (tx) => {
      // The charge's row lock, held to the commit: a second refund reads what this one left, and the engine's finish
      // (which takes the same lock first) cannot book the charge meanwhile.
      const [charge] = await tx
        .select({ id: charges.id, userId: charges.userId, status: charges.status })
        .from(charges)
        .where(eq(charges.id, chargeId))
        .for('update');
      if (!charge) {
        throw chargeNotFound();
      }
      const { debited, refunded } = await paidAndRefunded(tx, charge.id, charge.userId);
      if (charge.userId === null || !REFUNDABLE_STATUSES.includes(charge.status) || debited === 0n) {
        throw new ApiError(409, 'charge_not_refundable');
      }
      const left = debited - refunded;
      if (body.amount > left) {
        throw new FieldErrors({ amount: [`refund_more_than_left:${formatSom(left)}`] });
      }
      const [entry] = await tx
        .insert(balanceEntries)
        .values({
          userId: charge.userId,
          basis: 'refund',
          method: 'personal_balance',
          credit: body.amount,
          chargeId: charge.id,
          comment: reasonComment(body.reason),
          accountId: actor.id,
        })
        .returning({ id: balanceEntries.id, deposit: balanceEntries.deposit });
      if (!entry) {
        throw new Error('the refund entry was not inserted');
      }
      await recordAudit(tx, {
        actor,
        action: 'refund',
        entity: 'charge',
        entityId: charge.id,
        before: { refunded: formatSom(refunded) },
        after: {
          refunded: formatSom(refunded + body.amount),
          refund: formatSom(body.amount),
          reason: body.reason,
          user_id: charge.userId,
          balance: formatSom(entry.deposit),
          entry_id: entry.id,
          ...(key !== undefined && { idempotency_key: key }),
        },
      });
      return entry.id;
    });
    const result = await entryResult(db, entryId);
    // A retry answers the first request's entry: its amount, not this request's.
    return { ...result, detail: `refund_done:${result.entry.credit}` };
  },

  async refunds(chargeId) {
    const [charge] = await db
      .select({ id: charges.id, userId: charges.userId, totalCost: charges.totalCost })
      .from(charges)
      .where(eq(charges.id, chargeId));
    if (!charge) {
      throw chargeNotFound();
    }
    const { debited, refunded } = await paidAndRefunded(db, charge.id, charge.userId);
    const entries =
      charge.userId === null
        ? []
        : await selectEntries(
            db,
            and(
              eq(balanceEntries.chargeId, charge.id),
              eq(balanceEntries.userId, charge.userId),
              eq(balanceEntries.basis, 'refund'),
            ),
          ).orderBy(asc(balanceEntries.createdAt), asc(balanceEntries.id));
    return {
      total_cost: formatSom(charge.totalCost),
      refunded: formatSom(refunded),
      left: formatSom(debited - refunded),
      entries: entries.map(toEntry),
    };
  },
});
