import {
  parseTyiyn,
  STATUS,
  type TDefaultRateFee,
  type TPaged,
  type TRate,
  type TRateStatusList,
  type TRateVersion,
  type ZRateCreateBody,
  type ZRateListQuery,
  type ZRateUpdateBody,
  type ZRateVersionBody,
} from '@zaryad/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { FieldErrors, NON_FIELD_ERRORS, notFound } from '../../http/api-errors';
import { changeStatuses } from '../../platform/bulk-status';
import { deleteWhenInactive } from '../../platform/delete-when-inactive';
import { toStatus } from '../../platform/status';
import { allOf, descending, queryList, searchAny, statusFilter } from '../../platform/list-query';
import { recordAudit, type TActor } from '../audit';
import { assertConnectorType } from '../connectors';
import { accounts } from '../accounts';
import { merchants } from '../merchants';
import { listConnectorTypesWithDefaultFee } from './connector-type-fees';
import type { Tariff } from './pricing';
import { rates, rateVersions } from './rates.tables';
import { storedPeriods, tariffFields, toTariff } from './tariff-versions';

type TRateCreate = z.output<typeof ZRateCreateBody>;
type TRateUpdate = z.output<typeof ZRateUpdateBody>;
type TRateVersionInput = z.output<typeof ZRateVersionBody>;
type TRateListFilter = z.output<typeof ZRateListQuery>;
type TRateRow = typeof rates.$inferSelect;
type TVersionRow = typeof rateVersions.$inferSelect;
type TComponentsInput = Partial<Omit<TRateVersionInput, 'effective_from'>>;

export interface RatesService {
  list(filter: TRateListFilter): Promise<TPaged<TRate>>;
  get(id: number): Promise<TRate>;
  create(body: TRateCreate, actor: TActor): Promise<TRate>;
  update(id: number, body: TRateUpdate, actor: TActor): Promise<TRate>;
  /** Refuses (DeleteRefusedError, a 400 array body) while the rate is active. */
  remove(id: number, actor: TActor): Promise<void>;
  setStatuses(list: TRateStatusList, actor: TActor): Promise<TRate[]>;
  listDefaultFees(): Promise<TDefaultRateFee[]>;
  /** Every version of a rate's price, newest first. */
  listVersions(id: number): Promise<TRateVersion[]>;
  /** A new version of the price, in force from its effective_from (now when absent); for active rates too. */
  addVersion(id: number, body: TRateVersionInput, actor: TActor): Promise<TRateVersion>;
}

/** The version in force at `now` (the newest that took effect; the oldest if none has yet) and the next one. */
const currentAndNext = (versions: readonly TVersionRow[], now: number) => {
  const sorted = [...versions].sort((a, b) => a.effectiveFrom.getTime() - b.effectiveFrom.getTime() || a.id - b.id);
  let current = sorted[0];
  let next: TVersionRow | undefined;
  for (const version of sorted) {
    if (version.effectiveFrom.getTime() <= now) {
      current = version;
    } else if (!next) {
      next = version;
    }
  }
  if (!current) {
    throw new Error('a rate without a version');
  }
  return { current, next };
};

export const toRate = (
  row: TRateRow,
  versions: readonly TVersionRow[],
  merchantName: string | null,
  now = Date.now(),
): TRate => {
  const { current, next } = currentAndNext(versions, now);
  return {
    id: row.id,
    name: row.name,
    rate_type: row.rateType === 'default' ? 'default' : 'personal',
    typo: row.typo,
    merchant_id: row.merchantId,
    merchant_name: merchantName,
    status: toStatus(row.status),
    ...tariffFields(toTariff(current)),
    version: { id: current.id, effective_from: current.effectiveFrom.toISOString() },
    next_version: next ? { id: next.id, effective_from: next.effectiveFrom.toISOString() } : null,
  };
};

const toRateVersion = (row: TVersionRow, accountName: string | null): TRateVersion => ({
  id: row.id,
  effective_from: row.effectiveFrom.toISOString(),
  created_at: row.createdAt.toISOString(),
  account_id: row.accountId,
  account_name: accountName,
  ...tariffFields(toTariff(row)),
});

/** `Last First` of an account, null without one. */
const accountName = (row: { lastName: string | null; firstName: string | null }) =>
  row.lastName === null && row.firstName === null ? null : `${row.lastName ?? ''} ${row.firstName ?? ''}`.trim();

const tyiynOf = (fee: string) => parseTyiyn(fee) ?? 0n;

