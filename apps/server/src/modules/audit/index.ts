// The audit log: who changed which record, when and how. Every domain's mutations write to it.
import { defineDomain } from '../../platform/domain';
import * as auditTables from './audit.tables';

export { auditLog } from './audit.tables';
export { type AuditEntry, recordAudit } from './audit.service';

export const auditDomain = defineDomain({ name: 'audit', prefix: null, tables: auditTables });
