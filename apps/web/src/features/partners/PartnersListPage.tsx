import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TPaged, TRentalPartner } from '@zaryad/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useRowSelection } from '@/components/data-table/useRowSelection';
import { StatusFilter, STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { useTranslation } from 'react-i18next';
import { BulkStatusButton, DataTable, ListToolbar, SearchInput, mergeIntoPage, useListParams } from '@/components';
import { partnerKeys, usePartners, useSetPartnersStatus } from '@/features/partners/api';
import { PartnerDrawer, type TPartnerDrawerState } from '@/features/partners/PartnerDrawer';
import { usePartnerColumns } from '@/features/partners/usePartnerColumns';

/** `/software-rental-partners`: search, status filter, paging, bulk status; create and edit in a drawer. */
export const PartnersListPage = () => {
  const { t } = useTranslation(['partners', 'kit']);
  const queryClient = useQueryClient();
  const list = useListParams(STATUS_FILTERS);
  const partners = usePartners(list.query);
  const setStatus = useSetPartnersStatus();
  const { selected, setSelected, selection } = useRowSelection<TRentalPartner>();
  const [drawer, setDrawer] = useState<TPartnerDrawerState>(null);
  const columns = usePartnerColumns((partner) => {
    setDrawer({ mode: 'edit', partner });
  });

  const onStatusChanged = (updated: TRentalPartner[]) => {
    queryClient.setQueryData<TPaged<TRentalPartner>>(partnerKeys.list(list.query), mergeIntoPage(updated));
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
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ mode: 'create' })}>
              {t('list.create')}
            </Button>
          </>
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder={t('list.search')} width={360} />
        <StatusFilter value={list.draftFilters.active} onChange={(active) => list.setFilter('active', active)} />
      </ListToolbar>
      <DataTable<TRentalPartner>
        aria-label={t('list.title')}
        columns={columns}
        data={partners.data}
        loading={partners.isFetching}
        rowKey="id"
        page={list.page}
        size={list.size}
        onPageChange={list.setPage}
        selection={selection}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      <PartnerDrawer
        state={drawer}
        onClose={() => {
          setDrawer(null);
        }}
      />
    </>
  );
};
