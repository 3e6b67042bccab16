import {
  isMessageKey,
  STATUS,
  translateMessage,
  type TAccount,
  type TAccountCreateBody,
  type TAccountUpdateBody,
  type TBulkStatusBody,
  type TLanguage,
  type TMe,
  type TPaged,
  type TRole,
  type TStatus,
} from '@zaryad/contracts';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ZAccountCreateBody, ZAccountListQuery, ZAccountUpdateBody } from '@zaryad/contracts';
import type { Database } from '../../db/client';
import { ApiError, FieldErrors, NON_FIELD_ERRORS, notFound } from '../../http/api-errors';
import type { AuthAccount } from '../../http/auth';
import { changeStatuses, changeStatusesWhere, idsIn } from '../../platform/bulk-status';
import { mapUniqueViolation, type UniqueFieldRule } from '../../platform/unique-violation';
import { allOf, anyOf, descending, phoneSearch, queryList, searchAny, statusFilter } from '../../platform/list-query';
import { recordAudit, SYSTEM_ACTOR } from '../audit';
import { accounts, roles } from './accounts.tables';
import { hashPassword } from './passwords';
import { endAccountSessions } from './session-end';
import { holdsAll, knownPermissions } from './role-permissions';
import type { Transaction } from '../../platform/transaction';

type TAccountCreate = z.output<typeof ZAccountCreateBody>;
type TAccountUpdate = z.output<typeof ZAccountUpdateBody>;
type TAccountListFilter = z.output<typeof ZAccountListQuery>;

// Re-exported input types keep the route file free of zod generics.
export type { TAccountCreateBody, TAccountUpdateBody };

/** A role's name in the caller's language when the catalogue knows its key, else the stored name. */
export const toRole = (row: { id: number; key: string; name: string }, language: TLanguage): TRole => {
  const messageKey = `role_${row.key}`;
  return {
    id: row.id,
    key: row.key,
    name: isMessageKey(messageKey) ? translateMessage(messageKey, language) : row.name,
  };
};

const creators = alias(accounts, 'creators');

const accountColumns = {
  account: accounts,
  role: roles,
  creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName },
};

type TAccountRow = {
  account: typeof accounts.$inferSelect;
  role: typeof roles.$inferSelect;
  creator: { id: number | null; firstName: string | null; lastName: string | null } | null;
};

const toAccount = (row: TAccountRow, language: TLanguage): TAccount => ({
  id: row.account.id,
  role: toRole(row.role, language),
  last_name: row.account.lastName,
  first_name: row.account.firstName,
  phone: row.account.phone,
  email: row.account.email,
  position: row.account.position,
  birthday: row.account.birthday,
  status: (row.account.status === STATUS.active ? STATUS.active : STATUS.inactive) satisfies TStatus,
  created_by:
    row.creator?.id != null
      ? { id: row.creator.id, first_name: row.creator.firstName ?? '', last_name: row.creator.lastName ?? '' }
      : null,
  created_at: row.account.createdAt.toISOString(),
  updated_at: row.account.updatedAt.toISOString(),
});

const selectAccounts = (db: Database) =>
  db
    .select(accountColumns)
    .from(accounts)
    .innerJoin(roles, eq(roles.id, accounts.roleId))
    .leftJoin(creators, eq(creators.id, accounts.createdById));

// Two concurrent writes of one email: the unique constraint decides, the loser gets the field error.
const EMAIL_TAKEN: UniqueFieldRule = { constraint: 'accounts_email_unique', field: 'email', message: 'email_taken' };

export interface AccountsService {
  list(filter: TAccountListFilter, language: TLanguage): Promise<TPaged<TAccount>>;
  get(id: number, language: TLanguage): Promise<TAccount>;
  /** The signed-in account with the permissions it holds on this request. */
  me(actor: AuthAccount, language: TLanguage): Promise<TMe>;
  /** `actor` null: the system itself (first administrator, demo seed), bound by no escalation rule. */
  create(body: TAccountCreate, actor: AuthAccount | null, language: TLanguage): Promise<TAccount>;
  update(id: number, body: TAccountUpdate, actor: AuthAccount, language: TLanguage): Promise<TAccount>;
  setStatuses(body: TBulkStatusBody, actor: AuthAccount, language: TLanguage): Promise<TAccount[]>;
  /**
   * Every account the list shows with `filter` (issue 31), under the rules of `setStatuses`: a filter that selects
   * the actor's own account is refused when it blocks (`cannot_block_self`: narrow the filter or select by ids).
   */
  setStatusesWhere(body: { filter: TAccountListFilter; active: boolean }, actor: AuthAccount): Promise<{ updated: number }>;
}

