import { STATUS } from '@zaryad/contracts';
import { and, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { notFound, type TMessage } from '../http/api-errors';
import type { RecordAudit, TActor } from './audit';
import type { StatusTable, TStatusRow } from './bulk-status';
import type { Transaction } from './transaction';

/**
 * A delete refused by a business rule (an active record). The product's convention (docs/product/common.md#8-messages) is a 400 whose
 * body is a JSON array of translated messages, which the web app joins; the global error handler answers it.
 */
export class DeleteRefusedError extends Error {
  constructor(readonly messages: TMessage[]) {
    super('delete refused');
  }
}

export interface DeleteWhenInactiveOptions<TTable extends StatusTable> {
  table: TTable;
  id: number;
  /** The audit log's entity name. */
  entity: string;
  actor: TActor;
  /** The audit log's writer (modules/audit's `recordAudit`). */
  recordAudit: RecordAudit;
  /** Why an active record stays; `active_delete_forbidden` unless the domain says it in its own words. */
  refusal?: TMessage;
  /** What the audit entry keeps of the deleted record (its `before`); the whole row when not given. */
  auditChanges?: (row: TStatusRow<TTable>) => Record<string, unknown>;
  /** Writes that belong to the delete, in its transaction (stations: the city's station count). */
  afterDelete?: (tx: Transaction, row: TStatusRow<TTable>) => Promise<void>;
}

/**
 * Deletes a record only while it is inactive and answers the deleted row (for files to remove after the commit).
 * The status is part of the DELETE's condition, so a record activated meanwhile is never deleted; when nothing was
 * deleted, the record is either missing (404) or active (DeleteRefusedError).
 */
export const deleteWhenInactive = async <TTable extends StatusTable>(
  db: Database,
  options: DeleteWhenInactiveOptions<TTable>,
): Promise<TStatusRow<TTable>> => {
  const { table, id } = options;
  return db.transaction(async (tx) => {
    const [deleted] = (await tx
      .delete(table)
      .where(and(eq(table.id, id), eq(table.status, STATUS.inactive)))
      .returning()) as TStatusRow<TTable>[];
    if (!deleted) {
      // Widened: Drizzle's select cannot tell whether a generic table is a selectable one.
      const source: PgTable = table;
      const [existing] = await tx.select({ id: table.id }).from(source).where(eq(table.id, id)).limit(1);
      throw existing ? new DeleteRefusedError([options.refusal ?? 'active_delete_forbidden']) : notFound();
    }
    await options.afterDelete?.(tx, deleted);
    await options.recordAudit(tx, {
      actor: options.actor,
      action: 'delete',
      entity: options.entity,
      entityId: id,
      // The deleted record as it was (secrets show as "changed"), unless the domain keeps less.
      before: options.auditChanges?.(deleted) ?? deleted,
    });
    return deleted;
  });
};
