import { lazy } from 'react';

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
