import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TAccount, TPaged } from '@zaryad/contracts';
import { Button } from 'antd';
import { useRowSelection } from '@/components/data-table/useRowSelection';
import { StatusFilter, STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
// Kit pieces by file, not the '@/components' barrel: the barrel drags ImageUpload (cropper, slider,
// upload) into every screen that imports it, ~100 KB gzip.
import { BulkStatusButton } from '@/components/bulk-status/BulkStatusButton';
import { mergeIntoPage } from '@/components/bulk-status/bulkStatus';
import { DataTable } from '@/components/data-table/DataTable';
import { ListToolbar } from '@/components/data-table/ListToolbar';
import { SearchInput } from '@/components/data-table/SearchInput';
import { useListParams } from '@/components/data-table/useListParams';
import { useAccountColumns } from '@/features/accounts/useAccountColumns';
import { accountKeys, useAccounts, useSetAccountsStatus } from '@/features/accounts/api';

/** `/accounts`: search, status filter, paging, bulk block/unblock and the create button. */
export const AccountsListPage = () => {
  const { t } = useTranslation(['accounts', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListParams(STATUS_FILTERS);
  const accounts = useAccounts(list.query);
  const setStatus = useSetAccountsStatus();
  const columns = useAccountColumns();
  const { selected, setSelected, selection } = useRowSelection<TAccount>();

  const onStatusChanged = (updated: TAccount[]) => {
    queryClient.setQueryData<TPaged<TAccount>>(accountKeys.list(list.query), mergeIntoPage(updated));
    setSelected([]);
  };

  return (
    <>
      <ListToolbar
        actions={
          <>
            <BulkStatusButton
              wording="blocking"
              selected={selected}
              onConfirm={(body) => setStatus.mutateAsync(body)}
              onSuccess={onStatusChanged}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/accounts/create')}>
              {t('list.create')}
            </Button>
          </>
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder={t('list.search')} width={320} />
        <StatusFilter
          wording="blocking"
          value={list.draftFilters.active}
          onChange={(active) => list.setFilter('active', active)}
        />
      </ListToolbar>
      <DataTable<TAccount>
        aria-label={t('list.title')}
        columns={columns}
        data={accounts.data}
        loading={accounts.isFetching}
        rowKey="id"
        page={list.page}
        size={list.size}
        onPageChange={list.setPage}
        selection={selection}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
    </>
  );
};
