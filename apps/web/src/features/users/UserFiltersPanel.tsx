import { GENDERS, type TGender } from '@zaryad/contracts';
import { Button, DatePicker, Flex, Select, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TListParams } from '@/components/data-table/useListParams';
import { CheckedInput } from '@/components/checked-input/CheckedInput';
import { MONEY_TEXT, PANEL_FILTERS, type TUserFilterShape } from '@/features/users/userFilters';
import { TIME_ZONE } from '@/lib/dates';

type TPanelProps = { list: TListParams<TUserFilterShape> };

const pair = <T,>(from: T | undefined, to: T | undefined): [T, T] | null =>
  from !== undefined && to !== undefined ? [from, to] : null;

/** The users' filters beside search and status: id, registration day and time (Bishkek), gender, balance range. */
export const UserFiltersPanel = ({ list }: TPanelProps) => {
  const { t } = useTranslation('users');
  const filters = list.draftFilters;
  const days = pair(filters.registration_date__from, filters.registration_date__to);
  const times = pair(filters.registration_time__from, filters.registration_time__to);
  const isAnySet = PANEL_FILTERS.some((key) => filters[key] !== undefined);

  return (
    <Flex gap={12} wrap align="center">
      <CheckedInput
        label={t('filters.userId')}
        value={filters.search_by_user_id === undefined ? undefined : String(filters.search_by_user_id)}
        pattern={/^[1-9]\d{0,9}$/}
        width={190}
        onChange={(value) => list.setFilters({ search_by_user_id: value === undefined ? undefined : Number(value) })}
      />
      <DatePicker.RangePicker
        aria-label={t('filters.registrationDate')}
        style={{ width: 320 }}
        placeholder={[t('filters.registrationDate'), '']}
        format="DD.MM.YYYY"
        value={days ? [dayjs(days[0]), dayjs(days[1])] : null}
        onChange={(range) =>
          list.setFilters({
            registration_date__from: range?.[0]?.format('YYYY-MM-DD'),
            registration_date__to: range?.[1]?.format('YYYY-MM-DD'),
          })
        }
      />
      <TimePicker.RangePicker
        aria-label={t('filters.registrationTime')}
        style={{ width: 280 }}
        placeholder={[t('filters.registrationTime'), '']}
        format="HH:mm"
        order={false}
        value={
          times ? [dayjs.tz(`2000-01-01 ${times[0]}`, TIME_ZONE), dayjs.tz(`2000-01-01 ${times[1]}`, TIME_ZONE)] : null
        }
        onChange={(range) =>
          list.setFilters({
            registration_time__from: range?.[0]?.format('HH:mm'),
            registration_time__to: range?.[1]?.format('HH:mm'),
          })
        }
      />
      <Select<TGender>
        aria-label={t('filters.gender')}
        placeholder={t('filters.gender')}
        allowClear
        style={{ width: 150 }}
        value={filters.gender}
        onChange={(gender?: TGender) => list.setFilters({ gender })}
        options={GENDERS.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))}
      />
      <CheckedInput
        label={t('filters.balanceFrom')}
        value={filters.balance__from}
        pattern={MONEY_TEXT}
        onChange={(balance__from) => list.setFilters({ balance__from })}
      />
      <CheckedInput
        label={t('filters.balanceTo')}
        value={filters.balance__to}
        pattern={MONEY_TEXT}
        onChange={(balance__to) => list.setFilters({ balance__to })}
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
