import type { TMe } from '@zaryad/contracts';
import { api } from '@/lib/apiClient';
import { sessionStore } from '@/lib/session';

/**
 * `/accounts/me/`, asked by main.tsx as soon as the texts are in, while the signed-in layout's and the screen's chunks
 * still load. Nothing below the layout renders before it answers (AppLayout's PermissionsFromMe), so asked by the
 * layout itself it added a round trip and the server's time before the screen's own request (issue 18: on a phone,
 * the merchants list's rows waited for it). useMe takes the answer once; later reads ask the server again.
 *
 * The answer belongs to the sign-in it was asked with: when that session ends first (ended elsewhere, so the request
 * answers 401 and the refresh fails), it is dropped. Kept, the next sign-in's layout took it and showed its 401 as
 * "Unexpected application error … token invalid or expired" until a reload (issue 31).
 */
let earlyMe: Promise<TMe> | undefined;
let unsubscribe: (() => void) | undefined;

const forget = () => {
  earlyMe = undefined;
  unsubscribe?.();
  unsubscribe = undefined;
};

export const startEarlyMe = () => {
  forget();
  earlyMe = api.get<TMe>('/accounts/me/');
  // A failure is useMe's to report (its query retries with a request of its own); here it must not go unhandled.
  earlyMe.catch(() => undefined);
  // The API client clears the session before it rejects the request: the answer is gone before anyone could take it.
  unsubscribe = sessionStore.subscribe(() => {
    if (!sessionStore.get()) {
      forget();
    }
  });
};

export const takeEarlyMe = (): Promise<TMe> | undefined => {
  const answer = earlyMe;
  forget();
  return answer;
};
