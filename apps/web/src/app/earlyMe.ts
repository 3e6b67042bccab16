import type { TMe } from '@zaryad/contracts';
import { api } from '@/lib/apiClient';

/**
 * `/accounts/me/`, asked by main.tsx as soon as the texts are in, while the signed-in layout's and the screen's chunks
 * still load. Nothing below the layout renders before it answers (AppLayout's PermissionsFromMe), so asked by the
 * layout itself it added a round trip and the server's time before the screen's own request (issue 18: on a phone,
 * the merchants list's rows waited for it). useMe takes the answer once; later reads ask the server again.
 */
let earlyMe: Promise<TMe> | undefined;

export const startEarlyMe = () => {
  earlyMe = api.get<TMe>('/accounts/me/');
  // A failure is useMe's to report (its query retries with a request of its own); here it must not go unhandled.
  earlyMe.catch(() => undefined);
};

export const takeEarlyMe = (): Promise<TMe> | undefined => {
  const answer = earlyMe;
  earlyMe = undefined;
  return answer;
};
