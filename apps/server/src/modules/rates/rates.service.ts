import {
  STATUS,
  type TDefaultRateFee,
  type TPaged,
  type TRate,
  type TRateStatusList,
  type ZRateCreateBody,
  type ZRateListQuery,
  type ZRateUpdateBody,
} from '@zaryad/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { FieldErrors, NON_FIELD_ERRORS, notFound, type TMessage } from '../../http/api-errors';
import { allOf, descending, queryList, searchAny, statusFilter } from '../../platform/list-query';
import { recordAudit } from '../audit/audit.service';
import { assertConnectorType, listConnectorTypesWithDefaultFee } from '../connectors/connectors.service';
import { rates } from './rates.tables';

type TRateCreate = z.output<typeof ZRateCreateBody>;
type TRateUpdate = z.output<typeof ZRateUpdateBody>;
type TRateListFilter = z.output<typeof ZRateListQuery>;
type TRateRow = typeof rates.$inferSelect;

/** A refused delete: the route answers it as a 400 with a JSON array of messages (the product's convention). */
export type TDeleteResult = { deleted: true } | { deleted: false; reason: TMessage };

export interface RatesService {
  list(filter: TRateListFilter): Promise<TPaged<TRate>>;
  get(id: number): Promise<TRate>;
  create(body: TRateCreate, actorId: number): Promise<TRate>;
  update(id: number, body: TRateUpdate, actorId: number): Promise<TRate>;
  remove(id: number, actorId: number): Promise<TDeleteResult>;
  setStatuses(list: TRateStatusList, actorId: number): Promise<TRate[]>;
  listDefaultFees(): Promise<TDefaultRateFee[]>;
}

export const toRate = (row: TRateRow): TRate => ({
  id: row.id,
  name: row.name,
  rate_type: row.rateType === 'default' ? 'default' : 'personal',
  typo: row.typo,
  fee: row.fee,
  status: row.status === STATUS.active ? STATUS.active : STATUS.inactive,
});

const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505' || causeCode === '23505';
};

const defaultRateExists = () => new FieldErrors({ [NON_FIELD_ERRORS]: ['default_rate_exists'] });

