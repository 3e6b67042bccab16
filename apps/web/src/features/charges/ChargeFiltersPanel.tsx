import type { TChargeSource, TChargeStatus, TPaymentMethod } from '@zaryad/contracts';
import { Button, DatePicker, Flex, Select, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TListParams } from '@/components/data-table/useListParams';
import { PANEL_FILTERS, readId, type TChargeFilterShape } from '@/features/charges/chargeFilters';
import {
  CHARGE_SOURCE_LIST,
  CHARGE_STATUS_LIST,
  PAYMENT_METHOD_LIST,
  PLATFORM_KEYS,
} from '@/features/charges/chargeText';
import { StationSelect } from '@/features/pickers';
import { TIME_ZONE } from '@/lib/dates';

type TPanelProps = {
  list: TListParams<TChargeFilterShape>;
  /** Station names of the rows on screen: a station chosen before a reload shows its name, not its id. */
  stationNames: ReadonlyMap<number, string>;
};

const pair = <T,>(from: T | undefined, to: T | undefined): [T, T] | null =>
  from !== undefined && to !== undefined ? [from, to] : null;

const day = (value: string) => dayjs(value);
const clock = (value: string) => dayjs.tz(`2000-01-01 ${value}`, TIME_ZONE);
/** SPEC.md section 9: time pickers step by 30 minutes. */
const MINUTE_STEP = 30;

/**
 * The charges' filters beside the number, transaction and user searches: status, stations (the infinite-scroll
 * picker), start days, finish days and time of day (Asia/Bishkek), payment method, platform, source and promotions.
 */
export const ChargeFiltersPanel = ({ list, stationNames }: TPanelProps) => {
  const { t } = useTranslation('charges');
  const filters = list.draftFilters;
  const period = pair(filters.period__from, filters.period__to);
  const finishedDays = pair(filters.finished_date__from, filters.finished_date__to);
  const finishedTimes = pair(filters.finished_time__from, filters.finished_time__to);
  const isAnySet = PANEL_FILTERS.some((key) => filters[key] !== undefined);

  return (
    <Flex gap={12} wrap align="center">
      <Select<TChargeStatus[]>
        mode="multiple"
        aria-label={t('filters.status')}
        placeholder={t('filters.status')}
        allowClear
        maxTagCount={3}
        style={{ width: 260 }}
        value={filters.status ?? []}
        onChange={(status) => list.setFilters({ status })}
        options={CHARGE_STATUS_LIST.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
      />
      <StationSelect
        label={t('filters.stations')}
        value={filters.station_id__in}
        onChange={(station_id__in) => list.setFilters({ station_id__in })}
        knownNames={stationNames}
      />
      <DatePicker.RangePicker
        aria-label={t('filters.period')}
        placeholder={[t('filters.period'), '']}
        format="DD.MM.YYYY"
        value={period ? [day(period[0]), day(period[1])] : null}
        onChange={(range) =>
          list.setFilters({
            period__from: range?.[0]?.format('YYYY-MM-DD'),
            period__to: range?.[1]?.format('YYYY-MM-DD'),
          })
        }
      />
      <DatePicker.RangePicker
        aria-label={t('filters.finishedDate')}
        placeholder={[t('filters.finishedDate'), '']}
        format="DD.MM.YYYY"
        value={finishedDays ? [day(finishedDays[0]), day(finishedDays[1])] : null}
        onChange={(range) =>
          list.setFilters({
            finished_date__from: range?.[0]?.format('YYYY-MM-DD'),
            finished_date__to: range?.[1]?.format('YYYY-MM-DD'),
          })
        }
      />
      <TimePicker.RangePicker
        aria-label={t('filters.finishedTime')}
        placeholder={[t('filters.finishedTime'), '']}
        format="HH:mm"
        style={{ width: 300 }}
        minuteStep={MINUTE_STEP}
        // A time of day may wrap past midnight (22:00 to 02:00): the server reads it so.
        order={false}
        value={finishedTimes ? [clock(finishedTimes[0]), clock(finishedTimes[1])] : null}
        onChange={(range) =>
          list.setFilters({
            finished_time__from: range?.[0]?.format('HH:mm'),
            finished_time__to: range?.[1]?.format('HH:mm'),
          })
        }
      />
      <Select<TPaymentMethod>
        aria-label={t('filters.paymentMethod')}
        placeholder={t('filters.paymentMethod')}
        allowClear
        style={{ width: 180 }}
        value={filters.payment_method}
        onChange={(payment_method?: TPaymentMethod) => list.setFilters({ payment_method })}
        options={PAYMENT_METHOD_LIST.map((method) => ({ value: method, label: t(`methods.${method}`) }))}
      />
      <Select<'1' | '2'>
        aria-label={t('filters.platform')}
        placeholder={t('filters.platform')}
        allowClear
        style={{ width: 140 }}
        value={filters.platform}
        onChange={(platform?: '1' | '2') => list.setFilters({ platform })}
        options={(['1', '2'] as const).map((platform) => ({
          value: platform,
          label: t(`platforms.${PLATFORM_KEYS[platform === '1' ? 1 : 2]}`),
        }))}
      />
      <Select<TChargeSource>
        aria-label={t('filters.source')}
        placeholder={t('filters.source')}
        allowClear
        style={{ width: 160 }}
        value={filters.source}
        onChange={(source?: TChargeSource) => list.setFilters({ source })}
        options={CHARGE_SOURCE_LIST.map((source) => ({ value: source, label: t(`sources.${source}`) }))}
      />
      <Select<string[]>
        mode="tags"
        aria-label={t('filters.promotions')}
        placeholder={t('filters.promotions')}
        style={{ width: 200 }}
        tokenSeparators={[',', ' ']}
        open={false}
        suffixIcon={null}
        value={(filters.promotion_id__in ?? []).map(String)}
        // Promotions come with their own issue; until then their ids are typed, and only ids are kept.
        onChange={(values) => {
          const ids = values.map(readId).filter((id): id is number => id !== undefined);
          list.setFilters({ promotion_id__in: [...new Set(ids)] });
        }}
      />
      {isAnySet ? (
        <Button
          type="link"
          onClick={() => list.setFilters(Object.fromEntries(PANEL_FILTERS.map((key) => [key, undefined])))}
        >
          {t('filters.reset')}
        </Button>
      ) : null}
    </Flex>
  );
};
