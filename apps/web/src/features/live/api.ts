import type { TLiveDelta, TLiveSnapshot } from '@zaryad/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/apiClient';
import { applyDelta, fromSnapshot, type TLiveBoard } from '@/features/live/liveBoard';
import { readEventStream } from '@/lib/eventStream';

const RETRY_MS = 3_000;
/**
 * A station that goes silent sends nothing (its missed heartbeats are found by the time, not by a message): the snapshot
 * is read again now and then, as after every reconnect.
 */
export const SNAPSHOT_REFRESH_MS = 5 * 60_000;


export type TLiveConnection = 'connecting' | 'live' | 'reconnecting';

/**
 * The live board: GET /live/events/ opened first, then GET /live/ read; the events that arrive meanwhile are applied
 * after it when newer than it. Each later event is applied as it comes, without reading the snapshot again; the
 * snapshot is read again after a reconnect and every SNAPSHOT_REFRESH_MS. Names follow the interface language.
 */
export const useLiveBoard = () => {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [board, setBoard] = useState<TLiveBoard | null>(null);
  const [connection, setConnection] = useState<TLiveConnection>('connecting');
  const [isFailed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let isStopped = false;
    let current: TLiveBoard | null = null;
    let waiting: TLiveDelta[] | null = [];

    const loadSnapshot = async () => {
      waiting ??= [];
      try {
        const snapshot = await api.get<TLiveSnapshot>('/live/', { signal: controller.signal });
        let next = fromSnapshot(snapshot);
        for (const delta of waiting ?? []) {
          if (delta.at >= snapshot.at) {
            next = applyDelta(next, delta);
          }
        }
        waiting = null;
        current = next;
        setBoard(next);
        setFailed(false);
      } catch {
        if (!isStopped) {
          setFailed(current === null);
        }
      }
    };

    const onEvent = (delta: TLiveDelta) => {
      if (waiting || !current) {
        waiting?.push(delta);
        return;
      }
      current = applyDelta(current, delta);
      setBoard(current);
    };

    const run = async () => {
      while (!isStopped) {
        try {
          const response = await api.open('/live/events/', {
            headers: { Accept: 'text/event-stream' },
            signal: controller.signal,
          });
          if (response.body) {
            setConnection('live');
            void loadSnapshot();
            await readEventStream<TLiveDelta>(response.body, onEvent);
          }
        } catch {
          // dropped, refused or aborted: tried again below unless stopped; a board never shown says so
          if (!isStopped && current === null) {
            setFailed(true);
          }
        }
        if (!isStopped) {
          setConnection('reconnecting');
          waiting = [];
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    };
    void run();
    const refresh = setInterval(() => void loadSnapshot(), SNAPSHOT_REFRESH_MS);
    return () => {
      isStopped = true;
      clearInterval(refresh);
      controller.abort();
    };
  }, [language]);

  return { board, connection, isFailed };
};
