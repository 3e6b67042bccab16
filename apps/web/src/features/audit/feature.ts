import type { TFeature } from '@/app/feature';
import { auditRoutes } from '@/features/audit/routes';

export const auditFeature: TFeature = { routes: [auditRoutes], menu: ['auditLog'] };
