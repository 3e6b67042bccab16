import {
  formatSom,
  type TBalanceEntry,
  type TBulkStatusBody,
  type TIdTag,
  type TIdTagKind,
  type TPaged,
  type TPaymentTotals,
  type TTopUp,
  type TTopUpResult,
  type TUser,
  type TUserRow,
  type TGender,
} from '@zaryad/contracts';
import { asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { TAppDevice } from '@zaryad/contracts/app';
import { heldBy } from './balance-holds';
import { bookEntryOnce, entryResult, requestFingerprint, selectEntries, toEntry } from './ledger-entries';
import { userDevices } from './user-devices';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { ageOn, bishkekDayEnd, bishkekToday } from '../../platform/bishkek-time';
import { changeStatuses, changeStatusesWhere } from '../../platform/bulk-status';
import { queryList } from '../../platform/list-query';
import { toStatus } from '../../platform/status';
import { recordAudit, type TActor } from '../audit';
import {
  dependsOnBalance,
  PAYMENTS_ORDER,
  paymentConditions,
  paymentRollupConditions,
  type TPaymentFilters,
  type TUserFilters,
  USERS_ORDER,
  userConditions,
} from './users.filters';
import { appUsers, balanceEntries, balanceEntryTotals, userIdTags } from './users.tables';

/** The audit log's name for an app user (a dashboard user is an `account`). */
export const APP_USER_ENTITY = 'app_user';

export interface TopUpRequest {
  actor: TActor;
  /** The `Idempotency-Key` header, already checked against IDEMPOTENCY_KEY_PATTERN by the route. */
  idempotencyKey?: string | undefined;
}

export interface UsersService {
  list(filters: TUserFilters & { page: number; size: number }): Promise<TPaged<TUserRow>>;
  get(id: number): Promise<TUser>;
  /** The user's devices in the drivers' app (404 for an unknown user). */
  devices(id: number): Promise<TAppDevice[]>;
  /** Blocks (`active: false`) or unblocks users; answers the updated rows in id order. */
  setStatuses(body: TBulkStatusBody, actor: TActor): Promise<TUserRow[]>;
  /** Every user the list shows with `filter` (issue 31), its conditions being the list's `userConditions`. */
  setStatusesWhere(body: { filter: TUserFilters; active: boolean }, actor: TActor): Promise<{ updated: number }>;
  /**
   * Adds a top-up entry to the ledger. With an idempotency key, a retry of the same request answers the first result
   * and adds nothing; the same key with another request is a 409.
   */
  topUp(userId: number, body: TTopUp, request: TopUpRequest): Promise<TTopUpResult>;
  /** The statement: every user's entries, or one user's, newest first. */
  listPayments(filters: TPaymentFilters & { page: number; size: number }): Promise<TPaged<TBalanceEntry>>;
  /** Count, debit and credit of the whole filtered statement (its totals line). */
  paymentTotals(filters: TPaymentFilters): Promise<TPaymentTotals>;
}

export const userNotFound = () => new ApiError(404, 'user_not_found');

type TUserRecord = typeof appUsers.$inferSelect;

/** A user as docs/product/users.md#3-records lists them; age on `today`, a Bishkek day. */
export const toUserRow = (row: TUserRecord, today: string): TUserRow => ({
  id: row.id,
  personal_account: row.personalAccount,
  name: row.name,
  phone: row.phone,
  email: row.email,
  // The table's check constraint allows only the contract's genders.
  gender: row.gender as TGender | null,
  birthday: row.birthday,
  age: row.birthday === null ? null : ageOn(row.birthday, today),
  registered_at: row.registeredAt.toISOString(),
  car: { make: row.carMake, model: row.carModel, year: row.carYear, color: row.carColor },
  driver_licence: row.driverLicence,
  balance: formatSom(row.balance),
  status: toStatus(row.status),
  referral_code: row.referralCode,
});

const toIdTag = (row: typeof userIdTags.$inferSelect): TIdTag => ({
  id: row.id,
  id_tag: row.idTag,
  // The table's check constraint allows only the contract's kinds.
  kind: row.kind as TIdTagKind,
  created_at: row.createdAt.toISOString(),
});

/** What makes two top-ups the same request: the user and the body (docs/product/users.md#4-states-and-rules). */
export const topUpFingerprint = (userId: number, body: TTopUp) =>
  requestFingerprint([userId, body.amount, body.method, body.comment]);

export const createUsersService = (db: Database): UsersService => {
  const loadRows = async (ids: number[]) => {
    const today = bishkekToday();
    const rows = await db.select().from(appUsers).where(inArray(appUsers.id, ids));
    return rows.map((row) => toUserRow(row, today));
  };

  /**
   * Count, debit and credit of the filtered statement, exact: from the ledger's rollup for all users (a few rows per
   * day), from one user's own entries otherwise. Sums of bigints are numeric in PostgreSQL: read as text, kept as bigint.
   */
  const ledgerTotals = async (filters: TPaymentFilters) => {
    const rollup = paymentRollupConditions(filters);
    const [row] = rollup
      ? await db
          .select({
            count: sql<string>`coalesce(sum(${balanceEntryTotals.entries}), 0)::text`,
            debit: sql<string>`coalesce(sum(${balanceEntryTotals.debit}), 0)::text`,
            credit: sql<string>`coalesce(sum(${balanceEntryTotals.credit}), 0)::text`,
          })
          .from(balanceEntryTotals)
          .where(rollup.where)
      : await db
          .select({
            count: sql<string>`count(*)::text`,
            debit: sql<string>`coalesce(sum(${balanceEntries.debit}), 0)::text`,
            credit: sql<string>`coalesce(sum(${balanceEntries.credit}), 0)::text`,
          })
          .from(balanceEntries)
          .where(paymentConditions(filters));
    return {
      count: Number(row?.count ?? 0),
      debit: BigInt(row?.debit ?? 0),
      credit: BigInt(row?.credit ?? 0),
    };
  };

  return {
    async list(filters) {
      const source = {
        table: appUsers,
        id: appUsers.id,
        where: userConditions(filters),
        order: USERS_ORDER,
        remember: !dependsOnBalance(filters),
      };
      return queryList(db, source, filters, loadRows);
    },

    async get(id) {
      const [row] = await db.select().from(appUsers).where(eq(appUsers.id, id));
      if (!row) {
        throw userNotFound();
      }
      const tags = await db.select().from(userIdTags).where(eq(userIdTags.userId, id)).orderBy(asc(userIdTags.id));
      // What the user's running charges hold on the balance, and what is left for anything else (balance-holds.ts).
      const held = await heldBy(db, id);
      return {
        ...toUserRow(row, bishkekToday()),
        id_tags: tags.map(toIdTag),
        held: formatSom(held),
        available: formatSom(row.balance - held),
      };
    },

    async devices(id) {
      const [row] = await db.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.id, id));
      if (!row) {
        throw userNotFound();
      }
      return userDevices(db, id);
    },

    async setStatuses(body, actor) {
      const updated = await changeStatuses(db, body, { table: appUsers, entity: APP_USER_ENTITY, actor, recordAudit });
      const today = bishkekToday();
      return updated.map((row) => toUserRow(row, today));
    },

    async setStatusesWhere({ filter, active }, actor) {
      const where = userConditions(filter);
      return changeStatusesWhere(db, { table: appUsers, entity: APP_USER_ENTITY, actor, recordAudit, where, active });
    },

    async topUp(userId, body, { actor, idempotencyKey: key }) {
      const entryId = await bookEntryOnce(db, { key, fingerprint: topUpFingerprint(userId, body) }, async (tx) => {
        const [user] = await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.id, userId));
        if (!user) {
          throw userNotFound();
        }
        // The insert trigger moves the balance under the user's row lock and notes whether the user is blocked:
        // money is never refused, and a blocked user's top-up says so in the entry and in the audit log.
        const [entry] = await tx
          .insert(balanceEntries)
          .values({
            userId,
            basis: 'top_up',
            method: body.method,
            credit: body.amount,
            comment: body.comment,
            accountId: actor.id,
          })
          .returning({
            id: balanceEntries.id,
            deposit: balanceEntries.deposit,
            userBlocked: balanceEntries.userBlocked,
          });
        if (!entry) {
          throw new Error('the top-up entry was not inserted');
        }
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: APP_USER_ENTITY,
          entityId: userId,
          before: { balance: formatSom(entry.deposit - body.amount) },
          after: {
            balance: formatSom(entry.deposit),
            top_up: formatSom(body.amount),
            method: body.method,
            comment: body.comment,
            entry_id: entry.id,
            user_blocked: entry.userBlocked,
            ...(key !== undefined && { idempotency_key: key }),
          },
        });
        return entry.id;
      });
      return entryResult(db, entryId);
    },

    async listPayments(filters) {
      const source = {
        table: balanceEntries,
        id: balanceEntries.id,
        where: paymentConditions(filters),
        order: PAYMENTS_ORDER,
      };
      // All users' statement takes its exact total from the rollup; one user's counts its own few rows over its index.
      const rollup = paymentRollupConditions(filters);
      const total = rollup && (async () => (await ledgerTotals(filters)).count);
      // A deep page of all users' statement starts at the end of the Bishkek day that holds it, by the rollup's counts of
      // the days after it (newest first): it skips at most that day's entries, not every newer one.
      const seek =
        rollup &&
        (async (offset: number) => {
          const [row] = await db
            .select({ day: sql<string>`"day"::text`, newer: sql<string>`"newer"::text` })
            .from(
              db
                .select({
                  day: balanceEntryTotals.day,
                  newer: sql`sum(sum(${balanceEntryTotals.entries})) over (order by ${balanceEntryTotals.day} desc)
                    - sum(${balanceEntryTotals.entries})`.as('newer'),
                })
                .from(balanceEntryTotals)
                .where(rollup.where)
                .groupBy(balanceEntryTotals.day)
                .as('days'),
            )
            .where(sql`"newer" <= ${offset}`)
            .orderBy(sql`"day"`)
            .limit(1);
          return row && { from: lt(balanceEntries.createdAt, bishkekDayEnd(row.day)), before: Number(row.newer) };
        });
      return queryList(db, { ...source, ...(total && { total, seek }) }, filters, async (ids) =>
        (await selectEntries(db, inArray(balanceEntries.id, ids))).map(toEntry),
      );
    },

    async paymentTotals(filters) {
      const { count: entries, debit, credit } = await ledgerTotals(filters);
      return { count: entries, debit: formatSom(debit), credit: formatSom(credit) };
    },
  };
};
