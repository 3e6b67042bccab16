import { App, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { rateHooks } from '@/features/rates/api';
import { DefaultRatesPanel } from '@/features/rates/DefaultRatesPanel';
import { RATE_FILTERS, RateFilters } from '@/features/rates/RateFilters';
import { useRateColumns } from '@/features/rates/useRateColumns';
import { contractMessage } from '@/lib/contractMessage';

/** `/rates`: default tariffs per connector type, then the paged, filtered list with bulk status and delete. */
export const RatesListPage = () => {
  const { t } = useTranslation('rates');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const state = useListPage({ filters: RATE_FILTERS, hooks: rateHooks, permission: 'rates' });
  const columns = useRateColumns({
    onDelete: async (rate) => {
      await state.deleteRow(rate);
      void message.success(t('list.deleted'));
    },
  });
  return (
    <>
      <DefaultRatesPanel />
      <ListPage
        state={state}
        label={t('list.title')}
        columns={columns}
        filters={<RateFilters list={state.list} />}
        create={{ label: t('list.create'), onClick: () => void navigate('/rates/create') }}
        // An empty network gets the rates' own message (docs/product/rates.md#8-messages); an empty search keeps the table's.
        emptyWithoutFilters={<Empty description={contractMessage('rates_empty')} />}
      />
    </>
  );
};
