import {
  BALANCE_BASES,
  PAYMENT_METHODS,
  type TBalanceBasis,
  type TBalanceEntry,
  type TPaymentMethod,
} from '@zaryad/contracts';
import { Flex, Select } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/DataTable';
import { pagedTableProps } from '@/components/data-table/pagedTableProps';
import { ListToolbar } from '@/components/data-table/ListToolbar';
import { useListParams } from '@/components/data-table/useListParams';
import { ExportButtons } from '@/components/export/ExportButtons';
import { useCan } from '@/components/permissions/permissions';
import { TextSpan } from '@/components/text/TextSpan';
import { PAYMENTS_PATH, usePayments, usePaymentTotals } from '@/features/users/api';
import { CheckedInput } from '@/components/checked-input/CheckedInput';
import { useEntryColumns } from '@/features/users/useEntryColumns';
import { PAYMENT_FILTERS } from '@/features/users/userFilters';
import type { TQuery } from '@/lib/api';
import { useNumberFormat } from '@/lib/useNumberFormat';

// The date picker (with dayjs) loads beside the page, not in its chunk.
const PeriodFilter = lazy(async () => ({ default: (await import('@/features/users/PeriodFilter')).PeriodFilter }));

/** Debit, credit and the count of every entry the filters select (not only the page on screen). */
const TotalsLine = ({ query }: { query: TQuery }) => {
  const { t } = useTranslation('users');
  const totals = usePaymentTotals(query);
  const { count, money } = useNumberFormat();
  if (totals.isError) {
    return <TextSpan tone="danger">{t('statement.totalsError')}</TextSpan>;
  }
  const data = totals.data;
  return (
    <Flex
      role="status"
      aria-label={t('statement.totals')}
      gap={24}
      wrap
      style={{ marginBottom: 12, opacity: totals.isFetching ? 0.6 : 1 }}
    >
      <TextSpan strong>{t('statement.totals')}</TextSpan>
      <span>{t('statement.totalsCount', { total: count(data?.count ?? 0) })}</span>
      <span>{t('statement.totalsDebit', { amount: money(data?.debit ?? '0.00') })}</span>
      <span>{t('statement.totalsCredit', { amount: money(data?.credit ?? '0.00') })}</span>
    </Flex>
  );
};

/**
 * `/extract-balance`: the statement of all users, newest first, filtered by user, period, basis and method (kept in
 * the URL), with the totals of the filtered set and its xlsx and csv exports.
 */
export const ExtractBalancePage = () => {
  const { t } = useTranslation('users');
  const canExport = useCan('balances.export');
  const list = useListParams(PAYMENT_FILTERS);
  const entries = usePayments(list.query);
  const columns = useEntryColumns({ withUser: true });
  const filters = list.draftFilters;
  const { page: _page, size: _size, search: _search, ...filterQuery } = list.query;

  return (
    <>
      <ListToolbar
        actions={
          canExport ? (
            <ExportButtons
              path={`${PAYMENTS_PATH}export/`}
              query={filterQuery as TQuery}
              fallbackName={(format) => `statement.${format}`}
            />
          ) : null
        }
      >
        <CheckedInput
          label={t('filters.userId')}
          value={filters.search_by_user_id === undefined ? undefined : String(filters.search_by_user_id)}
          pattern={/^[1-9]\d{0,9}$/}
          width={140}
          onChange={(value) => list.setFilters({ search_by_user_id: value === undefined ? undefined : Number(value) })}
        />
        <Suspense fallback={null}>
          <PeriodFilter
            label={t('filters.period')}
            value={{ period__from: filters.period__from, period__to: filters.period__to }}
            onChange={(period) => list.setFilters(period)}
          />
        </Suspense>
        <Select<TBalanceBasis>
          aria-label={t('filters.basis')}
          placeholder={t('filters.basis')}
          allowClear
          style={{ width: 220 }}
          value={filters.basis}
          onChange={(basis?: TBalanceBasis) => list.setFilters({ basis })}
          options={BALANCE_BASES.map((basis) => ({ value: basis, label: t(`bases.${basis}`) }))}
        />
        <Select<TPaymentMethod>
          aria-label={t('filters.method')}
          placeholder={t('filters.method')}
          allowClear
          style={{ width: 180 }}
          value={filters.method}
          onChange={(method?: TPaymentMethod) => list.setFilters({ method })}
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`methods.${method}`) }))}
        />
      </ListToolbar>
      <TotalsLine query={filterQuery as TQuery} />
      <DataTable<TBalanceEntry>
        aria-label={t('statement.title')}
        columns={columns}
        rowKey="id"
        {...pagedTableProps(list, entries)}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
    </>
  );
};