/** A version's columns: the components given over `base` (the version they change; nothing for a new rate). */
const versionValues = (body: TComponentsInput, base: Tariff | null) => ({
  energyFee: body.fee !== undefined ? tyiynOf(body.fee) : (base?.energy ?? 0n),
  timeFee: body.time_fee !== undefined ? tyiynOf(body.time_fee) : (base?.time ?? 0n),
  idleFee: body.idle_fee !== undefined ? tyiynOf(body.idle_fee) : (base?.idle ?? 0n),
  idleGraceMinutes: body.idle_grace_minutes ?? base?.idleGraceMinutes ?? 0,
  sessionFee: body.session_fee !== undefined ? tyiynOf(body.session_fee) : (base?.session ?? 0n),
  minCost:
    body.min_cost !== undefined ? (body.min_cost === null ? null : tyiynOf(body.min_cost)) : (base?.minCost ?? null),
  maxCost:
    body.max_cost !== undefined ? (body.max_cost === null ? null : tyiynOf(body.max_cost)) : (base?.maxCost ?? null),
  periods: body.periods !== undefined ? storedPeriods(body.periods) : [...(base?.periods ?? [])],
});

const COMPONENT_KEYS = [
  'fee',
  'time_fee',
  'idle_fee',
  'idle_grace_minutes',
  'session_fee',
  'min_cost',
  'max_cost',
  'periods',
] as const;

