import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  TAccount,
  TLoginBody,
  TPasswordResetConfirmBody,
  TPasswordResetRequestBody,
  TTokenPair,
} from '@zaryad/contracts';
import { api } from '@/lib/apiClient';
import { sessionStore } from '@/lib/session';

type TDetail = { detail: string };

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** The signed-in manager, for the header label. */
export const useMe = () =>
  useQuery({ queryKey: authKeys.me(), queryFn: ({ signal }) => api.get<TAccount>('/accounts/me/', { signal }) });

/** Signs in and keeps the tokens; the app then switches to the signed-in router. */
export const useLogin = () =>
  useMutation({
    mutationFn: (body: TLoginBody) => api.post<TTokenPair>('/accounts/login/', body),
    onSuccess: (tokens) => {
      sessionStore.set(tokens);
    },
  });

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: TPasswordResetRequestBody) => api.post<TDetail>('/accounts/password-reset/', body),
  });

export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: (body: TPasswordResetConfirmBody) => api.post<TDetail>('/accounts/password-reset/confirm/', body),
  });

/** Revokes the refresh token on the server. Best effort: the local session is cleared whatever happens. */
export const revokeSession = async (refresh: string, timeoutMs = 3000): Promise<void> => {
  try {
    await api.post<undefined>('/accounts/logout/', { refresh }, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    // Offline or already revoked: nothing more to do, the tokens are dropped locally anyway.
  }
};
