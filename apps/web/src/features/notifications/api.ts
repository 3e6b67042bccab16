import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationPage } from '@zaryad/contracts/notifications';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { API_BASE } from '@/lib/api';
import { api } from '@/lib/apiClient';
import { sessionStore } from '@/lib/session';
import { readEventStream } from '@/lib/eventStream';

export const notificationKeys = queryKeys.notifications;

/** The bell's page: the newest notifications and the unread count. */
export const BELL_PAGE_SIZE = 10;

/** GET /notifications/: the newest ones and the account's unread count (the badge). */
export const useBellNotifications = (isEnabled = true) =>
  useQuery({
    enabled: isEnabled,
    queryKey: notificationKeys.list({ size: BELL_PAGE_SIZE }),
    queryFn: ({ signal }) => api.get<TNotificationPage>('/notifications/', { signal, query: { size: BELL_PAGE_SIZE } }),
    // The stream says when something new comes; a slow poll covers a dropped stream.
    refetchInterval: 120_000,
  });

/** POST /notifications/read/: the given ones, or all of them; the bell's list is read again. */
export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[] } | { all: true }) =>
      api.post<{ updated: number; unread: number }>('/notifications/read/', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
};

const RETRY_MS = 3_000;


/**
 * GET /notifications/events/ as server-sent events (read with fetch, which can send the access token): each new
 * notification reloads the bell and is handed to `onNotification` (the toast of a critical one). Reconnects after a
 * drop, in the language of the interface. Answers whether the stream is open now (the bell says so as `data-live`).
 */
export const useNotificationStream = (
  language: string,
  onNotification: (notification: TNotification) => void,
  isEnabled = true,
) => {
  const queryClient = useQueryClient();
  const handler = useRef(onNotification);
  handler.current = onNotification;
  const [isLive, setIsLive] = useState(false);
  useEffect(() => {
    if (!isEnabled) {
      return undefined;
    }
    const controller = new AbortController();
    let isStopped = false;
    const run = async () => {
      while (!isStopped) {
        try {
          const token = sessionStore.get()?.access;
          const response = await window.fetch(`${API_BASE}/notifications/events/`, {
            headers: {
              accept: 'text/event-stream',
              'accept-language': language,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            signal: controller.signal,
          });
          if (response.ok && response.body) {
            setIsLive(true);
            await readEventStream<TNotification>(response.body, (notification) => {
              void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
              handler.current(notification);
            });
          }
        } catch {
          // dropped or aborted: tried again below unless stopped
        }
        setIsLive(false);
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
  }, [queryClient, language, isEnabled]);
  return isLive;
};

/** Where a notification leads: the incidents screen with its incident open. */
export const incidentPath = (notification: Pick<TNotification, 'incident_id'>) =>
  notification.incident_id === null ? '/incidents' : `/incidents?id=${notification.incident_id}`;