/** The minimum above the maximum once merged with the version changed: refused on the maximum. */
const checkMergedBounds = (values: { minCost: bigint | null; maxCost: bigint | null }) => {
  if (values.minCost !== null && values.maxCost !== null && values.maxCost < values.minCost) {
    throw new FieldErrors({ max_cost: ['min_above_max'] });
  }
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

  /** The rates with their versions, in the order of `rows`. */
  const withVersions = async (rows: TRateRow[]): Promise<TRate[]> => {
    if (rows.length === 0) {
      return [];
    }
    const versions = await db
      .select()
      .from(rateVersions)
      .where(
        inArray(
          rateVersions.rateId,
          rows.map((row) => row.id),
        ),
      );
    const merchantIds = [...new Set(rows.flatMap((row) => (row.merchantId === null ? [] : [row.merchantId])))];
    const names = new Map(
      merchantIds.length === 0
        ? []
        : (
            await db
              .select({ id: merchants.id, name: merchants.name })
              .from(merchants)
              .where(inArray(merchants.id, merchantIds))
          ).map((merchant) => [merchant.id, merchant.name]),
    );
    const now = Date.now();
    return rows.map((row) =>
      toRate(
        row,
        versions.filter((version) => version.rateId === row.id),
        row.merchantId === null ? null : (names.get(row.merchantId) ?? null),
        now,
      ),
    );
  };

  const assertMerchant = async (merchantId: number | null | undefined) => {
    if (merchantId == null) {
      return;
    }
    const [merchant] = await db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .limit(1);
    if (!merchant) {
      throw new FieldErrors({ merchant_id: ['merchant_invalid'] });
    }
  };

  /** The version in force at a moment, as a tariff: what a new version's absent components keep. */
  const tariffAt = async (rateId: number, at: Date): Promise<Tariff> => {
    const versions = await db.select().from(rateVersions).where(eq(rateVersions.rateId, rateId));
    return toTariff(currentAndNext(versions, at.getTime()).current);
  };

  return {
    async list(filter) {
      const where = allOf(
        searchAny(filter.search, [rates.name]),
        statusFilter(rates.status, filter.active),
        filter.merchant_id === undefined ? undefined : eq(rates.merchantId, filter.merchant_id),
        filter.default === undefined ? undefined : eq(rates.rateType, filter.default ? 'default' : 'personal'),
        filter.typo === undefined ? undefined : eq(rates.typo, filter.typo),
      );
      const source = { table: rates, id: rates.id, where, order: descending(rates.createdAt, rates.id) };
      return queryList(db, source, filter, async (ids) =>
        withVersions(await db.select().from(rates).where(inArray(rates.id, ids))),
      );
    },

    async get(id) {
      const [rate] = await withVersions([await findRow(id)]);
      return rate as TRate;
    },

    async create(body, actor) {
      await assertConnectorType(db, body.typo);
      await assertMerchant(body.merchant_id);
      const values = versionValues(body, null);
      const created = await db.transaction(async (tx) => {
        // Inactive on creation: an active rate cannot be edited, and activation is where the one-default rule applies.
        const [row] = await tx
          .insert(rates)
          .values({
            name: body.name,
            rateType: body.rate_type,
            typo: body.typo,
            merchantId: body.merchant_id ?? null,
            status: STATUS.inactive,
          })
          .returning();
        if (!row) {
          throw new Error('rate insert returned no row');
        }
        await tx
          .insert(rateVersions)
          .values({ rateId: row.id, effectiveFrom: row.createdAt, accountId: actor.id, ...values });
        await recordAudit(tx, { actor, action: 'create', entity: 'rate', entityId: row.id, after: body });
        return row;
      });
      return this.get(created.id);
    },

    async update(id, body, actor) {
      const current = await findRow(id);
      if (current.status === STATUS.active) {
        throw new FieldErrors({ [NON_FIELD_ERRORS]: ['active_edit_forbidden'] });
      }
      if (body.typo !== undefined) {
        await assertConnectorType(db, body.typo);
      }
      await assertMerchant(body.merchant_id);
      const rateType = body.rate_type ?? current.rateType;
      const merchantId = body.merchant_id !== undefined ? body.merchant_id : current.merchantId;
      if (merchantId !== null && rateType !== 'default') {
        throw new FieldErrors({ merchant_id: ['merchant_default_only'] });
      }
      const values: Partial<typeof rates.$inferInsert> = {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.rate_type !== undefined && { rateType: body.rate_type }),
        ...(body.typo !== undefined && { typo: body.typo }),
        ...(body.merchant_id !== undefined && { merchantId: body.merchant_id }),
      };
      const pricesChange = COMPONENT_KEYS.some((key) => body[key] !== undefined);
      if (Object.keys(values).length === 0 && !pricesChange) {
        return this.get(id);
      }
      const now = new Date();
      const version = pricesChange ? versionValues(body, await tariffAt(id, now)) : null;
      if (version) {
        checkMergedBounds(version);
      }
      const before = await this.get(id);
      await db.transaction(async (tx) => {
        // The status condition closes the race with a concurrent activation between the check above and this write.
        const [row] = await tx
          .update(rates)
          .set({ ...values, updatedAt: now })
          .where(and(eq(rates.id, id), eq(rates.status, STATUS.inactive)))
          .returning();
        if (!row) {
          throw new FieldErrors({ [NON_FIELD_ERRORS]: ['active_edit_forbidden'] });
        }
        // A price change is a new version in force from now: the versions are only appended to.
        if (version) {
          await tx.insert(rateVersions).values({ rateId: id, effectiveFrom: now, accountId: actor.id, ...version });
        }
        await recordAudit(tx, { actor, action: 'update', entity: 'rate', entityId: id, before, after: body });
      });
      return this.get(id);
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
      return withVersions(rows);
    },

    async listVersions(id) {
      await findRow(id);
      const rows = await db
        .select({ version: rateVersions, lastName: accounts.lastName, firstName: accounts.firstName })
        .from(rateVersions)
        .leftJoin(accounts, eq(accounts.id, rateVersions.accountId))
        .where(eq(rateVersions.rateId, id))
        .orderBy(desc(rateVersions.effectiveFrom), desc(rateVersions.id));
      return rows.map((row) => toRateVersion(row.version, accountName(row)));
    },

    async addVersion(id, body, actor) {
      await findRow(id);
      const now = new Date();
      const effectiveFrom = body.effective_from === undefined ? now : new Date(body.effective_from);
      // A minute's leeway for a form sent as "now" a little late; never further back: charges already priced stay so.
      if (effectiveFrom.getTime() < now.getTime() - 60_000) {
        throw new FieldErrors({ effective_from: ['effective_from_past'] });
      }
      const values = versionValues(body, await tariffAt(id, effectiveFrom));
      checkMergedBounds(values);
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(rateVersions)
          .values({
            rateId: id,
            effectiveFrom: effectiveFrom < now ? now : effectiveFrom,
            accountId: actor.id,
            ...values,
          })
          .returning();
        if (!inserted) {
          throw new Error('rate version insert returned no row');
        }
        await recordAudit(tx, { actor, action: 'version', entity: 'rate', entityId: id, after: body });
        return inserted;
      });
      const [author] = await db
        .select({ lastName: accounts.lastName, firstName: accounts.firstName })
        .from(accounts)
        .where(eq(accounts.id, actor.id ?? 0));
      return toRateVersion(row, author ? accountName(author) : null);
    },

    async listDefaultFees() {
      const rows = await listConnectorTypesWithDefaultFee(db);
      return rows.map((row) => ({ typo: row.key, name: row.name, fee: row.fee }));
    },
  };
};
