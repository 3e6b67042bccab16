import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TPaged, TRate } from '@zaryad/contracts';
import { App, Button, Empty } from 'antd';
import { useRowSelection } from '@/components/data-table/useRowSelection';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BulkStatusButton, DataTable, ListToolbar, mergeIntoPage, useListParams } from '@/components';
import { rateKeys, useDeleteRate, useRates, useSetRatesStatus } from '@/features/rates/api';
import { DefaultRatesPanel } from '@/features/rates/DefaultRatesPanel';
import { RATE_FILTERS, RateFilters } from '@/features/rates/RateFilters';
import { useRateColumns } from '@/features/rates/useRateColumns';
import { contractMessage } from '@/lib/contractMessage';

/** `/rates`: default tariffs per connector type, then the paged, filtered list with bulk status and delete. */
export const RatesListPage = () => {
  const { t } = useTranslation('rates');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListParams(RATE_FILTERS);
  const rates = useRates(list.query);
  const setStatus = useSetRatesStatus();
  const remove = useDeleteRate();
  const { selected, setSelected, selection } = useRowSelection<TRate>();

  const columns = useRateColumns({
    onDelete: async (rate) => {
      await remove.mutateAsync(rate.id);
      setSelected((current) => current.filter((item) => item.id !== rate.id));
      void message.success(t('list.deleted'));
    },
  });

  const onStatusChanged = (updated: TRate[]) => {
    queryClient.setQueryData<TPaged<TRate>>(rateKeys.list(list.query), mergeIntoPage(updated));
    setSelected([]);
  };

  const isFiltered = Object.keys(list.query).some((key) => key !== 'page' && key !== 'size');
  // An empty network gets the rates' own message (SPEC.md section 8); an empty search keeps the table's.
  const hasNoRates = rates.data?.total === 0 && !isFiltered && !rates.isFetching;

  return (
    <>
      <DefaultRatesPanel />
      <ListToolbar
        actions={
          <>
            <BulkStatusButton
              selected={selected}
              onConfirm={(body) => setStatus.mutateAsync(body.ids.map((id) => ({ id, active: body.active })))}
              onSuccess={onStatusChanged}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/rates/create')}>
              {t('list.create')}
            </Button>
          </>
        }
      >
        <RateFilters list={list} />
      </ListToolbar>
      {hasNoRates ? (
        <Empty description={contractMessage('rates_empty')} />
      ) : (
        <DataTable<TRate>
          aria-label={t('list.title')}
          columns={columns}
          data={rates.data}
          loading={rates.isFetching}
          rowKey="id"
          page={list.page}
          size={list.size}
          onPageChange={list.setPage}
          selection={selection}
          tableProps={{ scroll: { x: 'max-content' } }}
        />
      )}
    </>
  );
};
