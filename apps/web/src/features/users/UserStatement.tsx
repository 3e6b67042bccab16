import { DEFAULT_PAGE_SIZE, type TBalanceEntry } from '@zaryad/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/DataTable';
import { usePayments } from '@/features/users/api';
import { useEntryColumns } from '@/features/users/useEntryColumns';

/** One user's statement on their page, newest first; its paging is the tab's own, not the URL's. */
export const UserStatement = ({ userId }: { userId: number }) => {
  const { t } = useTranslation('users');
  const [paging, setPaging] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  const entries = usePayments({ search_by_user_id: userId, ...paging });
  const columns = useEntryColumns({ withUser: false });
  return (
    <DataTable<TBalanceEntry>
      aria-label={t('details.statement')}
      columns={columns}
      data={entries.data}
      loading={entries.isFetching}
      error={entries.isError ? entries.error : undefined}
      rowKey="id"
      page={paging.page}
      size={paging.size}
      onPageChange={(page, size) => setPaging({ page, size })}
      tableProps={{ scroll: { x: 'max-content' } }}
    />
  );
};
