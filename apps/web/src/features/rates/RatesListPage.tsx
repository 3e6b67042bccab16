import { App } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatch, useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { rateHooks } from '@/features/rates/api';
import { DefaultRatesPanel } from '@/features/rates/DefaultRatesPanel';
import type { TRateDrawerTarget } from '@/features/rates/RateDrawer';
import { RATE_FILTERS, RateFilters } from '@/features/rates/RateFilters';
import { useRateColumns } from '@/features/rates/useRateColumns';
import { contractMessage } from '@/lib/contractMessage';

/** The drawer the address opens: `rates/create` a new tariff, `edit-rates/{id}` that one, `/rates` none. */
/** The drawer and its form load when one opens: the list alone stays within the screens' weight budget. */
const RateDrawer = lazy(() => import('@/features/rates/RateDrawer').then((module) => ({ default: module.RateDrawer })));

const useDrawerTarget = (): TRateDrawerTarget => {
  const isCreate = useMatch('/rates/create') !== null;
  const { id } = useParams();
  if (isCreate) {
    return { mode: 'create' };
  }
  return id === undefined ? null : { mode: 'edit', id: /^\d+$/.test(id) ? Number(id) : Number.NaN };
};

/**
 * `/rates`: default tariffs per connector type, then the paged, filtered list with bulk status and delete. Create
 * and edit open the catalogue drawer over it at their own addresses (`rates/create`, `edit-rates/{id}`).
 */
export const RatesListPage = () => {
  const { t } = useTranslation('rates');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { search } = useLocation();
  const target = useDrawerTarget();
  const state = useListPage({ filters: RATE_FILTERS, hooks: rateHooks, permission: 'rates' });
  const create = { label: t('list.create'), onClick: () => void navigate(`/rates/create${search}`) };
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
        listName="rates"
        filters={<RateFilters list={state.list} />}
        // The list's page and filters stay in the address while the drawer is open, and come back when it closes.
        create={create}
        // An empty network gets the rates' own message (docs/product/rates.md#8-messages) and the way to the first
        // tariff; an empty search keeps the table's.
        emptyWithoutFilters={
          <EmptyState
            kind="none"
            title={contractMessage('rates_empty')}
            create={state.can.create ? create : undefined}
          />
        }
      />
      {target ? (
        <Suspense fallback={null}>
          <RateDrawer target={target} onClose={() => void navigate(`/rates${search}`)} />
        </Suspense>
      ) : null}
    </>
  );
};
