import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPaged } from '@zaryad/contracts';
import type { TQueryKeys } from '@/components/domain-hooks/queryKeys';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';

type TTabListOptions = {
  keys: Pick<TQueryKeys, 'list'>;
  /** The domain's list path (`/ads/banners/`). */
  path: string;
  /** The URL's query with the tab's own parameters (`{validity}`, `{type, archive}`). */
  query: object;
  /** The item just edited, which leaves the list it was in (docs/product/common.md#4-states-and-rules) until the list is visited again. */
  hiddenId: number | null;
};

/** One tab's page of a tabbed list (promotions, banners), under the domain's list keys. */
export const useTabList = <TItem extends { id: number }>({ keys, path, query, hiddenId }: TTabListOptions) =>
  useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TItem>>(path, { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
    select: (page: TPaged<TItem>) => {
      if (hiddenId === null || !page.items.some((item) => item.id === hiddenId)) {
        return page;
      }
      return { ...page, items: page.items.filter((item) => item.id !== hiddenId), total: page.total - 1 };
    },
  });
