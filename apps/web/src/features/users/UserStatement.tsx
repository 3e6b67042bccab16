import { DEFAULT_PAGE_SIZE, type TBalanceEntry } from '@zaryad/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/DataTable';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { usePayments } from '@/features/users/api';
import { useEntryColumns } from '@/features/users/useEntryColumns';

type TUserStatementProps = {
  userId: number;
  /** Opens the top-up, for an account that may top up: an empty statement then offers it. */
  onTopUp?: () => void;
};

/** One user's statement on their page, newest first; its paging is the tab's own, not the URL's. */
export const UserStatement = ({ userId, onTopUp }: TUserStatementProps) => {
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
      // No entry yet: what comes here, and the top-up that adds the first (docs/product/users.md#2-screens).
      empty={
        <EmptyState
          kind="none"
          compact
          title={t('details.statementEmpty')}
          description={t(onTopUp ? 'details.statementEmptyTopUp' : 'details.statementEmptyText')}
          create={onTopUp && { label: t('topUp.action'), onClick: onTopUp }}
        />
      }
    />
  );
};
