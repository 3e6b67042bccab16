import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAppSession } from '@zaryad/contracts/app';
import { useEffect, useState } from 'react';
import { chargingKeys, fetchSession, POLL_MS } from '@/features/charging/api';
import { readSessionStream } from '@/features/charging/sessionStream';

/** After the stream failed or ended, how long the screen polls before it opens the stream again. */
const STREAM_RETRY_MS = 15_000;

/**
 * The driver's session, live: the server's event stream writes each new session into the query's cache; without the
 * stream (it failed, ended, or never opened) the query polls GET /charging/ every 3 s. Each new session asks the
 * balance again, since its hold follows the running charges.
 */
export const useLiveSession = () => {
  const client = useQueryClient();
  const [isStreaming, setStreaming] = useState(false);
  const session = useQuery({
    queryKey: chargingKeys.session,
    queryFn: ({ signal }) => fetchSession(signal),
    refetchInterval: isStreaming ? false : POLL_MS,
  });

  useEffect(() => {
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = async () => {
      try {
        await readSessionStream((next: TAppSession) => {
          setStreaming(true);
          client.setQueryData(chargingKeys.session, next);
        }, controller.signal);
      } catch {
        // Polling takes over below; a failed stream is not the driver's concern.
      }
      if (controller.signal.aborted) {
        return;
      }
      setStreaming(false);
      retry = setTimeout(() => void open(), STREAM_RETRY_MS);
    };
    void open();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [client]);

  useEffect(() => {
    if (session.dataUpdatedAt > 0) {
      void client.invalidateQueries({ queryKey: chargingKeys.balance });
    }
  }, [client, session.dataUpdatedAt]);

  return { session, isStreaming };
};
