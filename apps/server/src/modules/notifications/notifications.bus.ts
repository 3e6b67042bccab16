import type { Bus } from '../../platform/bus';

/**
 * The notifications' channels of the process's one bus (platform/bus.ts): "account N has a new notification", heard
 * by every process (the fan-out runs in one process, the account's event stream may be open on another), and "a
 * delivery was queued", which wakes every process's delivery worker (one of them claims each delivery). The worker is
 * also woken by the alerts' incident messages on 'ocpp_events' (a new incident event to fan out).
 */
export interface NotificationBus {
  publish(message: TNotificationSignal): Promise<void>;
  subscribe(listener: (message: TNotificationSignal) => void): () => void;
  /** Tells every process's delivery worker that a delivery is due. */
  queued(): Promise<void>;
  onQueued(listener: () => void): () => void;
  /** Hears that an incident changed (alerts' `{type: 'incident'}` on 'ocpp_events'): events to fan out. */
  onIncident(listener: () => void): () => void;
}

export interface TNotificationSignal {
  accountId: number;
  notificationId: number;
}

const CHANNEL = 'zaryad_notifications';
const QUEUED_CHANNEL = 'zaryad_notifications_queued';
/** Where alerts tell an incident's change (alerts.evaluate.ts's notifier, inside the change's transaction). */
const INCIDENT_CHANNEL = 'ocpp_events';

const parse = (value: unknown): TNotificationSignal | null => {
  const signal = value as Partial<TNotificationSignal> | null;
  return typeof signal?.accountId === 'number' && typeof signal.notificationId === 'number'
    ? { accountId: signal.accountId, notificationId: signal.notificationId }
    : null;
};

export const createNotificationBus = async (bus: Bus): Promise<NotificationBus> => {
  await bus.listen(CHANNEL, QUEUED_CHANNEL, INCIDENT_CHANNEL);
  return {
    publish: (message) => bus.publish(CHANNEL, message),
    subscribe: (listener) =>
      bus.subscribe(CHANNEL, (message) => {
        const signal = parse(message);
        if (signal) {
          listener(signal);
        }
      }),
    queued: () => bus.publish(QUEUED_CHANNEL, {}),
    onQueued: (listener) => bus.subscribe(QUEUED_CHANNEL, () => listener()),
    onIncident: (listener) =>
      bus.subscribe(INCIDENT_CHANNEL, (message) => {
        if ((message as { type?: unknown } | null)?.type === 'incident') {
          listener();
        }
      }),
  };
};