const SUPERADMIN = 'superadmin';

/**
 * At least one active superadmin always remains. Checked inside the change's transaction, after its write: the lock on the
 * superadmin role makes two concurrent changes take turns, so the second one counts what the first one left.
 */
const assertSuperadminRemains = async (tx: Transaction) => {
  const [superadmin] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.key, SUPERADMIN))
    .for('update');
  if (!superadmin) {
    return;
  }
  const [active] = await tx
    .select({ total: count() })
    .from(accounts)
    .where(and(eq(accounts.roleId, superadmin.id), eq(accounts.status, STATUS.active)));
  if ((active?.total ?? 0) === 0) {
    throw new FieldErrors({ [NON_FIELD_ERRORS]: ['last_superadmin'] });
  }
};


/** The accounts the list shows for a filter: the list and the bulk change by filter read the same rows. */
const listConditions = (filter: TAccountListFilter) =>
  allOf(
    anyOf(searchAny(filter.search, [accounts.firstName, accounts.lastName, accounts.email]), phoneSearch(filter.search, accounts.phone)),
    statusFilter(accounts.status, filter.active),
  );

/**
 * The rules every status change of accounts keeps, on the changed rows in the change's transaction: nobody changes an
 * account whose role holds more than theirs, an active superadmin remains, and blocking ends the sessions.
 */
const afterStatusChange = async (tx: Transaction, actor: AuthAccount, where: SQL, blocked: number[]) => {
  const targets = await tx
    .select({ permissions: roles.permissions })
    .from(accounts)
    .innerJoin(roles, eq(roles.id, accounts.roleId))
    .where(where);
  if (targets.some((target) => !holdsAll(actor, target.permissions))) {
    throw new ApiError(403, 'account_above_own');
  }
  await assertSuperadminRemains(tx);
  // Blocking ends the account's sessions: its access and refresh tokens stop working at once.
  await endAccountSessions(tx, blocked);
};

