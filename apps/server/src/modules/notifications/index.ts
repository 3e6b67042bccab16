// Notifications (issue 35, item 3; docs/product/notifications.md): incident events fanned out by account preferences to
// the bell (in-app, live over /api/v1/notifications/events/), e-mail and Telegram, and to the network's webhooks, through
// a durable delivery queue. Routes under /api/v1/notifications/ and /api/v1/webhooks/. Comes after accounts (and
// alerts, whose incident_events it reads); nothing imports it.
import { NOTIFICATIONS_DEFAULTS } from '../../config';
import { defineDomain } from '../../platform/domain';
import { createNotificationBus } from './notifications.bus';
import { incidentEventsFeed, type IncidentEventFeed } from './notifications.feed';
import { notificationsRoutes, type NotificationsRuntime, webhooksRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';
import { createTelegramBot } from './notifications.telegram';
import * as notificationsTables from './notifications.tables';
import { startNotificationWorker } from './notifications.worker';
import { createWebhooksService } from './webhooks.service';

export {
  notificationCursors,
  notificationDeliveries,
  notificationPreferences,
  notifications,
  webhooks,
} from './notifications.tables';
export { fanOutEvents, isQuiet } from './notifications.fan-out';
export { deliverDue, signBody, SIGNATURE_HEADER } from './notifications.delivery';
export type { IncidentEventFeed, IncidentEventInput } from './notifications.feed';
export type { NotificationWorker } from './notifications.worker';

/**
 * Where the fan-out reads incident events: `incident_events` unless a test replaces it (`setIncidentEventFeed`).
 * One per process: every app built after the call reads it.
 */
let feed: IncidentEventFeed = incidentEventsFeed;
export const setIncidentEventFeed = (next: IncidentEventFeed | null) => {
  feed = next ?? incidentEventsFeed;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The notifications' background work of this app (tests run a fan-out or a delivery at once through it). */
    notificationWorker: import('./notifications.worker').NotificationWorker;
  }
}

export const notificationsDomain = defineDomain({
  name: 'notifications',
  // Two areas of the API: /notifications/ and /webhooks/ (notifications.routes.ts).
  prefix: '/api/v1',
  tables: notificationsTables,
  services: ({ db, config, mailer }) => {
    const settings = config.notifications ?? NOTIFICATIONS_DEFAULTS;
    const telegram = createTelegramBot(settings);
    return {
      db,
      settings,
      mailer,
      publicUrl: config.publicUrl,
      telegram,
      notifications: createNotificationsService(db, telegram),
      webhooks: createWebhooksService(db),
      runtime: { bus: null, worker: null, streams: new Set() } as NotificationsRuntime,
    };
  },
  plugins: async (app, { db, settings, mailer, publicUrl, telegram, runtime }) => {
    const bus = await createNotificationBus(app.bus);
    runtime.bus = bus;
    runtime.worker = startNotificationWorker(app, {
      delivery: { db, mailer, telegram, config: settings, publicUrl, metrics: app.metrics },
      feed: (tx, after, limit) => feed(tx, after, limit),
      bus,
      everyMs: settings.pollMs,
    });
    app.decorate('notificationWorker', runtime.worker);
    app.addHook('preClose', async () => {
      for (const stream of runtime.streams) {
        stream.end();
      }
      runtime.streams.clear();
    });
  },
  routes: async (app, { notifications, webhooks, runtime }) => {
    await app.register(notificationsRoutes, { notifications, webhooks, runtime, prefix: '/notifications' });
    await app.register(webhooksRoutes, { notifications, webhooks, runtime, prefix: '/webhooks' });
  },
});
