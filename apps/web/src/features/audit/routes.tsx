import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle: TRouteHandle = { menu: 'auditLog' };

/** `/audit-log`: the audit log's list; a record's History opens on its own details screen. */
export const auditRoutes: RouteObject = {
  path: 'audit-log',
  handle,
  lazy: lazyPage(
    () => import('@/features/audit/AuditLogPage'),
    (m) => m.AuditLogPage,
  ),
};
