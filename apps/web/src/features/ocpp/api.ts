import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPaged, TUserRow } from '@zaryad/contracts';
import type {
  TBulkCommandBody,
  TBulkCommandResult,
  TChargePointCommandBody,
  TChargePointCommandEntry,
  TChargePointCommandResult,
  TChargePointEvent,
  TSendFullListResult,
} from '@zaryad/contracts/ocpp';
import type { TLocalListState, TReservation, TReservationBody, TReservationResult } from '@zaryad/contracts/ocpp-auth';
import type { TDiagnosticsFile, TFirmwareDiagnosticsProgress, TFirmwareFile } from '@zaryad/contracts/ocpp-firmware';
import { useEffect } from 'react';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { API_BASE } from '@/lib/api';
import { api } from '@/lib/apiClient';
import { sessionStore } from '@/lib/session';
import { createStateBatch } from '@/features/ocpp/stateBatch';
import { readEventStream } from '@/lib/eventStream';

/** Charge points' live state and command log, kept fresh by the server's events (useLiveChargePoints). */
export const chargePointKeys = queryKeys.ocpp;

/** Online is derived from the time: read again now and then even without events (a missed heartbeat sends none). */
const REFRESH_MS = 30_000;

/** Every state asked in one tick is one GET /ocpp/stations/?ids= (stateBatch.ts). */
const states = createStateBatch(api);

/** A station's charge point: online, last heartbeat, boot data and each connector's OCPP status. */
export const useChargePointState = (stationId: number) =>
  useQuery({
    queryKey: chargePointKeys.state(stationId),
    queryFn: () => states.load(stationId),
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

/**
 * Live status: GET /ocpp/events/ as server-sent events (read with fetch, which can send the access token), each event
 * invalidating that station's state and command log in TanStack Query. Reconnects after a drop; every station's state
 * is read again each time the stream opens.
 */
export const useLiveChargePoints = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    let isStopped = false;
    const onEvent = (event: TChargePointEvent) => {
      void queryClient.invalidateQueries({ queryKey: chargePointKeys.state(event.station_id) });
      void queryClient.invalidateQueries({ queryKey: chargePointKeys.stationCommands(event.station_id) });
      void queryClient.invalidateQueries({ queryKey: chargePointKeys.progress(event.station_id) });
      void queryClient.invalidateQueries({ queryKey: chargePointKeys.of('diagnostics', event.station_id) });
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
            // A change told while the stream was not open yet (between a screen's first read and this moment, or
            // during a drop) was told to nobody: what is on screen is read again once the stream listens.
            void queryClient.invalidateQueries({ queryKey: chargePointKeys.of('state') });
            await readEventStream<TChargePointEvent>(response.body, onEvent);
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

/** POST /ocpp/stations/{id}/commands/: one command, its answer; the log is read again whatever came of it. */
export const useSendCommand = (stationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChargePointCommandBody) =>
      api.post<TChargePointCommandResult>(`/ocpp/stations/${stationId}/commands/`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.stationCommands(stationId) }),
  });
};

/** POST /ocpp/commands/bulk/: one action to the charge points of many stations, what each came to. */
export const useBulkCommand = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkCommandBody) => api.post<TBulkCommandResult>('/ocpp/commands/bulk/', body),
    onSettled: (_data, _error, body) => {
      for (const stationId of body.station_ids) {
        void queryClient.invalidateQueries({ queryKey: chargePointKeys.stationCommands(stationId) });
      }
    },
  });
};

/** POST /ocpp/stations/{id}/local-list/send-full/: the network's whole list to the charge point. */
export const useSendFullLocalList = (stationId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TSendFullListResult>(`/ocpp/stations/${stationId}/local-list/send-full/`, {}),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: chargePointKeys.localList(stationId) });
      void queryClient.invalidateQueries({ queryKey: chargePointKeys.stationCommands(stationId) });
    },
  });
};

/** GET /ocpp/firmware/: the uploaded firmware files, newest first (the first 100: the select's choices). */
export const useFirmwareFiles = () =>
  useQuery({
    queryKey: chargePointKeys.firmware(1),
    queryFn: ({ signal }) =>
      api.get<TPaged<TFirmwareFile>>('/ocpp/firmware/', { signal, query: { page: 1, size: 100 } }),
  });

/** POST /ocpp/firmware/ (multipart `file`, `version`): the new file joins the choices. */
export const useUploadFirmware = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, version }: { file: File; version?: string }) => {
      const body = new FormData();
      if (version) {
        body.append('version', version);
      }
      body.append('file', file);
      return api.post<TFirmwareFile>('/ocpp/firmware/', body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.of('firmware') }),
  });
};

/** GET /ocpp/stations/{id}/firmware-diagnostics/: the progress lines; the station's live events read it again. */
export const useFirmwareProgress = (stationId: number) =>
  useQuery({
    queryKey: chargePointKeys.progress(stationId),
    queryFn: ({ signal }) =>
      api.get<TFirmwareDiagnosticsProgress>(`/ocpp/stations/${stationId}/firmware-diagnostics/`, { signal }),
  });

/** GET /ocpp/stations/{id}/diagnostics/: the files its charge point uploaded, newest first. */
export const useDiagnosticsFiles = (stationId: number, page: number) =>
  useQuery({
    queryKey: chargePointKeys.diagnostics(stationId, page),
    queryFn: ({ signal }) =>
      api.get<TPaged<TDiagnosticsFile>>(`/ocpp/stations/${stationId}/diagnostics/`, {
        signal,
        query: { page, size: 5 },
      }),
    placeholderData: keepPreviousData,
  });

/** GET /ocpp/stations/{id}/local-list/: where its charge point stands with the network's list. */
export const useLocalListState = (stationId: number) =>
  useQuery({
    queryKey: chargePointKeys.localList(stationId),
    queryFn: ({ signal }) => api.get<TLocalListState>(`/ocpp/stations/${stationId}/local-list/`, { signal }),
  });

/** GET /ocpp/stations/{id}/reservations/: the newest 20. */
export const useReservations = (stationId: number) =>
  useQuery({
    queryKey: chargePointKeys.reservations(stationId),
    queryFn: ({ signal }) =>
      api.get<TPaged<TReservation>>(`/ocpp/stations/${stationId}/reservations/`, {
        signal,
        query: { page: 1, size: 20 },
      }),
  });

/** POST /ocpp/stations/{id}/reservations/ (ReserveNow) and .../{reservation}/cancel/ (CancelReservation). */
export const useReservationActions = (stationId: number) => {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chargePointKeys.reservations(stationId) }),
      queryClient.invalidateQueries({ queryKey: chargePointKeys.stationCommands(stationId) }),
    ]);
  return {
    reserve: useMutation({
      mutationFn: (body: TReservationBody) =>
        api.post<TReservationResult>(`/ocpp/stations/${stationId}/reservations/`, body),
      onSettled,
    }),
    cancel: useMutation({
      mutationFn: (reservationId: number) =>
        api.post<TReservationResult>(`/ocpp/stations/${stationId}/reservations/${reservationId}/cancel/`),
      onSettled,
    }),
  };
};

/** The drivers a remote start or a reservation may name: app users found by name, phone, email or account. */
export const useDriverOptions = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: chargePointKeys.drivers(search),
    queryFn: ({ signal }) =>
      api.get<TPaged<TUserRow>>('/users/', { signal, query: { search, page: 1, size: 20, active: true } }),
    enabled,
    placeholderData: keepPreviousData,
  });
