import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { OcppBus } from '../ocpp';
import {
  evaluateRules,
  type IncidentNotifier,
  isChargeFailedMessage,
  raiseRefusedStart,
  STATION_EVENT_RULES,
} from './alerts.evaluate';

/** A station's rules run at most this often on its events (a charging station reports a meter value every few seconds). */
export const STATION_EVALUATION_GAP_MS = 300;

/**
 * At most this many evaluations hold a database connection at once (of the pool's 10). A network that reconnects
 * after a restart sends thousands of connection and status events in a minute: evaluated all at once, they held 6-7 of
 * the 10 connections idle in transaction in bench:ocpp and starved the charge points' own writes. Stations past the
 * cap wait in arrival order, each once however many events it sends meanwhile.
 */
export const STATION_EVALUATION_CONCURRENCY = 2;

/**
 * The stations evaluated together by one transaction at most: each rule reads them all in one statement. One by one,
 * 5,000 charge points booting made some 10,000 evaluations of eight reads, which queued for a minute behind the cap
 * above while the live board and the charge points waited for the pool (bench:live, docs/benchmarks.md, section 11).
 */
export const STATIONS_PER_EVALUATION = 200;

/**
 * Listens to 'ocpp_events': a station's status or connection re-reads its rules at once (a Faulted connector opens its
 * incident within a second), a refused start is folded into its incident. Every process hears every event; the
 * signals and the unique index let them all evaluate it and change the incident once.
 */
export const listenForStationEvents = (options: {
  db: Database;
  bus: OcppBus;
  notify: IncidentNotifier;
  log: FastifyBaseLogger;
  clock: Clock;
}) => {
  const { db, bus, notify, log, clock } = options;
  /** Stations waiting for their evaluation, and when each was last evaluated. */
  const waiting = new Map<number, NodeJS.Timeout>();
  const lastRun = new Map<number, number>();
  const running = new Set<Promise<unknown>>();
  let closed = false;

  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  /** Stations whose gap has passed, waiting for one of the evaluations' places, in arrival order. */
  const due = new Set<number>();
  let active = 0;

  const pump = () => {
    while (due.size > 0 && active < STATION_EVALUATION_CONCURRENCY && !closed) {
      const stationIds = [...due].slice(0, STATIONS_PER_EVALUATION);
      const startedAt = Date.now();
      for (const stationId of stationIds) {
        due.delete(stationId);
        lastRun.set(stationId, startedAt);
      }
      active += 1;
      track(
        db
          .transaction(async (tx) =>
            notify(tx, await evaluateRules(tx, { stationIds }, clock.now(), STATION_EVENT_RULES)),
          )
          .catch((error: unknown) => log.warn({ err: error, stationIds }, 'alerts: station evaluation failed'))
          .finally(() => {
            active -= 1;
            pump();
          }),
      );
    }
  };

  const evaluate = (stationId: number) => {
    waiting.delete(stationId);
    due.add(stationId);
    pump();
  };

  const schedule = (stationId: number) => {
    if (waiting.has(stationId) || closed) {
      return;
    }
    const since = Date.now() - (lastRun.get(stationId) ?? 0);
    const timer = setTimeout(() => evaluate(stationId), Math.max(0, STATION_EVALUATION_GAP_MS - since));
    timer.unref();
    waiting.set(stationId, timer);
    if (lastRun.size > 50_000) {
      lastRun.clear();
    }
  };

  const unsubscribe = bus.subscribe('ocpp_events', (message) => {
    if (isChargeFailedMessage(message)) {
      track(
        db
          .transaction(async (tx) => notify(tx, await raiseRefusedStart(tx, message, clock.now())))
          .catch((error: unknown) => log.warn({ err: error }, 'alerts: refused start not recorded')),
      );
      return;
    }
    const event = message as { type?: unknown; stationId?: unknown } | null;
    if ((event?.type === 'status' || event?.type === 'connected') && typeof event.stationId === 'number') {
      schedule(event.stationId);
    }
  });

  return {
    async close() {
      closed = true;
      unsubscribe();
      for (const timer of waiting.values()) {
        clearTimeout(timer);
      }
      waiting.clear();
      due.clear();
      // An evaluation that ends starts the next due one (pump): wait until none is left running.
      while (running.size > 0) {
        await Promise.allSettled([...running]);
      }
    },
  };
};
