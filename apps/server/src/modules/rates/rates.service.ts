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
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { FieldErrors, NON_FIELD_ERRORS, notFound } from '../../http/api-errors';
import { changeStatuses } from '../../platform/bulk-status';
import { deleteWhenInactive } from '../../platform/delete-when-inactive';
import { toStatus } from '../../platform/status';
import { allOf, descending, queryList, searchAny, statusFilter } from '../../platform/list-query';
import { recordAudit, type TActor } from '../audit';
import { assertConnectorType } from '../connectors';
import { listConnectorTypesWithDefaultFee } from './connector-type-fees';
import { rates } from './rates.tables';

type TRateCreate = z.output<typeof ZRateCreateBody>;
type TRateUpdate = z.output<typeof ZRateUpdateBody>;
type TRateListFilter = z.output<typeof ZRateListQuery>;
type TRateRow = typeof rates.$inferSelect;

export interface RatesService {
  list(filter: TRateListFilter): Promise<TPaged<TRate>>;
  get(id: number): Promise<TRate>;
  create(body: TRateCreate, actor: TActor): Promise<TRate>;
  update(id: number, body: TRateUpdate, actor: TActor): Promise<TRate>;
  /** Refuses (DeleteRefusedError, a 400 array body) while the rate is active. */
  remove(id: number, actor: TActor): Promise<void>;
  setStatuses(list: TRateStatusList, actor: TActor): Promise<TRate[]>;
  listDefaultFees(): Promise<TDefaultRateFee[]>;
}

export const toRate = (row: TRateRow): TRate => ({
  id: row.id,
  name: row.name,
  rate_type: row.rateType === 'default' ? 'default' : 'personal',
  typo: row.typo,
  fee: row.fee,
  status: toStatus(row.status),
});

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

    async create(body, actor) {
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
        await recordAudit(tx, { actor, action: 'create', entity: 'rate', entityId: row.id, after: body });
        return toRate(row);
      });
    },

    async update(id, body, actor) {
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
        await recordAudit(tx, { actor, action: 'update', entity: 'rate', entityId: id, before: toRate(current), after: body });
        return toRate(row);
      });
    },

    async remove(id, actor) {
      await deleteWhenInactive(db, { table: rates, id, entity: 'rate', actor, recordAudit });
    },

    async setStatuses(list, actor) {
      // The partial unique index keeps one active default rate per connector type, concurrent requests included.
      const rows = await changeStatuses(db, list, {
        table: rates,
        entity: 'rate',
        actor,
        recordAudit,
        onUniqueViolation: defaultRateExists,
      });
      return rows.map(toRate);
    },

    async listDefaultFees() {
      const rows = await listConnectorTypesWithDefaultFee(db);
      return rows.map((row) => ({ typo: row.key, name: row.name, fee: row.fee }));
    },
  };
};
