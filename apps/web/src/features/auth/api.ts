import type { TLoginBody, TPasswordResetConfirmBody, TPasswordResetRequestBody, TTokenPair } from '@zaryad/contracts';
import { api } from '@/lib/apiClient';

/**
 * The signed-out screens' calls, as plain functions: they are the app's first download, and TanStack Query
 * (the signed-in app's, see app/layout/useMe.ts) would add ~12 KB gzip to it. Screens hold the state of a
 * call with `useSubmit`.
 */
type TDetail = { detail: string };

/** Exchanges the credentials for a token pair; the login screen keeps it in the session. */
export const login = (body: TLoginBody) => api.post<TTokenPair>('/accounts/login/', body);

export const requestPasswordReset = (body: TPasswordResetRequestBody) =>
  api.post<TDetail>('/accounts/password-reset/', body);

export const confirmPasswordReset = (body: TPasswordResetConfirmBody) =>
  api.post<TDetail>('/accounts/password-reset/confirm/', body);

/** Revokes the refresh token on the server. Best effort: the local session is cleared whatever happens. */
export const revokeSession = async (refresh: string, timeoutMs = 3000): Promise<void> => {
  try {
    await api.post<undefined>('/accounts/logout/', { refresh }, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    // Offline or already revoked: nothing more to do, the tokens are dropped locally anyway.
  }
};
