import { lazy } from 'react';
import type { TFeature } from '@/app/feature';
import { webhooksRoutes } from '@/features/notifications/routes';

/**
 * Notifications (docs/product/notifications.md): the header's bell, the profile's Notifications section and the
 * webhooks screen under settings. The bell is light (its list loads on first opening); the rest are chunks of their own
 * loaded with their texts.
 */
export const notificationsFeature: TFeature = { routes: [webhooksRoutes], menu: [] };

export { NotificationBell } from '@/features/notifications/NotificationBell';

/** The profile's Notifications section: preferences and the Telegram link. */
export const NotificationPreferences = lazy(async () => {
  const module = await import('@/features/notifications/NotificationPreferences');
  await module.textsReady;
  return { default: module.NotificationPreferences };
});

/** The settings screen's link to the webhooks (alerts.manage). */
export const WebhooksLink = lazy(async () => {
  const module = await import('@/features/notifications/WebhooksLink');
  await module.textsReady;
  return { default: module.WebhooksLink };
});
