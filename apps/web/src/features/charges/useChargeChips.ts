import { useTranslation } from 'react-i18next';
import type { TChipDefinition } from '@/components/saved-views/viewState';
import { PLATFORM_KEYS } from '@/features/charges/chargeText';

/** `/chargers-list`'s filters as removable chips (docs/product/search.md#saved-views), labelled as the filters are. */
export const useChargeChips = (): TChipDefinition[] => {
  const { t } = useTranslation('charges');
  return [
    { label: t('filters.searchNumber'), keys: ['search_by_id'] },
    { label: t('filters.searchTransaction'), keys: ['search_by_tx_id'] },
    { label: t('filters.searchUser'), keys: ['search_by_user_id'] },
    { label: t('filters.status'), keys: ['status'], format: (value) => t(`statuses.${value}` as 'statuses.finished') },
    { label: t('filters.stations'), keys: ['station_id__in'] },
    { label: t('filters.period'), keys: ['period__from', 'period__to'] },
    { label: t('filters.finishedDate'), keys: ['finished_date__from', 'finished_date__to'] },
    { label: t('filters.finishedTime'), keys: ['finished_time__from', 'finished_time__to'] },
    {
      label: t('filters.finishedWeekday'),
      keys: ['finished_weekday'],
      format: (value) => t(`weekdays.${value}` as 'weekdays.1'),
    },
    {
      label: t('filters.paymentMethod'),
      keys: ['payment_method'],
      format: (value) => t(`methods.${value}` as 'methods.cash'),
    },
    {
      label: t('filters.platform'),
      keys: ['platform'],
      format: (value) => t(`platforms.${PLATFORM_KEYS[value === '1' ? 1 : 2]}`),
    },
    { label: t('filters.source'), keys: ['source'], format: (value) => t(`sources.${value}` as 'sources.app') },
    { label: t('filters.promotions'), keys: ['promotion_id__in'] },
  ];
};
