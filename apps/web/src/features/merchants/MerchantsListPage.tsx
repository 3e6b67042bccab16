import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { merchantHooks } from '@/features/merchants/api';
import { useMerchantColumns } from '@/features/merchants/useMerchantColumns';

/** `/merchants`: search, status filter, paging, bulk status and the create button. */
export const MerchantsListPage = () => {
  const { t } = useTranslation(['merchants', 'common']);
  const navigate = useNavigate();
  const state = useListPage({ filters: STATUS_FILTERS, hooks: merchantHooks, permission: 'merchants' });
  const columns = useMerchantColumns();
  return (
    <ListPage
      state={state}
      label={t('list.title')}
      columns={columns}
      listName="merchants"
      search={{ placeholder: t('list.search') }}
      statusFilter
      create={{ label: t('list.create'), onClick: () => void navigate('/create-edit-merchant') }}
    />
  );
};
