import type { TAppSession } from '@zaryad/contracts/app';
import { API_BASE } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';
import { readSession } from '@/lib/session';

/**
 * GET /charging/events/ read as a stream: EventSource cannot send the Authorization header, so fetch and a reader.
 * Each event is `data: <the session as JSON>` (at once, then on every change). Resolves when the server ends the
 * stream; rejects when it cannot be opened (offline, an expired token, no stream support): the caller then polls.
 */
export const readSessionStream = async (onSession: (session: TAppSession) => void, signal: AbortSignal) => {
  const session = readSession();
  const response = await fetch(`${API_BASE}/charging/events/`, {
    headers: {
      accept: 'text/event-stream',
      'accept-language': currentLanguage(),
      ...(session && { authorization: `Bearer ${session.access}` }),
    },
    cache: 'no-store',
    signal,
  });
  if (!response.ok || !response.body) {
    throw new Error(`HTTP ${response.status}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      return;
    }
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const data = dataOf(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (data) {
        onSession(JSON.parse(data) as TAppSession);
      }
      end = buffer.indexOf('\n\n');
    }
  }
};

/** The `data:` lines of one event, joined as the event-stream format says; comments and other fields are skipped. */
const dataOf = (event: string) =>
  event
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
    .join('\n');