export const createRatesService = (db: Database): RatesService => {
  const findRow = async (id: number) => {
    const [row] = await db.select().from(rates).where(eq(rates.id, id)).limit(1);
    if (!row) {
      throw notFound();
    }
    return row;
  };

  return {
    async list(filter) {
      const where = allOf(
        searchAny(filter.search, [rates.name]),
        statusFilter(rates.status, filter.active),
        filter.default === undefined ? undefined : eq(rates.rateType, filter.default ? 'default' : 'personal'),
        filter.typo === undefined ? undefined : eq(rates.typo, filter.typo),
      );
      const source = { table: rates, id: rates.id, where, order: descending(rates.createdAt, rates.id) };
      return queryList(db, source, filter, async (ids) =>
        (await db.select().from(rates).where(inArray(rates.id, ids))).map(toRate),
      );
    },

    async get(id) {
      return toRate(await findRow(id));
    },

    async create(body, actorId) {
      await assertConnectorType(db, body.typo);
      return db.transaction(async (tx) => {
        // Inactive on creation: an active rate cannot be edited, and activation is where the one-default rule applies.
        const [row] = await tx
          .insert(rates)
          .values({
            name: body.name,
            rateType: body.rate_type,
            typo: body.typo,
            fee: body.fee,
            status: STATUS.inactive,
          })
          .returning();
        if (!row) {
          throw new Error('rate insert returned no row');
        }
        await recordAudit(tx, { actorId, action: 'create', entity: 'rate', entityId: row.id, changes: body });
        return toRate(row);
      });
    },

    async update(id, body, actorId) {
      const current = await findRow(id);
      if (current.status === STATUS.active) {
        throw new FieldErrors({ [NON_FIELD_ERRORS]: ['active_edit_forbidden'] });
      }
      if (body.typo !== undefined) {
        await assertConnectorType(db, body.typo);
      }
      const values: Partial<typeof rates.$inferInsert> = {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.rate_type !== undefined && { rateType: body.rate_type }),
        ...(body.typo !== undefined && { typo: body.typo }),
        ...(body.fee !== undefined && { fee: body.fee }),
      };
      if (Object.keys(values).length === 0) {
        return toRate(current);
      }
      return db.transaction(async (tx) => {
        // The status condition closes the race with a concurrent activation between the check above and this write.
        const [row] = await tx
          .update(rates)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(rates.id, id), eq(rates.status, STATUS.inactive)))
          .returning();
        if (!row) {
          throw new FieldErrors({ [NON_FIELD_ERRORS]: ['active_edit_forbidden'] });
        }
        await recordAudit(tx, { actorId, action: 'update', entity: 'rate', entityId: id, changes: body });
        return toRate(row);
      });
    },

    async remove(id, actorId) {
      await findRow(id);
      return db.transaction(async (tx): Promise<TDeleteResult> => {
        const [row] = await tx
          .delete(rates)
          .where(and(eq(rates.id, id), eq(rates.status, STATUS.inactive)))
          .returning({ id: rates.id });
        if (!row) {
          return { deleted: false, reason: 'active_delete_forbidden' };
        }
        await recordAudit(tx, { actorId, action: 'delete', entity: 'rate', entityId: id, changes: {} });
        return { deleted: true };
      });
    },

    async setStatuses(list, actorId) {
      // The last entry wins when an id is sent twice.
      const wanted = new Map(list.map((item) => [item.id, item.active]));
      const ids = [...wanted.keys()];
      try {
        await db.transaction(async (tx) => {
          const rows = await tx.select().from(rates).where(inArray(rates.id, ids)).for('update');
          if (rows.length !== ids.length) {
            throw notFound();
          }
          const toDeactivate = rows.filter((row) => wanted.get(row.id) === false).map((row) => row.id);
          const toActivate = rows.filter((row) => wanted.get(row.id) === true);
          if (toDeactivate.length > 0) {
            await tx
              .update(rates)
              .set({ status: STATUS.inactive, updatedAt: new Date() })
              .where(inArray(rates.id, toDeactivate));
          }
          const activatedDefaults = toActivate.filter((row) => row.rateType === 'default');
          const typos = activatedDefaults.map((row) => row.typo);
          if (new Set(typos).size !== typos.length) {
            throw defaultRateExists();
          }
          if (typos.length > 0) {
            const activeIds = activatedDefaults.map((row) => row.id);
            const [other] = await tx
              .select({ id: rates.id })
              .from(rates)
              .where(
                and(
                  inArray(rates.typo, typos),
                  eq(rates.rateType, 'default'),
                  eq(rates.status, STATUS.active),
                  ...activeIds.map((activeId) => ne(rates.id, activeId)),
                ),
              )
              .limit(1);
            if (other) {
              throw defaultRateExists();
            }
          }
          if (toActivate.length > 0) {
            await tx
              .update(rates)
              .set({ status: STATUS.active, updatedAt: new Date() })
              .where(
                inArray(
                  rates.id,
                  toActivate.map((row) => row.id),
                ),
              );
          }
          for (const row of rows) {
            const status = wanted.get(row.id) ? STATUS.active : STATUS.inactive;
            if (row.status !== status) {
              await recordAudit(tx, {
                actorId,
                action: 'status',
                entity: 'rate',
                entityId: row.id,
                changes: { status },
              });
            }
          }
        });
      } catch (error) {
        // Two requests activating defaults of one type at once: the partial unique index decides.
        if (isUniqueViolation(error)) {
          throw defaultRateExists();
        }
        throw error;
      }
      const rows = await db.select().from(rates).where(inArray(rates.id, ids)).orderBy(rates.id);
      return rows.map(toRate);
    },

    async listDefaultFees() {
      const rows = await listConnectorTypesWithDefaultFee(db);
      return rows.map((row) => ({ typo: row.key, name: row.name, fee: row.fee }));
    },
  };
};
