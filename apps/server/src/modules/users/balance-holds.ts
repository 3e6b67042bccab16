/**
 * What running charges hold on a driver's balance (docs/product/payments.md#holds; the rule and its placement are the
 * charges engine's, modules/charges/charges.holds.ts): read here, beside the balance, by the user screen, the app's
 * balance, refunds and corrections. Every change of a hold and every debit that must respect holds takes the driver's
 * row lock first (lockDriver; the ledger's trigger takes the same lock), so that holds never pass the balance.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepared } from '../../platform/prepared';
import type { Transaction } from '../../platform/transaction';
import { appUsers, chargeHolds } from './users.tables';

// Prepared (platform/prepared.ts): a charge's start and finish read these under the driver's lock.
const lockDriverRow = prepared('users_lock_driver', (db) =>
  db
    .select({ balance: appUsers.balance })
    .from(appUsers)
    .where(eq(appUsers.id, sql.placeholder('userId')))
    .for('update'),
);

/** Locks the driver's row (the ledger's trigger takes the same lock) and answers the balance. */
export const lockDriver = async (tx: Transaction | Database, userId: number): Promise<bigint> => {
  const [row] = await lockDriverRow(tx, { userId });
  return row?.balance ?? 0n;
};

const held = sql<string>`coalesce(sum(${chargeHolds.amount}), 0)::text`;
const heldByUser = prepared('users_held_by', (db) =>
  db
    .select({ held })
    .from(chargeHolds)
    .where(and(eq(chargeHolds.userId, sql.placeholder('userId')), isNull(chargeHolds.releasedAt))),
);
/**
 * The select of a driver's holds not released but the one of a charge, summed as text, with the placeholders `userId`
 * and `chargeId`: for a prepared statement (platform/prepared.ts), alone or inside a finish's own.
 */
export const otherHoldsOf = (db: Database) =>
  db
    .select({ held })
    .from(chargeHolds)
    .where(
      and(
        eq(chargeHolds.userId, sql.placeholder('userId')),
        isNull(chargeHolds.releasedAt),
        ne(chargeHolds.chargeId, sql.placeholder('chargeId')),
      ),
    );
const heldByUserExcept = prepared('users_held_by_except', otherHoldsOf);

/** The driver's holds not released, less the one of `exceptChargeId`. */
export const heldBy = async (
  tx: Transaction | Database,
  userId: number,
  exceptChargeId: number | null = null,
): Promise<bigint> => {
  const [row] =
    exceptChargeId === null
      ? await heldByUser(tx, { userId })
      : await heldByUserExcept(tx, { userId, chargeId: exceptChargeId });
  return BigInt(row?.held ?? '0');
};

/** Several drivers' holds not released (the dashboard's user screen, the app's balance). */
export const heldByUsers = async (db: Database | Transaction, userIds: number[]): Promise<Map<number, bigint>> => {
  const held = new Map<number, bigint>();
  if (userIds.length === 0) {
    return held;
  }
  const rows = await db
    .select({ userId: chargeHolds.userId, held: sql<string>`sum(${chargeHolds.amount})::text` })
    .from(chargeHolds)
    .where(and(inArray(chargeHolds.userId, userIds), isNull(chargeHolds.releasedAt)))
    .groupBy(chargeHolds.userId);
  for (const row of rows) {
    held.set(row.userId, BigInt(row.held));
  }
  return held;
};

/**
 * Locks several drivers' rows, in the order of their ids (so that two such locks never wait on each other), and answers
 * their balances.
 */
export const lockDrivers = async (tx: Transaction, userIds: number[]): Promise<Map<number, bigint>> => {
  const balances = new Map<number, bigint>();
  if (userIds.length === 0) {
    return balances;
  }
  const rows = await tx
    .select({ id: appUsers.id, balance: appUsers.balance })
    .from(appUsers)
    .where(inArray(appUsers.id, userIds))
    .orderBy(appUsers.id)
    .for('update');
  for (const row of rows) {
    balances.set(row.id, row.balance);
  }
  return balances;
};

/** A driver's balance less their holds, read under their row lock: what a debit of a refund or a correction may take. */
export const availableLocked = async (tx: Transaction, userId: number): Promise<bigint> =>
  (await lockDriver(tx, userId)) - (await heldBy(tx, userId));
