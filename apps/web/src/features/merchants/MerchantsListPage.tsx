import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TMerchantRow, TPaged } from '@zaryad/contracts';
import { Button } from 'antd';
import { useRowSelection } from '@/components/data-table/useRowSelection';
import { StatusFilter, STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BulkStatusButton, DataTable, ListToolbar, SearchInput, mergeIntoPage, useListParams } from '@/components';
import { merchantKeys, useMerchants, useSetMerchantsStatus } from '@/features/merchants/api';
import { useMerchantColumns } from '@/features/merchants/useMerchantColumns';

/** `/merchants`: search, status filter, paging, bulk status and the create button. */
export const MerchantsListPage = () => {
  const { t } = useTranslation(['merchants', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListParams(STATUS_FILTERS);
  const merchants = useMerchants(list.query);
  const setStatus = useSetMerchantsStatus();
  const columns = useMerchantColumns();
  const { selected, setSelected, selection } = useRowSelection<TMerchantRow>();

  const onStatusChanged = (updated: TMerchantRow[]) => {
    queryClient.setQueryData<TPaged<TMerchantRow>>(merchantKeys.list(list.query), mergeIntoPage(updated));
    setSelected([]);
  };

  return (
    <>
      <ListToolbar
        actions={
          <>
            <BulkStatusButton
              selected={selected}
              onConfirm={(body) => setStatus.mutateAsync(body)}
              onSuccess={onStatusChanged}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/create-edit-merchant')}>
              {t('list.create')}
            </Button>
          </>
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder={t('list.search')} width={320} />
        <StatusFilter value={list.draftFilters.active} onChange={(active) => list.setFilter('active', active)} />
      </ListToolbar>
      <DataTable<TMerchantRow>
        aria-label={t('list.title')}
        columns={columns}
        data={merchants.data}
        loading={merchants.isFetching}
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
