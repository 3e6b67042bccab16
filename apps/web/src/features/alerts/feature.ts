import type { TFeature } from '@/app/feature';
import { alertsRoutes } from '@/features/alerts/routes';

/**
 * Alerts (docs/product/alerts.md): the incidents screen (`/incidents`, in the menu) with its drawer and actions, and
 * the alert rules' settings (`/settings/alerts`). Both are chunks of their own, loaded with their texts.
 */
export const alertsFeature: TFeature = { routes: alertsRoutes, menu: ['incidents'] };
