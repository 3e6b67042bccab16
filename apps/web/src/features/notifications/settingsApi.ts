import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPaged } from '@zaryad/contracts';
import type {
  TNotificationPreferences,
  TNotificationPreferencesBody,
  TTelegramLink,
  TWebhook,
  TWebhookBody,
  TWebhookDelivery,
} from '@zaryad/contracts/notifications';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';

const notificationKeys = queryKeys.notifications;
export const webhookKeys = queryKeys.webhooks;

/** GET /notifications/preferences/ */
export const usePreferences = () =>
  useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => api.get<TNotificationPreferences>('/notifications/preferences/', { signal }),
  });

/** PUT /notifications/preferences/ */
export const useSavePreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationPreferencesBody) =>
      api.put<TNotificationPreferences>('/notifications/preferences/', body),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
};

/** POST /notifications/telegram/link/: a new one-time code. */
export const useTelegramLink = () =>
  useMutation({ mutationFn: () => api.post<TTelegramLink>('/notifications/telegram/link/', {}) });

/** DELETE /notifications/telegram/ */
export const useTelegramUnlink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>('/notifications/telegram/'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.preferences() }),
  });
};

/** The merchants to choose from (a network has far fewer than a page of 1,000). */
export const useMerchantChoices = (isEnabled: boolean) =>
  useQuery({
    queryKey: queryKeys.merchants.list({ size: 1000, for: 'notifications' }),
    queryFn: ({ signal }) =>
      api.get<TPaged<{ id: number; name: string }>>('/merchants/', { signal, query: { size: 1000 } }),
    enabled: isEnabled,
  });

/** GET /webhooks/ */
export const useWebhooks = () =>
  useQuery({
    queryKey: webhookKeys.lists(),
    queryFn: ({ signal }) => api.get<{ items: TWebhook[] }>('/webhooks/', { signal }),
  });

/** POST /webhooks/ or PUT /webhooks/{id}/ */
export const useSaveWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TWebhookBody }) =>
      id === null ? api.post<TWebhook>('/webhooks/', body) : api.put<TWebhook>(`/webhooks/${id}/`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

/** DELETE /webhooks/{id}/ */
export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/webhooks/${id}/`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

/** POST /webhooks/{id}/test/: a test delivery, queued; the log and the list are read again shortly after. */
export const useTestWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TWebhookDelivery & { detail: string }>(`/webhooks/${id}/test/`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

/** GET /webhooks/{id}/deliveries/: polled while a delivery is pending. */
export const useWebhookDeliveries = (id: number | null, page: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id ?? 0, page),
    queryFn: ({ signal }) =>
      api.get<TPaged<TWebhookDelivery>>(`/webhooks/${id}/deliveries/`, { signal, query: { page, size: 20 } }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'pending') ? 2000 : false),
  });