export const createAccountsService = (db: Database): AccountsService => {
  const findAccount = async (id: number, language: TLanguage) => {
    const [row] = await selectAccounts(db).where(eq(accounts.id, id)).limit(1);
    if (!row) {
      throw notFound();
    }
    return toAccount(row, language);
  };

  /** The role exists, and the actor holds everything it grants (no escalation). */
  const assertRoleGrantable = async (roleId: number, actor: AuthAccount | null) => {
    const [role] = await db.select({ permissions: roles.permissions }).from(roles).where(eq(roles.id, roleId)).limit(1);
    if (!role) {
      throw new FieldErrors({ role: ['role_invalid'] });
    }
    if (actor && !holdsAll(actor, role.permissions)) {
      throw new ApiError(403, 'permission_escalation');
    }
  };

  const assertEmailFree = async (email: string, exceptId?: number) => {
    const [other] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
    if (other && other.id !== exceptId) {
      throw new FieldErrors({ email: ['email_taken'] });
    }
  };

  return {
    async list(filter, language) {
      const where = listConditions(filter);
      const source = { table: accounts, id: accounts.id, where, order: descending(accounts.createdAt, accounts.id) };
      return queryList(db, source, filter, async (ids) =>
        (await selectAccounts(db).where(inArray(accounts.id, ids))).map((row) => toAccount(row, language)),
      );
    },

    get: findAccount,

    async me(actor, language) {
      return { ...(await findAccount(actor.id, language)), permissions: knownPermissions([...actor.permissions]) };
    },

    async create(body, actor, language) {
      const actorId = actor?.id ?? null;
      await assertRoleGrantable(body.role, actor);
      await assertEmailFree(body.email);
      const passwordHash = await hashPassword(body.password);
      const id = await mapUniqueViolation(
        () =>
          db.transaction(async (tx) => {
            const [created] = await tx
              .insert(accounts)
              .values({
                roleId: body.role,
                lastName: body.last_name,
                firstName: body.first_name,
                phone: body.phone,
                email: body.email,
                position: body.position,
                birthday: body.birthday,
                passwordHash,
                createdById: actorId,
              })
              .returning({ id: accounts.id });
            if (!created) {
              throw new Error('insert returned no row');
            }
            // The password is recorded as "changed" (audit redaction).
            await recordAudit(tx, { actor: actor ?? SYSTEM_ACTOR, action: 'create', entity: 'account', entityId: created.id, after: body });
            return created.id;
          }),
        EMAIL_TAKEN,
      );
      return findAccount(id, language);
    },

    async update(id, body, actor, language) {
      const actorId = actor.id;
      const [target] = await db
        .select({ roleId: accounts.roleId, permissions: roles.permissions })
        .from(accounts)
        .innerJoin(roles, eq(roles.id, accounts.roleId))
        .where(eq(accounts.id, id))
        .limit(1);
      if (!target) {
        throw notFound();
      }
      // An account whose role holds more than the actor's is out of reach (its password, its email, its role).
      if (!holdsAll(actor, target.permissions)) {
        throw new ApiError(403, 'account_above_own');
      }
      const changesRole = body.role !== undefined && body.role !== target.roleId;
      if (changesRole && id === actorId) {
        throw new ApiError(403, 'cannot_change_own_role');
      }
      if (body.role !== undefined) {
        await assertRoleGrantable(body.role, actor);
      }
      if (body.email !== undefined) {
        await assertEmailFree(body.email, id);
      }
      const values: Partial<typeof accounts.$inferInsert> = {
        ...(body.role !== undefined && { roleId: body.role }),
        ...(body.last_name !== undefined && { lastName: body.last_name }),
        ...(body.first_name !== undefined && { firstName: body.first_name }),
        ...(body.phone !== undefined && { phone: body.phone }),
        ...(body.email !== undefined && { email: body.email }),
        ...(body.position !== undefined && { position: body.position }),
        ...(body.birthday !== undefined && { birthday: body.birthday }),
        ...(body.password !== undefined && { passwordHash: await hashPassword(body.password) }),
      };
      if (Object.keys(values).length > 0) {
        await mapUniqueViolation(
          () =>
            db.transaction(async (tx) => {
              // The row as it was is the entry's before (a role change shows the old and the new role id).
              const [previous] = await tx.select().from(accounts).where(eq(accounts.id, id)).for('update');
              await tx
                .update(accounts)
                .set({ ...values, updatedAt: new Date() })
                .where(eq(accounts.id, id));
              await recordAudit(tx, {
                actor,
                action: 'update',
                entity: 'account',
                entityId: id,
                before: previous && { ...previous, role: previous.roleId },
                after: body,
              });
              if (changesRole) {
                await assertSuperadminRemains(tx);
              }
              // A new password or role counts from now on: whoever signed in before signs in again.
              if (changesRole || body.password !== undefined) {
                await endAccountSessions(tx, [id]);
              }
            }),
          EMAIL_TAKEN,
        );
      }
      return findAccount(id, language);
    },

    async setStatuses(body, actor, language) {
      const actorId = actor.id;
      const rows = await changeStatuses(db, body, {
        table: accounts,
        entity: 'account',
        actor,
        recordAudit,
        assertAllowed: (targets) => {
          if (targets.get(actorId) === STATUS.inactive) {
            throw new FieldErrors({ [NON_FIELD_ERRORS]: ['cannot_block_self'] });
          }
        },
        afterUpdate: async (tx, updated) => {
          const ids = updated.map((row) => row.id);
          const blocked = updated.filter((row) => row.status === STATUS.inactive).map((row) => row.id);
          await afterStatusChange(tx, actor, inArray(accounts.id, ids), blocked);
        },
      });
      const ids = rows.map((row) => row.id);
      const read = await selectAccounts(db).where(inArray(accounts.id, ids)).orderBy(asc(accounts.id));
      return read.map((row) => toAccount(row, language));
    },

    async setStatusesWhere({ filter, active }, actor) {
      return changeStatusesWhere(db, {
        table: accounts,
        entity: 'account',
        actor,
        recordAudit,
        where: listConditions(filter),
        active,
        afterUpdate: async (tx, ids, status) => {
          // Refused rather than skipped, as with ids: the change is all or nothing, and says why.
          if (status === STATUS.inactive && actor.id !== null && ids.includes(actor.id)) {
            throw new FieldErrors({ [NON_FIELD_ERRORS]: ['cannot_block_self'] });
          }
          await afterStatusChange(tx, actor, idsIn(accounts.id, ids), status === STATUS.inactive ? ids : []);
        },
      });
    },
  };
};
