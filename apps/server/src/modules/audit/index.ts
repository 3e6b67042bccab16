// The audit log: who changed which record, when, from where and how. Every domain's mutations write to it, in their
// own transaction; the audit-log domain reads it.
import { defineDomain } from '../../platform/domain';
import * as auditTables from './audit.tables';

export { auditLog } from './audit.tables';
export { recordAudit } from './audit.service';
export { type AuditEntry, SYSTEM_ACTOR, type TActor } from '../../platform/audit';

export const auditDomain = defineDomain({ name: 'audit', prefix: null, tables: auditTables });
