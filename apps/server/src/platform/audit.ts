/**
 * What a domain may ask of the audit log (modules/audit writes it): who changed which record, in the change's own
 * transaction. The platform's helpers take the writer from their caller, so that this layer imports no module.
 */
import type { TAuditAction } from '@zaryad/contracts';
import type { Database } from '../db/client';

/**
 * Who makes a change and from where: the signed-in account (`AuthAccount` carries both) or the system itself
 * (`SYSTEM_ACTOR`: the start-up seed, the first administrator, a scheduled job).
 */
export interface TActor {
  id: number | null;
  ip: string | null;
}

export const SYSTEM_ACTOR: TActor = { id: null, ip: null };

export interface AuditEntry {
  actor: TActor;
  action: TAuditAction;
  entity: string;
  entityId: number | string;
  /**
   * The record before the change (edit, delete, status), either as the API names its fields or as the table row
   * (`title_ru` is also looked up as `titleRu`), so a service can pass the row it already read.
   */
  before?: object;
  /** The values sent or set (create, edit, status), as the API names them; undefined ones did not change. */
  after?: object;
}

/** Records one entry or any number of them, in the transaction `tx` belongs to (modules/audit's `recordAudit`). */
export type RecordAudit = (tx: Pick<Database, 'insert'>, entries: AuditEntry | readonly AuditEntry[]) => Promise<void>;
