import { STATUS, type TBulkStatusBody, type TStatus } from '@zaryad/contracts';
import { getTableName, inArray, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { ApiError } from '../http/api-errors';
import type { RecordAudit, TActor } from './audit';
import { statusOf } from './status';
import type { Transaction } from './transaction';
import { isUniqueViolation } from './unique-violation';

/** A table whose records are active (0) or inactive (1): every domain with a `PATCH .../statuses/`. */
export type StatusTable = PgTable & { id: PgColumn; status: PgColumn; updatedAt: PgColumn };

/** The record a status change answers: the table's row, whose id is a number. */
export type TStatusRow<TTable extends StatusTable> = InferSelectModel<TTable> & { id: number };

/** Either body a client sends: `{ids, active}` (every domain) or `[{id, active}]` (rates, docs/api.md). */
export type TStatusChange = TBulkStatusBody | readonly { id: number; active: boolean }[];

export interface BulkStatusOptions<TTable extends StatusTable> {
  table: TTable;
  /** The audit log's entity name (`tag`, `rental_partner`, ...). */
  entity: string;
  actor: TActor;
  /** The audit log's writer (modules/audit's `recordAudit`): one entry per record, in the change's transaction. */
  recordAudit: RecordAudit;
  /** A rule on the request itself, checked before anything is read or written (accounts: nobody blocks themselves). */
  assertAllowed?: (targets: ReadonlyMap<number, TStatus>) => void;
  /** Writes that belong to the same change, in its transaction (accounts: blocking ends the sessions). */
  afterUpdate?: (tx: Transaction, rows: TStatusRow<TTable>[]) => Promise<void>;
  /** The answer when a unique index refuses the change (rates: one active default rate per connector type). */
  onUniqueViolation?: () => Error;
}

/** How many missing ids the 404 names: enough to find them, short enough to show in a notification. */
const NAMED_MISSING_IDS = 10;

/** The ids a message names (a refusal of a change by filter): the first ten, then `…`. */
export const namedIds = (ids: readonly number[]) =>
  ids.slice(0, NAMED_MISSING_IDS).join(', ') + (ids.length > NAMED_MISSING_IDS ? ', …' : '');

/** 404 `{"detail": "..."}` naming the ids that do not exist; the same answer on every domain. */
export const recordsNotFound = (missing: readonly number[]) =>
  new ApiError(404, `records_not_found:${namedIds(missing)}`);

/** One audit entry per record changed: its status before and after. */
const auditStatuses = (
  options: Pick<BulkStatusOptions<StatusTable>, 'recordAudit' | 'actor' | 'entity'>,
  tx: Transaction,
  rows: readonly { id: number; before: unknown; after: TStatus | undefined }[],
) =>
  options.recordAudit(
    tx,
    rows.map((row) => ({
      actor: options.actor,
      action: 'status' as const,
      entity: options.entity,
      entityId: row.id,
      before: { status: row.before },
      after: { status: row.after },
    })),
  );

/** Runs the change, answering a unique index's refusal with the domain's error if it gives one. */
const mappingUniqueViolation = async <T>(onUniqueViolation: (() => Error) | undefined, change: () => Promise<T>) => {
  try {
    return await change();
  } catch (error) {
    throw onUniqueViolation && isUniqueViolation(error) ? onUniqueViolation() : error;
  }
};

/**
 * `column = any('{…}'::integer[])`: the ids a change by filter answered, as one parameter however many there are (an
 * `IN` list would pass one parameter per id, and PostgreSQL takes at most 65,535).
 */
export const idsIn = (column: PgColumn, ids: readonly number[]): SQL =>
  sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::integer[])`;

/** The target status of each id; when an id is sent twice, its last entry wins. */
export const statusTargets = (change: TStatusChange): Map<number, TStatus> =>
  'ids' in change
    ? new Map(change.ids.map((id) => [id, statusOf(change.active)]))
    : new Map(change.map((item) => [item.id, statusOf(item.active)]));

/**
 * Switches records active or inactive, all or nothing (README.md): one UPDATE per target status and the audit entries
 * in one transaction; an unknown id rolls it back and answers 404 naming the missing ids. Answers the rows by id.
 */
export const changeStatuses = async <TTable extends StatusTable>(
  db: Database,
  change: TStatusChange,
  options: BulkStatusOptions<TTable>,
): Promise<TStatusRow<TTable>[]> => {
  const { table } = options;
  const targets = statusTargets(change);
  options.assertAllowed?.(targets);
  const ids = [...targets.keys()];
  return mappingUniqueViolation(options.onUniqueViolation, () =>
    db.transaction(async (tx) => {
      // The previous statuses are the audit entries' `before`; locked so that no other change slips in between.
      const source: PgTable = table;
      const previous = await tx
        .select({ id: table.id, status: table.status })
        .from(source)
        .where(inArray(table.id, ids))
        .for('update');
      const statusBefore = new Map(previous.map((row) => [Number(row.id), row.status]));
      const rows: TStatusRow<TTable>[] = [];
      // Deactivations go first: a swap (rates: the old default off, the new one on) never meets a unique index
      // holding both at once, which PostgreSQL checks row by row.
      for (const status of [STATUS.inactive, STATUS.active]) {
        const group = ids.filter((id) => targets.get(id) === status);
        if (group.length === 0) {
          continue;
        }
        // Drizzle cannot see through a generic table that `status` and `updatedAt` are among its columns.
        const values = { status, updatedAt: new Date() } as PgUpdateSetSource<TTable>;
        const updated = await tx.update(table).set(values).where(inArray(table.id, group)).returning();
        rows.push(...(updated as TStatusRow<TTable>[]));
      }
      if (rows.length !== ids.length) {
        const found = new Set(rows.map((row) => row.id));
        // Throwing rolls back what the statements above changed.
        throw recordsNotFound(ids.filter((id) => !found.has(id)));
      }
      await options.afterUpdate?.(tx, rows);
      const changes = rows.map(({ id }) => ({ id, before: statusBefore.get(id), after: targets.get(id) }));
      await auditStatuses(options, tx, changes);
      return rows.sort((a, b) => a.id - b.id);
    }),
  );
};

export interface StatusWhereOptions<TTable extends StatusTable> {
  table: TTable;
  /** The audit log's entity name, as `changeStatuses` writes it. */
  entity: string;
  actor: TActor;
  recordAudit: RecordAudit;
  /** The list's own conditions (its where-builder's answer for the filter): the rows the list shows. */
  where: SQL | undefined;
  active: boolean;
  /**
   * Rules and writes of the same change, in its transaction, given the ids changed (ascending); throwing rolls the
   * whole change back (accounts: nobody blocks themselves, blocking ends the sessions).
   */
  afterUpdate?: (tx: Transaction, ids: number[], status: TStatus) => Promise<void>;
  /** The answer when a unique index refuses the change. */
  onUniqueViolation?: () => Error;
}

/**
 * Switches every record a list's conditions select (README.md: by filter): one statement locks and updates them, then
 * the audit entries `changeStatuses` writes, with the domain's `afterUpdate`, in one transaction. Answers how many.
 */
export const changeStatusesWhere = async <TTable extends StatusTable>(
  db: Database,
  options: StatusWhereOptions<TTable>,
): Promise<{ updated: number }> => {
  const { table } = options;
  const status = statusOf(options.active);
  const name = sql.identifier(getTableName(table));
  const statusColumn = sql.identifier(table.status.name);
  const updatedAtColumn = sql.identifier(table.updatedAt.name);
  const idColumn = sql.identifier(table.id.name);
  const where = options.where ?? sql`true`;
  return mappingUniqueViolation(options.onUniqueViolation, () =>
    db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        with previous as (
          select ${table.id} as id, ${table.status} as status from ${table} where ${where} order by ${table.id} for update
        )
        update ${name} set ${statusColumn} = ${status}, ${updatedAtColumn} = now()
        from previous where ${name}.${idColumn} = previous.id
        returning ${name}.${idColumn} as id, previous.status as before`);
      const rows = (result as unknown as { rows: { id: number | string; before: number }[] }).rows
        .map((row) => ({ id: Number(row.id), before: Number(row.before) }))
        .sort((a, b) => a.id - b.id);
      await auditStatuses(
        options,
        tx,
        rows.map((row) => ({ ...row, after: status })),
      );
      const ids = rows.map((row) => row.id);
      await options.afterUpdate?.(tx, ids, status);
      return { updated: ids.length };
    }),
  );
};
