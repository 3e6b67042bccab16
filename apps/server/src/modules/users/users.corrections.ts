/**
 * Corrections of a balance from the dashboard (docs/product/users.md#4-states-and-rules): one ledger entry with basis
 * `correction` and its reason, a credit or a debit, audited with the balance before and after, in one transaction. An
 * entry is never edited: a wrong correction is undone by another one.
 */
import { formatSom } from '@zaryad/contracts';
import type { ZCorrectionBody } from '@zaryad/contracts/payments';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { FieldErrors } from '../../http/api-errors';
import { recordAudit } from '../audit';
import { availableLocked } from './balance-holds';
import {
  bookEntryOnce,
  entryResult,
  type LedgerRequest,
  reasonComment,
  requestFingerprint,
  type TLedgerOutcome,
} from './ledger-entries';
import { APP_USER_ENTITY, userNotFound } from './users.service';
import { appUsers, balanceEntries } from './users.tables';

type TCorrection = z.output<typeof ZCorrectionBody>;

export interface CorrectionsService {
  /**
   * Adds a correction entry: a credit adds the amount, a debit takes it but never more than the available balance (the
   * balance less the driver's holds, read under their row lock). With an idempotency key, a retry answers the first
   * entry and adds nothing.
   */
  correct(userId: number, body: TCorrection, request: LedgerRequest): Promise<TLedgerOutcome>;
}

export const createCorrectionsService = (db: Database): CorrectionsService => ({
  async correct(userId, body, { actor, idempotencyKey: key }) {
    const fingerprint = requestFingerprint(['correction', userId, body.direction, body.amount, body.reason]);
    const entryId = await bookEntryOnce(db, { key, fingerprint }, async (tx) => {
      const [user] = await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.id, userId));
      if (!user) {
        throw userNotFound();
      }
      if (body.direction === 'debit') {
        // Under the driver's row lock until the commit: concurrent debits and charge starts queue here, so that
        // neither the balance less its holds nor the balance itself goes below zero through a correction.
        const available = await availableLocked(tx, userId);
        if (body.amount > available) {
          const limit = available > 0n ? available : 0n;
          throw new FieldErrors({ amount: [`correction_more_than_available:${formatSom(limit)}`] });
        }
      }
      const isCredit = body.direction === 'credit';
      const [entry] = await tx
        .insert(balanceEntries)
        .values({
          userId,
          basis: 'correction',
          method: 'personal_balance',
          credit: isCredit ? body.amount : 0n,
          debit: isCredit ? 0n : body.amount,
          comment: reasonComment(body.reason),
          accountId: actor.id,
        })
        .returning({ id: balanceEntries.id, deposit: balanceEntries.deposit, userBlocked: balanceEntries.userBlocked });
      if (!entry) {
        throw new Error('the correction entry was not inserted');
      }
      const change = isCredit ? body.amount : -body.amount;
      await recordAudit(tx, {
        actor,
        action: 'correction',
        entity: APP_USER_ENTITY,
        entityId: userId,
        before: { balance: formatSom(entry.deposit - change) },
        after: {
          balance: formatSom(entry.deposit),
          correction: formatSom(change),
          direction: body.direction,
          reason: body.reason,
          entry_id: entry.id,
          user_blocked: entry.userBlocked,
          ...(key !== undefined && { idempotency_key: key }),
        },
      });
      return entry.id;
    });
    const result = await entryResult(db, entryId);
    // A retry answers the first request's entry: its amount, not this request's.
    const change = result.entry.credit === '0.00' ? `-${result.entry.debit}` : result.entry.credit;
    return { ...result, detail: `correction_done:${change}` };
  },
});
