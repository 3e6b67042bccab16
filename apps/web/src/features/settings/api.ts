import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAccountSettings, TAccountSettingsUpdateBody, TScheduledJobList } from '@zaryad/contracts';
import { api } from '@/lib/apiClient';
import { queryKeys } from '@/components/domain-hooks/queryKeys';

const PATH = '/accounts/settings/';

export const settingsKeys = queryKeys.settings;

export const useAccountSettings = () =>
  useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => api.get<TAccountSettings>(PATH, { signal }),
  });

export const useUpdateAccountSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAccountSettingsUpdateBody) => api.patch<TAccountSettings>(PATH, body),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.all, settings);
    },
  });
};

/** GET /system/jobs/: the scheduled jobs, failing ones first (an account with roles.manage). */
export const useScheduledJobs = () =>
  useQuery({
    queryKey: queryKeys.systemJobs.all,
    queryFn: ({ signal }) => api.get<TScheduledJobList>('/system/jobs/', { signal }),
  });
