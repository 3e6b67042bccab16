import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
// Kit pieces by file, not the '@/components' barrel: the barrel drags ImageUpload (cropper, slider,
// upload) into every screen that imports it, ~100 KB gzip.
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { accountHooks } from '@/features/accounts/api';
import { useAccountColumns } from '@/features/accounts/useAccountColumns';

/** `/accounts`: search, status filter, paging, bulk block/unblock and the create button. */
export const AccountsListPage = () => {
  const { t } = useTranslation(['accounts', 'common']);
  const navigate = useNavigate();
  const state = useListPage({ filters: STATUS_FILTERS, hooks: accountHooks, permission: 'accounts' });
  const columns = useAccountColumns();
  return (
    <ListPage
      state={state}
      label={t('list.title')}
      columns={columns}
      search={{ placeholder: t('list.search') }}
      statusFilter
      wording="blocking"
      create={{ label: t('list.create'), onClick: () => void navigate('/accounts/create') }}
    />
  );
};
