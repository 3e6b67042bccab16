import { useTranslation } from 'react-i18next';
import { readId } from '@/components/data-table/listParams';
import type { TListParams } from '@/components/data-table/useListParams';
import { DateRangeFilter } from '@/components/filters/DateRangeFilter';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField, rangeField } from '@/components/filters/filterBinding';
import type { TChargeFilterShape } from '@/features/charges/chargeFilters';
import {
  CHARGE_SOURCE_LIST,
  CHARGE_STATUS_LIST,
  PAYMENT_METHOD_LIST,
  PLATFORM_KEYS,
  WEEKDAY_LIST,
} from '@/features/charges/chargeText';
import { StationSelect } from '@/features/pickers';

type TPanelProps = {
  list: TListParams<TChargeFilterShape>;
  /** Station names of the rows on screen: a station chosen before a reload shows its name, not its id. */
  stationNames: ReadonlyMap<number, string>;
};

/**
 * The charges' filters beside the number, transaction and user searches: status, stations (the infinite-scroll
 * picker), start days, finish days, time of day and weekdays (Asia/Bishkek), payment method, platform, source and
 * promotions.
 */
export const ChargeFiltersPanel = ({ list, stationNames }: TPanelProps) => {
  const { t } = useTranslation('charges');
  return (
    <>
      <EnumFilter
        multiple
        label={t('filters.status')}
        width={260}
        values={CHARGE_STATUS_LIST}
        labelOf={(status) => t(`statuses.${status}`)}
        {...filterField(list, 'status')}
      />
      <StationSelect label={t('filters.stations')} knownNames={stationNames} {...filterField(list, 'station_id__in')} />
      <DateRangeFilter label={t('filters.period')} {...rangeField(list, 'period')} />
      <DateRangeFilter label={t('filters.finishedDate')} {...rangeField(list, 'finished_date')} />
      <DateRangeFilter
        kind="time"
        width={300}
        label={t('filters.finishedTime')}
        {...rangeField(list, 'finished_time')}
      />
      <EnumFilter
        multiple
        label={t('filters.finishedWeekday')}
        width={220}
        values={WEEKDAY_LIST}
        labelOf={(weekday) => t(`weekdays.${weekday}`)}
        {...filterField(list, 'finished_weekday')}
      />
      <EnumFilter
        label={t('filters.paymentMethod')}
        width={180}
        values={PAYMENT_METHOD_LIST}
        labelOf={(method) => t(`methods.${method}`)}
        {...filterField(list, 'payment_method')}
      />
      <EnumFilter
        label={t('filters.platform')}
        width={140}
        values={['1', '2'] as const}
        labelOf={(platform) => t(`platforms.${PLATFORM_KEYS[platform === '1' ? 1 : 2]}`)}
        {...filterField(list, 'platform')}
      />
      <EnumFilter
        label={t('filters.source')}
        width={160}
        values={CHARGE_SOURCE_LIST}
        labelOf={(source) => t(`sources.${source}`)}
        {...filterField(list, 'source')}
      />
      {/* Promotions' ids are typed (a promotion picker is the promotions' own issue); only ids are kept. */}
      <EnumFilter<string>
        multiple
        tags
        label={t('filters.promotions')}
        value={list.draftFilters.promotion_id__in?.map(String)}
        onChange={(values) => {
          const ids = (values ?? []).map(readId).filter((id): id is number => id !== undefined);
          list.setFilters({ promotion_id__in: [...new Set(ids)] });
        }}
      />
    </>
  );
};
