import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '@/components/filters/DateRangeFilter';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField, rangeField } from '@/components/filters/filterBinding';
import { IdFilter } from '@/components/filters/IdFilter';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { TextSpan } from '@/components/text/TextSpan';
import { CARD_PAYMENTS_PATH, useCardPayments, useCardPaymentTotals } from '@/features/card-payments/api';
import { CARD_PAYMENT_FILTERS } from '@/features/card-payments/cardPaymentFilters';
import { CARD_PAYMENT_KIND_LIST, CARD_PAYMENT_STATUS_LIST } from '@/features/card-payments/cardPaymentText';
import { useCardPaymentColumns } from '@/features/card-payments/useCardPaymentColumns';
import type { TQuery } from '@/lib/api';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** The payments are read here, never changed in bulk or deleted: a refund is made on one payment's page. */
const cardPaymentHooks = { useList: useCardPayments };

/** Count, paid and refunded of every payment the filters select (not only the page on screen). */
const CardPaymentTotals = ({ query }: { query: TQuery }) => {
  const { t } = useTranslation('cardPayments');
  const totals = useCardPaymentTotals(query);
  const { count, money } = useNumberFormat();
  if (totals.isError) {
    return (
      <TextSpan tone="danger" style={{ display: 'block', marginBottom: 12 }}>
        {t('totals.error')}
      </TextSpan>
    );
  }
  const data = totals.data;
  return (
    <Flex
      role="status"
      aria-label={t('totals.title')}
      aria-busy={totals.isFetching}
      gap={24}
      wrap
      style={{ marginBottom: 12, opacity: totals.isFetching ? 0.6 : 1 }}
    >
      <TextSpan strong>{t('totals.title')}</TextSpan>
      <span>{t('totals.count', { total: count(data?.count ?? 0) })}</span>
      <span>{t('totals.paid', { amount: money(data?.paid ?? '0.00') })}</span>
      <span>{t('totals.refunded', { amount: money(data?.refunded ?? '0.00') })}</span>
    </Flex>
  );
};

/**
 * `/card-payments` (issue 39): the drivers' card top-ups through the payment provider, newest first, searched by order
 * or provider id and filtered by status, kind (paid by the driver or charged automatically), user and creation day
 * (kept in the URL); the totals of the filtered set and its xlsx and csv exports. The order id opens the payment, where
 * it is refunded to the card.
 */
export const CardPaymentsListPage = () => {
  const { t } = useTranslation('cardPayments');
  const state = useListPage({ filters: CARD_PAYMENT_FILTERS, hooks: cardPaymentHooks, permission: 'card_payments' });
  const columns = useCardPaymentColumns();
  const { list } = state;

  return (
    <ListPage
      state={state}
      label={t('list.title')}
      columns={columns}
      search={{ placeholder: t('list.search'), label: t('list.search') }}
      filters={
        <>
          <EnumFilter
            label={t('filters.status')}
            width={180}
            values={CARD_PAYMENT_STATUS_LIST}
            labelOf={(status) => t(`statuses.${status}`)}
            {...filterField(list, 'status')}
          />
          <EnumFilter
            label={t('filters.kind')}
            width={200}
            values={CARD_PAYMENT_KIND_LIST}
            labelOf={(kind) => t(`kinds.${kind}`)}
            {...filterField(list, 'kind')}
          />
          <IdFilter label={t('filters.userId')} {...filterField(list, 'search_by_user_id')} />
          <DateRangeFilter label={t('filters.period')} {...rangeField(list, 'period')} />
        </>
      }
      resettable
      exports={{ path: `${CARD_PAYMENTS_PATH}export/`, fileName: 'card-payments' }}
      summary={<CardPaymentTotals query={state.filterQuery as TQuery} />}
    />
  );
};
