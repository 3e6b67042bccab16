import type { UseQueryResult } from '@tanstack/react-query';
import type { TPaged } from '@zaryad/contracts';
import type { TDataTableProps } from '@/components/data-table/DataTable';

type TPagedTableProps<T extends object> = Pick<
  TDataTableProps<T>,
  'data' | 'loading' | 'error' | 'page' | 'size' | 'onPageChange'
>;

/**
 * What a server-paged DataTable takes from its list's URL state (`useListParams`) and its page query: the rows, the
 * loading and error states, and the paging: `<DataTable columns={…} rowKey="id" {...pagedTableProps(list, rows)} />`.
 */
export const pagedTableProps = <T extends object>(
  list: { page: number; size: number; setPage: (page: number, size: number) => void },
  rows: Pick<UseQueryResult<TPaged<T>>, 'data' | 'isFetching' | 'isError' | 'error'>,
): TPagedTableProps<T> => ({
  data: rows.data,
  loading: rows.isFetching,
  error: rows.isError ? rows.error : undefined,
  page: list.page,
  size: list.size,
  onPageChange: list.setPage,
});
