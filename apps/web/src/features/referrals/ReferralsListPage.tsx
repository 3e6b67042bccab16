import { REFERRAL_STATUSES, type TReferralStatus } from '@zaryad/contracts';
import type { TReferral } from '@zaryad/contracts/referrals';
import { Button, DatePicker, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/DataTable';
import { pagedTableProps } from '@/components/data-table/pagedTableProps';
import { ListToolbar } from '@/components/data-table/ListToolbar';
import { SearchInput } from '@/components/data-table/SearchInput';
import { useListParams } from '@/components/data-table/useListParams';
import { ExportButtons } from '@/components/export/ExportButtons';
import { useCan } from '@/components/permissions/permissions';
import { REFERRALS_PATH, useReferrals } from '@/features/referrals/api';
import { REFERRAL_FILTERS } from '@/features/referrals/referralFilters';
import { useReferralColumns } from '@/features/referrals/useReferralColumns';
import type { TQuery } from '@/lib/api';
import '@/lib/dates';

export { textsReady } from '@/features/referrals/texts';

type TDayRange = { from: string | undefined; to: string | undefined };
const rangeValue = ({ from, to }: TDayRange): [Dayjs, Dayjs] | null => (from && to ? [dayjs(from), dayjs(to)] : null);

/**
 * `/list-of-referrals`: who invited whom, newest registration first, searched over both users and the code, filtered
 * by status and by registration and reward days (Bishkek), every value in the URL; xlsx and csv exports of what the
 * filters select. A user's page links here with `inviter` or `invited`, shown as a removable tag.
 */
export const ReferralsListPage = () => {
  const { t } = useTranslation('referrals');
  const canExport = useCan('referrals.export');
  const list = useListParams(REFERRAL_FILTERS);
  const referrals = useReferrals(list.query);
  const columns = useReferralColumns();
  const filters = list.draftFilters;
  const { page: _page, size: _size, ...exportQuery } = list.query;
  const isFiltered = Object.values(filters).some((value) => value !== undefined) || list.searchText !== '';

  const dayRange = (key: 'registration_date' | 'rewarded_date', label: string, from: string) => (
    <DatePicker.RangePicker
      aria-label={label}
      placeholder={[from, t('filters.until')]}
      style={{ width: 280 }}
      format="DD.MM.YYYY"
      value={rangeValue({ from: filters[`${key}__from`], to: filters[`${key}__to`] })}
      onChange={(range) =>
        list.setFilters({
          [`${key}__from`]: range?.[0]?.format('YYYY-MM-DD'),
          [`${key}__to`]: range?.[1]?.format('YYYY-MM-DD'),
        })
      }
    />
  );

  return (
    <>
      <ListToolbar
        actions={
          canExport ? (
            <ExportButtons
              path={`${REFERRALS_PATH}export/`}
              query={exportQuery as TQuery}
              fallbackName={(format) => `referrals.${format}`}
            />
          ) : null
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder={t('list.search')} width={300} />
        <Select<TReferralStatus>
          aria-label={t('filters.status')}
          placeholder={t('filters.status')}
          allowClear
          style={{ width: 150 }}
          value={filters.status}
          onChange={(status?: TReferralStatus) => list.setFilters({ status })}
          options={REFERRAL_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
        />
        {dayRange('registration_date', t('filters.registeredAt'), t('filters.registeredFrom'))}
        {dayRange('rewarded_date', t('filters.rewardedAt'), t('filters.rewardedFrom'))}
        {(['inviter', 'invited'] as const).map((key) =>
          filters[key] === undefined ? null : (
            <Tag key={key} closable onClose={() => list.setFilters({ [key]: undefined })}>
              {t(`filters.${key}`, { id: filters[key] })}
            </Tag>
          ),
        )}
        {isFiltered ? (
          <Button type="link" onClick={list.reset}>
            {t('filters.reset')}
          </Button>
        ) : null}
      </ListToolbar>
      <DataTable<TReferral>
        aria-label={t('list.title')}
        columns={columns}
        rowKey="id"
        {...pagedTableProps(list, referrals)}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
    </>
  );
};
