import type { TCharge } from '@zaryad/contracts';
import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterField } from '@/components/filters/filterBinding';
import { IdFilter } from '@/components/filters/IdFilter';
import { useCan } from '@/components/permissions/permissions';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { FilterChips } from '@/components/saved-views/FilterChips';
import { SavedViews } from '@/components/saved-views/SavedViews';
import { CHARGES_PATH, useCharges, type TChargeFilters } from '@/features/charges/api';
import { CHARGE_FILTERS, PANEL_FILTERS } from '@/features/charges/chargeFilters';
import { ChargeRefundModal } from '@/features/charges/ChargeRefundModal';
import { ChargeTotals } from '@/features/charges/ChargeTotals';
import { useChargeColumns } from '@/features/charges/useChargeColumns';
import { useStopAction } from '@/features/charges/useStopAction';
import { useChargeChips } from '@/features/charges/useChargeChips';

// The date and time pickers (with dayjs) and the station picker load when the panel is first unfolded.
const ChargeFiltersPanel = lazy(async () => ({
  default: (await import('@/features/charges/ChargeFiltersPanel')).ChargeFiltersPanel,
}));

/** Charges are stopped one by one (the Stop column), never changed in bulk or deleted: the list only reads. */
const chargeHooks = { useList: useCharges };

/**
 * `/chargers-list`: every charge, newest first, searched by number, transaction or user and filtered in a foldable
 * panel, every value in the URL; the totals of the filtered set; Stop on running charges, Refund on ended ones that cost
 * something (issue 39); xlsx and csv exports.
 */
export const ChargesListPage = () => {
  const { t } = useTranslation('charges');
  const state = useListPage({ filters: CHARGE_FILTERS, hooks: chargeHooks, permission: 'charges' });
  const { list, records } = state;
  const stop = useStopAction();
  const canRefund = useCan('charges.refund');
  const [refunding, setRefunding] = useState<TCharge | null>(null);
  const columns = useChargeColumns({
    onStop: stop.onStop,
    stopping: stop.stopping,
    onRefund: canRefund ? setRefunding : undefined,
  });
  const chips = useChargeChips();
  const stationNames = useMemo(
    () => new Map((records.data?.items ?? []).map((charge) => [charge.station.id, charge.station.name] as const)),
    [records.data],
  );

  return (
    <ListPage
      state={state}
      label={t('list.title')}
      columns={columns}
      listName="charges"
      filters={
        <>
          <IdFilter label={t('filters.searchNumber')} {...filterField(list, 'search_by_id')} />
          <IdFilter label={t('filters.searchTransaction')} {...filterField(list, 'search_by_tx_id')} />
          <IdFilter label={t('filters.searchUser')} {...filterField(list, 'search_by_user_id')} />
        </>
      }
      panel={{
        id: 'charge-filters',
        keys: PANEL_FILTERS,
        content: <ChargeFiltersPanel list={list} stationNames={stationNames} />,
      }}
      exports={{ path: `${CHARGES_PATH}export/`, fileName: 'charges' }}
      actions={<SavedViews list="charges" />}
      summary={
        <>
          <FilterChips definitions={chips} />
          <ChargeTotals query={state.filterQuery as TChargeFilters} />
        </>
      }
    >
      {stop.modal}
      {refunding ? <ChargeRefundModal charge={refunding} onClose={() => setRefunding(null)} /> : null}
    </ListPage>
  );
};
