import { useTranslation } from 'react-i18next';
import type { TChipDefinition } from '@/components/saved-views/viewState';

/** `/users`' filters as removable chips (docs/product/search.md#saved-views), labelled as the filters are. */
export const useUserChips = (): TChipDefinition[] => {
  const { t } = useTranslation('users');
  const { t: kit } = useTranslation('kit');
  return [
    {
      label: kit('status.filter'),
      keys: ['active'],
      format: (value) => kit(value === 'true' ? 'status.active' : 'status.blocked'),
    },
    { label: t('filters.userId'), keys: ['search_by_user_id'] },
    { label: t('filters.registrationDate'), keys: ['registration_date__from', 'registration_date__to'] },
    { label: t('filters.registrationTime'), keys: ['registration_time__from', 'registration_time__to'] },
    { label: t('filters.gender'), keys: ['gender'], format: (value) => t(`genders.${value}` as 'genders.male') },
    { label: t('filters.balance'), keys: ['balance__from', 'balance__to'] },
  ];
};

/** `/extract-balance`'s filters as removable chips. */
export const useStatementChips = (): TChipDefinition[] => {
  const { t } = useTranslation('users');
  return [
    { label: t('filters.userId'), keys: ['search_by_user_id'] },
    { label: t('filters.period'), keys: ['period__from', 'period__to'] },
    { label: t('filters.basis'), keys: ['basis'], format: (value) => t(`bases.${value}` as 'bases.top_up') },
    { label: t('filters.method'), keys: ['method'], format: (value) => t(`methods.${value}` as 'methods.cash') },
  ];
};
