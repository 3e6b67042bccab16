/**
 * The ledger's entries as the API answers them (the statement's row), and what every dashboard entry shares: a top-up,
 * a correction and a charge's refund each book one entry in one transaction, answer it with the balance right after it,
 * and with an `Idempotency-Key` answer the same entry again on a retry (docs/design.md#9-money-charges-and-time).
 */
import { createHash } from 'node:crypto';
import {
  formatSom,
  type TBalanceBasis,
  type TBalanceEntry,
  type TPaymentMethod,
  type TTopUpResult,
  USER_LIMITS,
} from '@zaryad/contracts';
import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError, type TMessage } from '../../http/api-errors';
import type { TActor } from '../../platform/audit';
import type { Transaction } from '../../platform/transaction';
import { accounts } from '../accounts';
import { appUsers, balanceEntries, topUpRequests } from './users.tables';

/** An entry with the user it belongs to and the account that made it: the statement's row. */
const ENTRY_COLUMNS = {
  id: balanceEntries.id,
  createdAt: balanceEntries.createdAt,
  basis: balanceEntries.basis,
  method: balanceEntries.method,
  debit: balanceEntries.debit,
  credit: balanceEntries.credit,
  deposit: balanceEntries.deposit,
  comment: balanceEntries.comment,
  chargeId: balanceEntries.chargeId,
  userBlocked: balanceEntries.userBlocked,
  userId: appUsers.id,
  userName: appUsers.name,
  personalAccount: appUsers.personalAccount,
  accountId: accounts.id,
  accountFirstName: accounts.firstName,
  accountLastName: accounts.lastName,
};

export const selectEntries = (db: Pick<Database, 'select'>, where: SQL | undefined) =>
  db
    .select(ENTRY_COLUMNS)
    .from(balanceEntries)
    .innerJoin(appUsers, eq(appUsers.id, balanceEntries.userId))
    .leftJoin(accounts, eq(accounts.id, balanceEntries.accountId))
    .where(where);

type TEntryRecord = Awaited<ReturnType<typeof selectEntries>>[number];

export const toEntry = (row: TEntryRecord): TBalanceEntry => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  user: { id: row.userId, name: row.userName, personal_account: row.personalAccount },
  // The table's check constraints allow only the contract's bases and methods.
  basis: row.basis as TBalanceBasis,
  method: row.method as TPaymentMethod,
  debit: formatSom(row.debit),
  credit: formatSom(row.credit),
  deposit: formatSom(row.deposit),
  comment: row.comment,
  account:
    row.accountId === null
      ? null
      : { id: row.accountId, first_name: row.accountFirstName ?? '', last_name: row.accountLastName ?? '' },
  charge_id: row.chargeId,
  user_blocked: row.userBlocked,
});

/** An entry by its id, as the API answers it. */
export const loadEntry = async (db: Pick<Database, 'select'>, id: number): Promise<TBalanceEntry> => {
  const [row] = await selectEntries(db, eq(balanceEntries.id, id));
  if (!row) {
    throw new Error(`balance entry ${id} is missing`);
  }
  return toEntry(row);
};

/** The entry and the balance right after it: a retry answers what the first request answered, not today's balance. */
export const entryResult = async (db: Pick<Database, 'select'>, entryId: number): Promise<TTopUpResult> => {
  const entry = await loadEntry(db, entryId);
  return { entry, balance: entry.deposit };
};

/** What makes two requests of one key the same: what they do, to what, with which body. Hashed: a reason may be long. */
export const requestFingerprint = (parts: readonly (string | number | bigint)[]) =>
  createHash('sha256')
    .update(JSON.stringify(parts.map((part) => (typeof part === 'bigint' ? part.toString() : part))))
    .digest('hex');

/** A dashboard request that books one entry, with its `Idempotency-Key` (already checked by the route) if it sent one. */
export interface EntryRequest {
  key: string | undefined;
  /** requestFingerprint of the request; the key's stored request must match it. */
  fingerprint: string;
}

/** The entry a key already booked: undefined when the key is new, 409 when it booked another request. */
const entryOfKey = async (db: Database, { key, fingerprint }: EntryRequest): Promise<number | undefined> => {
  if (key === undefined) {
    return undefined;
  }
  const [stored] = await db
    .select({ fingerprint: topUpRequests.fingerprint, entryId: topUpRequests.entryId })
    .from(topUpRequests)
    .where(eq(topUpRequests.key, key));
  if (!stored) {
    return undefined;
  }
  if (stored.fingerprint !== fingerprint) {
    throw new ApiError(409, 'idempotency_key_reused');
  }
  return stored.entryId;
};

/** Another request with the same key claimed it first, between our check and our claim: ours rolls back. */
class KeyClaimedMeanwhile extends Error {
  constructor() {
    super('idempotency key claimed by a concurrent request');
  }
}

/**
 * Books one entry in one transaction (`book` inserts it, with its audit entry, and answers its id), once per key: the
 * keys of top-ups, corrections and refunds share `top_up_requests` (Stripe's model: a key names one request, whatever
 * it does), and a key's second request answers the first one's entry and books nothing. A concurrent request of the
 * same key waits on the key's row (or on the row lock its rule takes first) until the first one commits, then rolls
 * back, whatever it found meanwhile (a refund or a debit the first one used up), and answers the first one's entry.
 */
export const bookEntryOnce = async (
  db: Database,
  request: EntryRequest,
  book: (tx: Transaction) => Promise<number>,
): Promise<number> => {
  const answered = await entryOfKey(db, request);
  if (answered !== undefined) {
    return answered;
  }
  try {
    return await db.transaction(async (tx) => {
      const entryId = await book(tx);
      if (request.key !== undefined) {
        const claimed = await tx
          .insert(topUpRequests)
          .values({ key: request.key, fingerprint: request.fingerprint, entryId })
          .onConflictDoNothing({ target: topUpRequests.key })
          .returning({ key: topUpRequests.key });
        if (claimed.length === 0) {
          throw new KeyClaimedMeanwhile();
        }
      }
      return entryId;
    });
  } catch (error) {
    const meanwhile = await entryOfKey(db, request);
    if (meanwhile !== undefined) {
      return meanwhile;
    }
    throw error;
  }
};

/** Who asks for a dashboard entry, and the key that makes a retry safe. */
export interface LedgerRequest {
  actor: TActor;
  /** The `Idempotency-Key` header, already checked against IDEMPOTENCY_KEY_PATTERN by the route. */
  idempotencyKey?: string | undefined;
}

/** A dashboard entry's answer before its detail is translated: the route translates `detail` in the request's language. */
export type TLedgerOutcome = TTopUpResult & { detail: TMessage };

/**
 * An entry's comment holds USER_LIMITS.comment characters; a reason may be longer (REASON_MAX): the entry keeps its
 * start, the audit log the whole of it.
 */
export const reasonComment = (reason: string) =>
  reason.length <= USER_LIMITS.comment ? reason : `${reason.slice(0, USER_LIMITS.comment - 1)}…`;
