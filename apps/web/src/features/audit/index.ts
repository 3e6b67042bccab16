import type { TFeature } from '@/app/feature';
import { auditRoutes } from '@/features/audit/routes';

export const auditFeature: TFeature = { routes: [auditRoutes], menu: ['auditLog'] };
// The button is small; the drawer it opens loads on the first click.
export { HistoryButton } from '@/features/audit/HistoryButton';
