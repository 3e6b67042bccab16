import { FilterOutlined } from '@ant-design/icons';
import type { TCharge } from '@zaryad/contracts';
import { Button, Card, Skeleton } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/DataTable';
import { pagedTableProps } from '@/components/data-table/pagedTableProps';
import { ListToolbar } from '@/components/data-table/ListToolbar';
import { useListParams } from '@/components/data-table/useListParams';
import { ExportButtons } from '@/components/export/ExportButtons';
import { useCan } from '@/components/permissions/permissions';
import { CHARGES_PATH, useCharges, type TChargeFilters } from '@/features/charges/api';
import { CHARGE_FILTERS, PANEL_FILTERS } from '@/features/charges/chargeFilters';
import { ChargeTotals } from '@/features/charges/ChargeTotals';
import { useChargeColumns } from '@/features/charges/useChargeColumns';
import { useStopAction } from '@/features/charges/useStopAction';
import { CheckedInput } from '@/components/checked-input/CheckedInput';
import type { TQuery } from '@/lib/api';

// The date and time pickers (with dayjs) and the station picker load when the panel is first unfolded.
const ChargeFiltersPanel = lazy(async () => ({
  default: (await import('@/features/charges/ChargeFiltersPanel')).ChargeFiltersPanel,
}));

const ID_TEXT = /^[1-9]\d{0,9}$/;

/**
 * `/chargers-list`: every charge, newest first, searched by number, transaction or user and filtered in a foldable
 * panel, every value in the URL; the totals of the filtered set; Stop on running charges; xlsx and csv exports.
 */
export const ChargesListPage = () => {
  const { t } = useTranslation('charges');
  const canExport = useCan('charges.export');
  const list = useListParams(CHARGE_FILTERS);
  const charges = useCharges(list.query);
  const stop = useStopAction();
  const columns = useChargeColumns({ onStop: stop.onStop, stopping: stop.stopping });
  const filters = list.draftFilters;
  const panelCount = PANEL_FILTERS.filter((key) => list.filters[key] !== undefined).length;
  // A link that already filters opens with its panel unfolded, so that what narrows the list is in view.
  const [isPanelOpen, setPanelOpen] = useState(panelCount > 0);
  const { page: _page, size: _size, search: _search, ...filterQuery } = list.query;
  const stationNames = useMemo(
    () => new Map((charges.data?.items ?? []).map((charge) => [charge.station.id, charge.station.name] as const)),
    [charges.data],
  );

  const idFilter = (key: 'search_by_id' | 'search_by_tx_id' | 'search_by_user_id', label: string) => (
    <CheckedInput
      label={label}
      value={filters[key] === undefined ? undefined : String(filters[key])}
      pattern={ID_TEXT}
      width={190}
      onChange={(value) => list.setFilters({ [key]: value === undefined ? undefined : Number(value) })}
    />
  );

  return (
    <>
      <ListToolbar
        actions={
          canExport ? (
            <ExportButtons
              path={`${CHARGES_PATH}export/`}
              query={filterQuery as TQuery}
              fallbackName={(format) => `charges.${format}`}
            />
          ) : null
        }
      >
        {idFilter('search_by_id', t('filters.searchNumber'))}
        {idFilter('search_by_tx_id', t('filters.searchTransaction'))}
        {idFilter('search_by_user_id', t('filters.searchUser'))}
        <Button
          icon={<FilterOutlined aria-hidden />}
          aria-expanded={isPanelOpen}
          aria-controls="charge-filters"
          type={panelCount > 0 ? 'primary' : 'default'}
          ghost={panelCount > 0}
          onClick={() => setPanelOpen((open) => !open)}
        >
          {isPanelOpen
            ? t('filters.hide')
            : panelCount > 0
              ? t('filters.showCount', { count: panelCount })
              : t('filters.show')}
        </Button>
      </ListToolbar>
      {isPanelOpen ? (
        <Card id="charge-filters" size="small" style={{ marginBottom: 16 }}>
          <Suspense fallback={<Skeleton.Input active block />}>
            <ChargeFiltersPanel list={list} stationNames={stationNames} />
          </Suspense>
        </Card>
      ) : null}
      <ChargeTotals query={filterQuery as TChargeFilters} />
      <DataTable<TCharge>
        aria-label={t('list.title')}
        columns={columns}
        rowKey="id"
        {...pagedTableProps(list, charges)}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
      {stop.modal}
    </>
  );
};
