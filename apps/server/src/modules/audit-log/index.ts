// Reading the audit log (/api/v1/audit-log/): it names each entry's account, so it needs both audit and accounts,
// which itself writes to audit; hence its own domain, after both.
import { defineDomain } from '../../platform/domain';
import { auditLogRoutes } from './audit-log.routes';
import { createAuditLogService } from './audit-log.service';

export const auditLogDomain = defineDomain({
  name: 'audit-log',
  prefix: '/api/v1/audit-log',
  services: ({ db }) => ({ auditLog: createAuditLogService(db) }),
  routes: auditLogRoutes,
});
