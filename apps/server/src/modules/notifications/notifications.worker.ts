import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runJobOnce } from '../../platform/scheduler';
import type { DeliveryContext } from './notifications.delivery';
import { deliverAllDue } from './notifications.delivery';
import type { NotificationBus } from './notifications.bus';
import { type FanOutResult, fanOutJob } from './notifications.fan-out';
import type { IncidentEventFeed } from './notifications.feed';
import { notificationDeliveries } from './notifications.tables';
import { telegramLinkJob } from './notifications.telegram';

export interface NotificationWorker {
  /** Runs the fan-out once now (tests, and the worker's own loop); answers what it created. */
  fanOut(): Promise<FanOutResult[]>;
  /** Delivers what is due now, without waiting for the next tick. */
  deliver(): Promise<number>;
  /** A delivery was queued (a test delivery): every process's worker is woken over the bus. */
  nudge(): void;
  /** Reads the bot's updates once now (links the chats that sent their code); false without a bot or the lock. */
  linkTelegram(): Promise<boolean>;
}

/** How often the Telegram link poller reads the bot's updates (an account waits for its code to be read). */
export const TELEGRAM_LINK_POLL_MS = 2000;
/** A retry's timer is never set further than this (the safety poll comes first in any case). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The domain's background work in each process: the fan-out (under the scheduler's advisory lock: once across
 * processes), the delivery worker (every process; rows are claimed with SKIP LOCKED) and the Telegram link poller
 * (under its own lock). Woken, not polled: an incident's change on the bus (alerts tell each, after its commit) runs
 * the fan-out, whose new deliveries are announced on the bus ('queued') and run every process's delivery worker; a
 * failed delivery's retry is a timer for its next attempt. `everyMs` (NOTIFY_POLL_MS, 30 s) is only the safety net: a
 * message lost with a broken connection, a process that died with a claimed delivery, a retry left by a process that
 * is gone. A wake during a run runs it once more after, so that nothing committed meanwhile waits for the poll.
 */
export const startNotificationWorker = (
  app: FastifyInstance,
  options: { delivery: DeliveryContext; feed: IncidentEventFeed; bus: NotificationBus; everyMs: number },
): NotificationWorker => {
  const { delivery, feed, bus, everyMs } = options;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryAt = Infinity;

  /** When the next pending delivery is due, for the retry's timer (claimed ones show their lease's end). */
  const scheduleRetry = async () => {
    const [row] = await delivery.db
      .select({ at: sql<string | null>`min(${notificationDeliveries.nextAttemptAt})` })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.status, 'pending'));
    const at = row?.at ? new Date(row.at).getTime() : Infinity;
    if (closed || !Number.isFinite(at) || at >= retryAt) {
      return;
    }
    if (retryTimer) {
      clearTimeout(retryTimer);
    }
    retryAt = at;
    retryTimer = setTimeout(
      () => {
        retryTimer = null;
        retryAt = Infinity;
        deliverLoop.wake();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - Date.now()) + 10),
    );
    retryTimer.unref();
  };

  const deliverOnce = async () => {
    const sent = await deliverAllDue(delivery);
    await scheduleRetry();
    return sent;
  };

  const fanOutOnce = async () => {
    const results: FanOutResult[] = [];
    const job = fanOutJob(feed, everyMs, (result) => results.push(result));
    await runJobOnce(delivery.db, job);
    for (const result of results) {
      for (const signal of result.notifications) {
        await bus
          .publish(signal)
          .catch((error: unknown) => app.log.warn({ err: error }, 'notification signal not sent'));
      }
    }
    if (results.some((result) => result.deliveries > 0)) {
      deliverLoop.wake();
      void bus.queued().catch((error: unknown) => app.log.warn({ err: error }, 'delivery signal not sent'));
    }
    return results;
  };

  const running = new Set<Promise<unknown>>();
  /** A job that runs when woken (never two at once; a wake during a run runs it again after), its errors logged. */
  const loop = <T>(name: string, run: () => Promise<T>, fallback: T) => {
    let current: Promise<T> | null = null;
    let again = false;
    const start = (): Promise<T> => {
      if (current) {
        again = true;
        return current;
      }
      const run$ = run()
        .catch((error: unknown) => {
          app.log.error({ err: error }, `notifications: ${name} failed`);
          return fallback;
        })
        .finally(() => {
          current = null;
          running.delete(run$);
          if (again && !closed) {
            again = false;
            void start();
          }
        });
      current = run$;
      running.add(run$);
      return run$;
    };
    return {
      /** A run that starts now (after the one running, if any): it sees everything committed before the call. */
      run: async (): Promise<T> => {
        while (current) {
          await current;
        }
        return start();
      },
      wake: () => {
        if (!closed) {
          void start();
        }
      },
    };
  };
  const fanOutLoop = loop('fan-out', fanOutOnce, [] as FanOutResult[]);
  const deliverLoop = loop('delivery', deliverOnce, 0);
  const linkJob = delivery.telegram ? telegramLinkJob(delivery.telegram, TELEGRAM_LINK_POLL_MS) : null;
  const linkLoop = loop('Telegram link', async () => (linkJob ? runJobOnce(delivery.db, linkJob) : false), false);

  const timers: NodeJS.Timeout[] = [];
  const unsubscribe: (() => void)[] = [];
  app.addHook('onReady', async () => {
    unsubscribe.push(bus.onIncident(fanOutLoop.wake), bus.onQueued(deliverLoop.wake));
    const every = (wake: () => void, ms: number) => {
      wake();
      const timer = setInterval(wake, ms);
      timer.unref();
      timers.push(timer);
    };
    every(fanOutLoop.wake, everyMs);
    every(deliverLoop.wake, everyMs);
    if (linkJob) {
      every(linkLoop.wake, linkJob.everyMs);
    }
  });
  app.addHook('onClose', async () => {
    closed = true;
    for (const stop of unsubscribe) {
      stop();
    }
    for (const timer of timers) {
      clearInterval(timer);
    }
    if (retryTimer) {
      clearTimeout(retryTimer);
    }
    await Promise.allSettled([...running]);
  });
  return {
    fanOut: fanOutLoop.run,
    deliver: deliverLoop.run,
    nudge: () => {
      deliverLoop.wake();
      void bus.queued().catch((error: unknown) => app.log.warn({ err: error }, 'delivery signal not sent'));
    },
    linkTelegram: linkLoop.run,
  };
};
