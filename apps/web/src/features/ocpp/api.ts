import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPaged } from '@zaryad/contracts';
import type { TChargePointCommandEntry, TChargePointEvent, TChargePointState } from '@zaryad/contracts/ocpp';
import { useEffect } from 'react';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { API_BASE } from '@/lib/api';
import { api } from '@/lib/apiClient';
import { sessionStore } from '@/lib/session';

/** Charge points' live state and command log, kept fresh by the server's events (useLiveChargePoints). */
export const chargePointKeys = queryKeys.ocpp;

/** Online is derived from the time: read again now and then even without events (a missed heartbeat sends none). */
const REFRESH_MS = 30_000;

/** GET /ocpp/stations/{id}/: online, last heartbeat, boot data and each connector's OCPP status. */
export const useChargePointState = (stationId: number) =>
  useQuery({
    queryKey: chargePointKeys.state(stationId),
    queryFn: ({ signal }) => api.get<TChargePointState>(`/ocpp/stations/${stationId}/`, { signal }),
    refetchInterval: REFRESH_MS,
  });

/** GET /ocpp/stations/{id}/commands/: the command log, newest first. */
export const useChargePointCommands = (stationId: number, page: number, size = 10) =>
  useQuery({
    queryKey: chargePointKeys.commands(stationId, page),
    queryFn: ({ signal }) =>
      api.get<TPaged<TChargePointCommandEntry>>(`/ocpp/stations/${stationId}/commands/`, {
        signal,
        query: { page, size },
      }),
    placeholderData: keepPreviousData,
  });

const RETRY_MS = 3_000;

/** Reads `data:` lines of an event stream, calling `onEvent` with each parsed event. */
const readEvents = async (body: ReadableStream<Uint8Array>, onEvent: (event: TChargePointEvent) => void) => {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      return;
    }
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of block.split('\n')) {
        if (line.startsWith('data: ')) {
          try {
            onEvent(JSON.parse(line.slice(6)) as TChargePointEvent);
          } catch {
            // a damaged event is skipped
          }
        }
      }
      end = buffer.indexOf('\n\n');
    }
  }
};

/**
 * Live status: GET /ocpp/events/ as server-sent events (read with fetch, which can send the access token), each event
 * invalidating that station's state and command log in TanStack Query. Reconnects after a drop.
 */
export const useLiveChargePoints = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    let isStopped = false;
    const onEvent = (event: TChargePointEvent) => {
      void queryClient.invalidateQueries({ queryKey: chargePointKeys.state(event.station_id) });
      void queryClient.invalidateQueries({ queryKey: chargePointKeys.stationCommands(event.station_id) });
    };
    const run = async () => {
      while (!isStopped) {
        try {
          const token = sessionStore.get()?.access;
          const response = await window.fetch(`${API_BASE}/ocpp/events/`, {
            headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            signal: controller.signal,
          });
          if (response.ok && response.body) {
            await readEvents(response.body, onEvent);
          }
        } catch {
          // dropped or aborted: tried again below unless stopped
        }
        if (!isStopped) {
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    };
    void run();
    return () => {
      isStopped = true;
      controller.abort();
    };
  }, [queryClient]);
};
