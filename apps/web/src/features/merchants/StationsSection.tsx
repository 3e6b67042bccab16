import type { TStationRow } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage, type TListPageHooks } from '@/components/list-page/useListPage';
import { useDeleteStation, useMerchantStations, useSetStationsStatus } from '@/features/merchants/api';
import { useStationColumns } from '@/features/merchants/useStationColumns';

const NO_FILTERS = {};

/** The merchant's station calls, shaped for the list page: the URL's paging plus the merchant. */
const stationHooksOf = (merchantId: number): TListPageHooks<TStationRow, typeof NO_FILTERS> => ({
  useList: (query) => useMerchantStations({ merchant: merchantId, page: query.page, size: query.size }),
  useSetStatuses: () => useSetStationsStatus(merchantId),
  useDelete: () => useDeleteStation(merchantId),
});

/** The merchant detail's stations: table, bulk activate/deactivate with the selected count, add station. */
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
  return (
    <ListPage
      state={state}
      label={t('stations.title')}
      columns={columns}
      create={{ label: t('stations.add'), onClick: () => void navigate(`/merchant/${merchantId}/create-station`) }}
      // Cells wrap before the table scrolls sideways (long tags, narrow windows), and the actions column stays pinned in
      // view when it does: at 1440 px it overflowed its card by a few pixels, cut and off the card's white.
      tableProps={{ tableLayout: 'auto', scroll: { x: true } }}
    />
  );
};
