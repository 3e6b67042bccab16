import { GENDERS } from '@zaryad/contracts/users-constants';
import { useTranslation } from 'react-i18next';
import { MONEY_TEXT } from '@/components/data-table/listParams';
import type { TListParams } from '@/components/data-table/useListParams';
import { DateRangeFilter } from '@/components/filters/DateRangeFilter';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField, rangeField } from '@/components/filters/filterBinding';
import { IdFilter } from '@/components/filters/IdFilter';
import { NumberRangeFilter } from '@/components/filters/NumberRangeFilter';
import type { TUserFilterShape } from '@/features/users/userFilters';

/** The users' filters beside search and status: id, registration day and time (Bishkek), gender, balance range. */
export const UserFiltersPanel = ({ list }: { list: TListParams<TUserFilterShape> }) => {
  const { t } = useTranslation('users');
  return (
    <>
      <IdFilter label={t('filters.userId')} {...filterField(list, 'search_by_user_id')} />
      <DateRangeFilter label={t('filters.registrationDate')} width={320} {...rangeField(list, 'registration_date')} />
      <DateRangeFilter kind="time" label={t('filters.registrationTime')} {...rangeField(list, 'registration_time')} />
      <EnumFilter
        label={t('filters.gender')}
        width={150}
        values={GENDERS}
        labelOf={(gender) => t(`genders.${gender}`)}
        {...filterField(list, 'gender')}
      />
      <NumberRangeFilter label={t('filters.balance')} pattern={MONEY_TEXT} {...rangeField(list, 'balance')} />
    </>
  );
};
