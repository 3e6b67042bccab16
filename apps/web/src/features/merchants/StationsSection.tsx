import type { TStationRow } from '@zaryad/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage, type TListPageHooks } from '@/components/list-page/useListPage';
import { useCan } from '@/components/permissions/permissions';
import { useDeleteStation, useMerchantStations, useSetStationsStatus } from '@/features/merchants/api';
import { useStationColumns } from '@/features/merchants/useStationColumns';
import { BulkChargePointActions } from '@/features/ocpp';

const NO_FILTERS = {};

/** The merchant's station calls, shaped for the list page: the URL's paging plus the merchant. */
const stationHooksOf = (merchantId: number): TListPageHooks<TStationRow, typeof NO_FILTERS> => ({
  useList: (query) => useMerchantStations({ merchant: merchantId, page: query.page, size: query.size }),
  useSetStatuses: () => useSetStationsStatus(merchantId),
  useDelete: () => useDeleteStation(merchantId),
});

/**
 * The merchant detail's stations: table, bulk activate/deactivate with the selected count, the selected stations' charge
 * point actions (reset, firmware, configuration) for a role that may send them, add station.
 */
export const StationsSection = ({ merchantId }: { merchantId: number }) => {
  const { t } = useTranslation('merchants');
  const navigate = useNavigate();
  const state = useListPage({
    filters: NO_FILTERS,
    hooks: stationHooksOf(merchantId),
    permission: 'stations',
    afterDelete: 'first-page',
  });
  const columns = useStationColumns(merchantId, state.deleteRow);
  const canReset = useCan('stations.reset');
  const canManage = useCan('stations.manage_charge_point');
  const canCommand = canReset || canManage;
  return (
    <ListPage
      state={state}
      label={t('stations.title')}
      columns={columns}
      listName="merchant-stations"
      selectable={canCommand}
      actions={
        canCommand ? (
          <Suspense fallback={null}>
            <BulkChargePointActions selected={state.selected} />
          </Suspense>
        ) : null
      }
      create={{ label: t('stations.add'), onClick: () => void navigate(`/merchant/${merchantId}/create-station`) }}
    />
  );
};
