import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_LIST_SETTINGS, type TListName, type TListSettings, type TListSettingsBody } from '@zaryad/contracts';
import { useCallback, useMemo } from 'react';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';

/** The signed-in account's settings of one list (docs/product/accounts.md, "List settings"). */
export const listSettingsPath = (list: TListName) => `/accounts/settings/lists/${list}/`;

export type TColumnSettingsState = {
  /** The list's name on the server (`charges`, `users`...); undefined for a list that keeps no settings. */
  list: TListName | undefined;
  /**
   * The settings in force: the saved ones, else the defaults (`columns: []`: every column at its declared place,
   * details hidden; `density: 'comfortable'`). While they load, and when they cannot be read, the defaults.
   */
  settings: TListSettingsBody;
  /** The account saved settings for this list (a reset saves the defaults, and they count as saved). */
  isSaved: boolean;
  /** The first read is under way: a list may wait for it before drawing, to avoid a jump of columns. */
  isLoading: boolean;
  /**
   * Saves new settings: shown at once (optimistic), then on the server; a refusal restores what was there and
   * rejects. Saved views (issue 33, item 7) apply their columns and density through it.
   */
  save: (settings: TListSettingsBody) => Promise<TListSettings>;
  /** Back to the list's defaults (saved, so another computer sees it too). */
  reset: () => Promise<TListSettings>;
  /** A save is under way. */
  isSaving: boolean;
};

/**
 * The column settings (order, visibility, density) of one list, kept on the server per account so that they follow
 * the operator to another computer. Read with `arrangeColumns(columns, state.settings)` (`columnPriority.ts`);
 * `<ListPage listName>` and `<ColumnSettings>` do it for a list screen.
 */
export const useColumnSettings = (list: TListName | undefined): TColumnSettingsState => {
  const queryClient = useQueryClient();
  const key = queryKeys.listSettings.one(list ?? '');
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<TListSettings>(listSettingsPath(list as TListName), { signal }),
    // A list without a name (a small table inside a record) keeps its defaults and reads nothing.
    enabled: list !== undefined,
    // Changed only by this account, through this hook: no need to read them again while the app runs.
    staleTime: Infinity,
    retry: 1,
  });
  const mutation = useMutation({
    mutationFn: (body: TListSettingsBody) => {
      if (list === undefined) {
        return Promise.reject(new Error('This list keeps no settings.'));
      }
      return api.put<TListSettings>(listSettingsPath(list), body);
    },
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TListSettings>(key);
      queryClient.setQueryData<TListSettings>(key, {
        list: list as TListName,
        updated_at: before?.updated_at ?? null,
        ...body,
      });
      return { before };
    },
    onError: (_error, _body, context) => {
      queryClient.setQueryData(key, context?.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
    },
  });
  const { mutateAsync } = mutation;
  const save = useCallback((body: TListSettingsBody) => mutateAsync(body), [mutateAsync]);
  const reset = useCallback(() => mutateAsync(DEFAULT_LIST_SETTINGS), [mutateAsync]);
  const data = query.data;
  const settings = useMemo<TListSettingsBody>(
    () => (data ? { columns: data.columns, density: data.density } : DEFAULT_LIST_SETTINGS),
    [data],
  );

  return {
    list,
    settings,
    isSaved: Boolean(data?.updated_at),
    isLoading: list !== undefined && query.isPending,
    save,
    reset,
    isSaving: mutation.isPending,
  };
};
