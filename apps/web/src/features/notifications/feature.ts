import type { TFeature } from '@/app/feature';
import { webhooksRoutes } from '@/features/notifications/routes';

/**
 * Notifications (docs/product/notifications.md): the header's bell, the profile's Notifications section and the
 * webhooks screen under settings. The bell is light (its list loads on first opening); the rest are chunks of their own
 * loaded with their texts.
 */
export const notificationsFeature: TFeature = { routes: [webhooksRoutes], menu: [] };
