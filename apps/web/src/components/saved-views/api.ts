import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSavedView, TSavedViewCreateBody, TSavedViewList, TSavedViewUpdateBody } from '@zaryad/contracts';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';

const PATH = '/saved-views/';
const keys = queryKeys.savedViews;

/** A list's views the account may apply: its own, then the shared ones (docs/product/search.md#saved-views). */
export const useSavedViews = (list: TSavedViewList) =>
  useQuery({
    queryKey: keys.list({ list }),
    queryFn: ({ signal }) => api.get<TSavedView[]>(PATH, { query: { list }, signal }),
  });

/** Create, change and delete, each refreshing the list's views. */
export const useSavedViewChanges = (list: TSavedViewList) => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.list({ list }) });
  const create = useMutation({
    mutationFn: (body: TSavedViewCreateBody) => api.post<TSavedView>(PATH, body),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: TSavedViewUpdateBody }) =>
      api.patch<TSavedView>(`${PATH}${id}/`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<null>(`${PATH}${id}/`),
    onSuccess: refresh,
  });
  return { create, update, remove };
};
