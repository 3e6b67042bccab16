import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAppProfile } from '@zaryad/contracts/app';
import { api } from '@/lib/api';
import type { TLanguage } from '@/lib/language';
import { writeSession } from '@/lib/session';

export const profileKeys = { me: ['me'] as const };

/** What the profile form sends (PATCH /me/): the server checks each field and words its errors. */
export type TProfileChanges = {
  name: string;
  email: string;
  gender: 'male' | 'female' | null;
  birthday: string | null;
  car: { make: string; model: string; year: number | string | null; color: string };
  driver_licence: string;
};

export const useProfile = () =>
  useQuery({ queryKey: profileKeys.me, queryFn: ({ signal }) => api.get<TAppProfile>('/me/', { signal }) });

export const useSaveProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TProfileChanges) => api.patch<TAppProfile>('/me/', changes),
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.me, profile),
  });
};

/** Keeps the app's language on the account; a failure only means the server keeps the old one for its messages. */
export const useSaveLanguage = () => {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (language: TLanguage) => api.patch<TAppProfile>('/me/', { language }),
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.me, profile),
  });
  return mutate;
};

/** Ends the sign-in here and forgets every answer of this driver. */
const useEndSession = () => {
  const queryClient = useQueryClient();
  return () => {
    writeSession(null);
    queryClient.clear();
  };
};

export const useSignOut = () => {
  const endSession = useEndSession();
  return async () => {
    try {
      await api.post('/auth/logout/');
    } catch {
      // Signed out here whatever the server says: its refresh token dies with the session anyway.
    } finally {
      endSession();
    }
  };
};

/** DELETE /me/: the account is wiped and every sign-in ended, this one too. */
export const useDeleteAccount = () => {
  const endSession = useEndSession();
  return useMutation({ mutationFn: () => api.delete<{ detail: string }>('/me/'), onSuccess: endSession });
};
