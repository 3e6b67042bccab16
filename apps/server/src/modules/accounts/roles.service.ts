import { randomBytes } from 'node:crypto';
import {
  type TLanguage,
  type TRoleCreateBody,
  type TRoleDetails,
  type TRoleUpdateBody,
} from '@zaryad/contracts';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError, FieldErrors, NON_FIELD_ERRORS, notFound } from '../../http/api-errors';
import type { AuthAccount } from '../../http/auth';
import { DeleteRefusedError } from '../../platform/delete-when-inactive';
import { mapUniqueViolation, type UniqueFieldRule } from '../../platform/unique-violation';
import { recordAudit } from '../audit';
import { accounts, roles } from './accounts.tables';
import { toRole } from './accounts.service';
import { holdsAll, knownPermissions } from './role-permissions';

const NAME_TAKEN: UniqueFieldRule = { constraint: 'roles_name_unique', field: 'name', message: 'role_name_taken' };

type TRoleRow = typeof roles.$inferSelect;

const toRoleDetails = (row: TRoleRow, accountsCount: number, language: TLanguage): TRoleDetails => ({
  ...toRole(row, language),
  is_built_in: row.isBuiltIn,
  permissions: knownPermissions(row.permissions),
  accounts_count: accountsCount,
});

export interface RolesService {
  list(language: TLanguage): Promise<TRoleDetails[]>;
  get(id: number, language: TLanguage): Promise<TRoleDetails>;
  create(body: TRoleCreateBody, actor: AuthAccount, language: TLanguage): Promise<TRoleDetails>;
  update(id: number, body: TRoleUpdateBody, actor: AuthAccount, language: TLanguage): Promise<TRoleDetails>;
  remove(id: number, actor: AuthAccount): Promise<void>;
}

export const createRolesService = (db: Database): RolesService => {
  const holders = db
    .select({ roleId: accounts.roleId, total: count().as('total') })
    .from(accounts)
    .groupBy(accounts.roleId)
    .as('holders');

  const selectRoles = () =>
    db
      .select({ role: roles, total: sql<number>`coalesce(${holders.total}, 0)`.mapWith(Number) })
      .from(roles)
      .leftJoin(holders, eq(holders.roleId, roles.id));

  const findRole = async (id: number, language: TLanguage) => {
    const [row] = await selectRoles().where(eq(roles.id, id)).limit(1);
    if (!row) {
      throw notFound();
    }
    return toRoleDetails(row.role, row.total, language);
  };

  /** A custom role the actor may change: built-in ones are read-only, and one holding more than the actor is out of reach. */
  const findChangeable = async (id: number, actor: AuthAccount) => {
    const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
    if (!row) {
      throw notFound();
    }
    if (!holdsAll(actor, row.permissions)) {
      throw new ApiError(403, 'role_above_own');
    }
    return row;
  };

  const assertGrantable = (actor: AuthAccount, permissions: readonly string[] | undefined) => {
    if (permissions && !holdsAll(actor, permissions)) {
      throw new ApiError(403, 'permission_escalation');
    }
  };

  return {
    async list(language) {
      const rows = await selectRoles().orderBy(desc(roles.isBuiltIn), asc(roles.id));
      return rows.map((row) => toRoleDetails(row.role, row.total, language));
    },

    get: findRole,

    async create(body, actor, language) {
      assertGrantable(actor, body.permissions);
      const permissions = knownPermissions(body.permissions);
      const id = await mapUniqueViolation(
        () =>
          db.transaction(async (tx) => {
            // Custom roles get an opaque key: keys of built-in roles carry meaning (translated names), these do not.
            const key = `custom-${randomBytes(6).toString('hex')}`;
            const [created] = await tx
              .insert(roles)
              .values({ key, name: body.name, permissions })
              .returning({ id: roles.id });
            if (!created) {
              throw new Error('insert returned no row');
            }
            await recordAudit(tx, { actor, action: 'create', entity: 'role', entityId: created.id, after: { name: body.name, permissions } });
            return created.id;
          }),
        NAME_TAKEN,
      );
      return findRole(id, language);
    },

    async update(id, body, actor, language) {
      const row = await findChangeable(id, actor);
      if (row.isBuiltIn) {
        throw new FieldErrors({ [NON_FIELD_ERRORS]: ['role_built_in'] });
      }
      assertGrantable(actor, body.permissions);
      const values = {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.permissions !== undefined && { permissions: knownPermissions(body.permissions) }),
      };
      if (Object.keys(values).length > 0) {
        await mapUniqueViolation(
          () =>
            db.transaction(async (tx) => {
              await tx.update(roles).set(values).where(eq(roles.id, id));
              await recordAudit(tx, { actor, action: 'update', entity: 'role', entityId: id, before: row, after: values });
            }),
          NAME_TAKEN,
        );
      }
      return findRole(id, language);
    },

    async remove(id, actor) {
      const row = await findChangeable(id, actor);
      if (row.isBuiltIn) {
        throw new DeleteRefusedError(['role_built_in']);
      }
      await db.transaction(async (tx) => {
        // Locking the role waits for accounts being given it right now (their foreign key check shares this lock), so the
        // count below sees them.
        await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
        const [holding] = await tx.select({ total: count() }).from(accounts).where(eq(accounts.roleId, id));
        const total = holding?.total ?? 0;
        if (total > 0) {
          throw new DeleteRefusedError([`role_in_use:${total}`]);
        }
        await tx.delete(roles).where(eq(roles.id, id));
        await recordAudit(tx, { actor, action: 'delete', entity: 'role', entityId: id, before: { name: row.name, permissions: row.permissions } });
      });
    },
  };
};
