import type { Database } from '../../db/client';
import { auditLog } from './audit.tables';

export interface AuditEntry {
  /** The signed-in account, or null when the system itself made the change. */
  actorId: number | null;
  action: 'create' | 'update' | 'status' | 'password_reset' | 'delete';
  entity: string;
  entityId: number | string;
  changes: Record<string, unknown>;
}

/** Fields whose values never go into the log, only the fact that they changed. */
const SECRET_FIELDS = new Set(['password', 'password_hash', 'passwordHash']);

const redact = (changes: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(changes).map(([key, value]) => [key, SECRET_FIELDS.has(key) ? '***' : value]));

/**
 * Records one mutation, or several in one insert (a bulk status change). Call it inside the mutation's transaction so
 * that both happen or neither.
 */
export const recordAudit = async (db: Pick<Database, 'insert'>, entries: AuditEntry | readonly AuditEntry[]): Promise<void> => {
  const list = 'entity' in entries ? [entries] : entries;
  if (list.length === 0) {
    return;
  }
  await db.insert(auditLog).values(
    list.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      changes: redact(entry.changes),
    })),
  );
};
