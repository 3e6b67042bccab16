/**
 * Records of a period (promotions, banners) end by themselves (README.md); lists derive "ended" from `ends_at` too,
 * so an item shows as ended from the instant its end passes, before the job's next tick.
 */
import { STATUS, type TMessageKey, type TStatus } from '@zaryad/contracts';
import { and, isNull, lte } from 'drizzle-orm';
import type { PgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { type RecordAudit, SYSTEM_ACTOR } from './audit';
import type { ScheduledJob } from './scheduler';
import { idsIn, namedIds, type StatusTable } from './bulk-status';
import { FieldErrors } from '../http/api-errors';
import type { Transaction } from './transaction';

/** A table whose rows end at `endsAt`. */
export type EndingTable = StatusTable & { endsAt: PgColumn };

/**
 * The `afterUpdate` of a status change by filter on records of a period (promotions, banners): as with ids, a record whose
 * end has passed is never activated; the change is refused on `filter`, naming the first ones (`<message>:7, 9`).
 */
export const refusePassedActivation =
  (table: EndingTable, now: Date, message: TMessageKey) => async (tx: Transaction, ids: number[], status: TStatus) => {
    if (status !== STATUS.active || ids.length === 0) {
      return;
    }
    const passed = await tx
      .select({ id: table.id })
      .from(table as EndingTable)
      .where(and(idsIn(table.id, ids), lte(table.endsAt, now)))
      .orderBy(table.id)
      .limit(11);
    if (passed.length > 0) {
      throw new FieldErrors({ filter: [`${message}:${namedIds(passed.map((row) => Number(row.id)))}`] });
    }
  };

export interface PeriodEnd<TTable extends EndingTable> {
  table: TTable;
  /** The column the job sets, and its property name on the table (`endedAt`, `archivedAt`). */
  markedAt: { column: PgColumn; key: keyof TTable['$inferInsert'] & string };
  /** The audit entity and the flag its before/after records (`{ended: false}` → `{ended: true, status: 1}`). */
  entity: string;
  flag: string;
  /** The audit log's writer (modules/audit's `recordAudit`). */
  recordAudit: RecordAudit;
}

/** Ends the rows of `spec` whose end has passed at `now`; answers their ids, ascending. */
export const endPassedRows = async <TTable extends EndingTable>(
  tx: Database | Transaction,
  spec: PeriodEnd<TTable>,
  now: Date,
): Promise<number[]> => {
  const { table } = spec;
  // Drizzle cannot see through a generic table that these are among its columns.
  const values = { [spec.markedAt.key]: now, status: STATUS.inactive, updatedAt: now } as PgUpdateSetSource<TTable>;
  const rows = (await tx
    .update(table)
    .set(values)
    .where(and(isNull(spec.markedAt.column), lte(table.endsAt, now)))
    .returning({ id: table.id })) as { id: number }[];
  if (rows.length > 0) {
    await spec.recordAudit(
      tx,
      rows.map((row) => ({
        actor: SYSTEM_ACTOR,
        action: 'update' as const,
        entity: spec.entity,
        entityId: row.id,
        before: { [spec.flag]: false },
        after: { [spec.flag]: true, status: STATUS.inactive },
      })),
    );
  }
  return rows.map((row) => row.id).sort((a, b) => a - b);
};

/** The scheduled job of `spec`: every minute, under its own advisory lock (platform/scheduler.ts). */
export const periodEndJob = <TTable extends EndingTable>(
  name: string,
  lockKey: number,
  spec: PeriodEnd<TTable>,
): ScheduledJob => ({
  name,
  lockKey,
  everyMs: 60_000,
  run: (tx, now) => endPassedRows(tx, spec, now),
});
