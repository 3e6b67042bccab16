import { BALANCE_BASES, PAYMENT_METHODS } from '@zaryad/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/filters/DateRangeFilter';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField, rangeField } from '@/components/filters/filterBinding';
import { IdFilter } from '@/components/filters/IdFilter';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { FilterChips } from '@/components/saved-views/FilterChips';
import { SavedViews } from '@/components/saved-views/SavedViews';
import { TextSpan } from '@/components/text/TextSpan';
import { PAYMENTS_PATH, usePayments, usePaymentTotals } from '@/features/users/api';
import { useEntryColumns } from '@/features/users/useEntryColumns';
import { PAYMENT_FILTERS } from '@/features/users/userFilters';
import { useStatementChips } from '@/features/users/useUserChips';
import type { TQuery } from '@/lib/api';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** The statement is read-only: its page, nothing to change. */
const statementHooks = { useList: usePayments };

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
  const state = useListPage({ filters: PAYMENT_FILTERS, hooks: statementHooks, permission: 'balances' });
  const columns = useEntryColumns({ withUser: true });
  const chips = useStatementChips();
  const { list } = state;

  return (
    <ListPage
      state={state}
      label={t('statement.title')}
      columns={columns}
      listName="statement"
      filters={
        <>
          <IdFilter label={t('filters.userId')} {...filterField(list, 'search_by_user_id')} />
          <DateRangeFilter label={t('filters.period')} {...rangeField(list, 'period')} />
          <EnumFilter
            label={t('filters.basis')}
            width={220}
            values={BALANCE_BASES}
            labelOf={(basis) => t(`bases.${basis}`)}
            {...filterField(list, 'basis')}
          />
          <EnumFilter
            label={t('filters.method')}
            width={180}
            values={PAYMENT_METHODS}
            labelOf={(method) => t(`methods.${method}`)}
            {...filterField(list, 'method')}
          />
        </>
      }
      exports={{ path: `${PAYMENTS_PATH}export/`, fileName: 'statement' }}
      actions={<SavedViews list="statement" />}
      summary={
        <>
          <FilterChips definitions={chips} />
          <TotalsLine query={state.filterQuery as TQuery} />
        </>
      }
    />
  );
};
