import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TPaged, TStationRow } from '@zaryad/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BulkStatusButton, ListToolbar, mergeIntoPage, useListParams } from '@/components';
import { merchantKeys, useDeleteStation, useMerchantStations, useSetStationsStatus } from '@/features/merchants/api';
import { explainDeleteError } from '@/features/merchants/stationDelete';
import { StationsTable } from '@/features/merchants/StationsTable';

const NO_FILTERS = {};

/** The merchant detail's stations: table, bulk activate/deactivate with the selected count, add station. */
export const StationsSection = ({ merchantId }: { merchantId: number }) => {
  const { t } = useTranslation('merchants');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListParams(NO_FILTERS);
  const query = { merchant: merchantId, page: list.page, size: list.size };
  const stations = useMerchantStations(query);
  const setStatus = useSetStationsStatus(merchantId);
  const remove = useDeleteStation(merchantId);
  const [selected, setSelected] = useState<TStationRow[]>([]);

  const onStatusChanged = (updated: TStationRow[]) => {
    queryClient.setQueryData<TPaged<TStationRow>>(merchantKeys.stationPage(query), mergeIntoPage(updated));
    setSelected([]);
  };

  const onDelete = async (station: TStationRow) => {
    try {
      await remove.mutateAsync(station.id);
    } catch (error) {
      throw explainDeleteError(error);
    }
    setSelected((current) => current.filter((item) => item.id !== station.id));
    // SPEC.md section 7: after a delete the list reloads from page 1. From another page the move to page 1
    // fetches it; the pages left behind are only marked stale, not refetched for nothing.
    const isOnFirstPage = list.page === 1;
    await queryClient.invalidateQueries({
      queryKey: merchantKeys.stations(merchantId),
      refetchType: isOnFirstPage ? 'active' : 'none',
    });
    if (!isOnFirstPage) {
      list.setPage(1);
    }
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
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => void navigate(`/merchant/${merchantId}/create-station`)}
            >
              {t('stations.add')}
            </Button>
          </>
        }
      />
      <StationsTable
        merchantId={merchantId}
        data={stations.data}
        loading={stations.isFetching}
        page={list.page}
        size={list.size}
        onPageChange={list.setPage}
        selected={selected}
        onSelectedChange={setSelected}
        onDelete={onDelete}
      />
    </>
  );
};
