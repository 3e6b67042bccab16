import type { UseQueryResult } from '@tanstack/react-query';
import type { TPaged, TPermissionDomain } from '@zaryad/contracts';
import { App } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TStatusRecord } from '@/components/bulk-status/bulkStatus';
import type { TFilterShape } from '@/components/data-table/listParams';
import { type TListPageHooks, type TUrlQuery, useListPage } from '@/components/list-page/useListPage';

type TTabListPageOptions<TTab extends string, TRow extends TStatusRecord, TShape extends TFilterShape> = {
  tab: TTab;
  /** The item just edited: it leaves this list (docs/product/common.md#4-states-and-rules). */
  hiddenId: number | null;
  /** The list's URL filters; declare it at module level. */
  filters: TShape;
  /** The domain's hooks (status, delete); their list is replaced by the tab's. */
  hooks: TListPageHooks<TRow, TShape>;
  /** One tab's page (`useBannerTabList`); a module-level hook. */
  useTabList: (tab: TTab, query: TUrlQuery<TShape>, hiddenId: number | null) => UseQueryResult<TPaged<TRow>>;
  permission: TPermissionDomain;
};

/**
 * One tab of a tabbed list (promotions, banners): the list page's state on the tab's page, `openForm`, which opens a
 * form that comes back to this tab, page and filters (`useBackToList`), and `deleteRow`, which says so once done.
 */
export const useTabListPage = <TTab extends string, TRow extends TStatusRecord, TShape extends TFilterShape>({
  tab,
  hiddenId,
  filters,
  hooks,
  useTabList,
  permission,
}: TTabListPageOptions<TTab, TRow, TShape>) => {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { search } = useLocation();
  const tabHooks = useMemo<TListPageHooks<TRow, TShape>>(
    () => ({ ...hooks, useList: (query) => useTabList(tab, query, hiddenId) }),
    [hooks, useTabList, tab, hiddenId],
  );
  const state = useListPage({ filters, hooks: tabHooks, permission });
  return {
    state,
    openForm: (path: string) => void navigate(path, { state: { back: search } }),
    deleteRow: async (row: TRow, doneMessage: string) => {
      await state.deleteRow(row);
      void message.success(doneMessage);
    },
  };
};

/** The list's URL a form was opened from (`listPath` with its tab, page and filters), else `listPath` + `fallback`. */
export const useBackToList = (listPath: string, fallback = '') => {
  const state = useLocation().state as { back?: unknown } | null;
  const back = typeof state?.back === 'string' && state.back.startsWith('?') ? state.back : '';
  return `${listPath}${back || fallback}`;
};
