/**
 * The live board's event stream (docs/product/live.md#events): every process listens to the ocpp bus's 'ocpp_events'
 * (each message names its stationId; an incident's its incidentId too), marks the station changed, and once per
 * window (~250 ms) reads the changed stations' state and running charges in one go and writes the delta to every
 * open stream, one read per language the streams ask. A busy network's many messages about one station in a window
 * are one entry of one event; nothing is read while no stream is open.
 */
import type { TLanguage } from '@zaryad/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { OcppBus } from '../ocpp';
import type { LiveService } from './live.service';

export const LIVE_WINDOW_MS = 250;

export interface LiveHub {
  /** Streams deltas to this response until it closes. */
  open(response: ServerResponse, language: TLanguage, onClose: (listener: () => void) => void): void;
  close(): void;
  /** Open streams (tests, the benchmark). */
  size(): number;
}

export const createLiveHub = (options: {
  live: LiveService;
  bus: OcppBus | null;
  log: FastifyBaseLogger;
  windowMs?: number;
}): LiveHub => {
  const { live, bus, log } = options;
  const windowMs = options.windowMs ?? LIVE_WINDOW_MS;
  const streams = new Map<ServerResponse, TLanguage>();
  const stations = new Set<number>();
  const incidents = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let flushing = false;

  const flush = async () => {
    const stationIds = [...stations];
    const incidentIds = [...incidents];
    stations.clear();
    incidents.clear();
    for (const language of new Set(streams.values())) {
      const delta = await live.delta(stationIds, incidentIds, language);
      if (delta.stations.length === 0 && delta.incidents.length === 0) {
        continue;
      }
      const text = `data: ${JSON.stringify(delta)}\n\n`;
      for (const [response, streamLanguage] of streams) {
        if (streamLanguage === language) {
          response.write(text);
        }
      }
    }
  };

  const schedule = () => {
    if (timer || flushing) {
      return;
    }
    timer = setTimeout(() => {
      timer = null;
      flushing = true;
      flush()
        .catch((error: unknown) => log.warn({ err: error }, 'live board: a delta could not be read'))
        .finally(() => {
          flushing = false;
          if (stations.size > 0 || incidents.size > 0) {
            schedule();
          }
        });
    }, windowMs);
  };

  const unsubscribe = bus?.subscribe('ocpp_events', (message) => {
    if (streams.size === 0) {
      return;
    }
    const event = message as { type?: unknown; stationId?: unknown; incidentId?: unknown } | null;
    if (typeof event?.stationId === 'number') {
      stations.add(event.stationId);
    }
    if (event?.type === 'incident' && typeof event.incidentId === 'number') {
      incidents.add(event.incidentId);
    }
    if (stations.size > 0 || incidents.size > 0) {
      schedule();
    }
  });

  return {
    open(response, language, onClose) {
      streams.set(response, language);
      onClose(() => {
        streams.delete(response);
      });
    },
    close() {
      unsubscribe?.();
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      for (const response of streams.keys()) {
        response.end();
      }
      streams.clear();
    },
    size: () => streams.size,
  };
};
