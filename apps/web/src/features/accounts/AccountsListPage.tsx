import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
// Kit pieces by file, not the '@/components' barrel: the barrel drags ImageUpload (cropper, slider,
// upload) into every screen that imports it, ~100 KB gzip.
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { useCan } from '@/components/permissions/permissions';
import { STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { accountHooks } from '@/features/accounts/api';
import { useAccountColumns } from '@/features/accounts/useAccountColumns';

/** `/accounts`: search, status filter, paging, bulk block/unblock, the create button and the way to the roles. */
export const AccountsListPage = () => {
  const { t } = useTranslation(['accounts', 'common', 'roles']);
  const canViewRoles = useCan('roles.view');
  const navigate = useNavigate();
  const state = useListPage({ filters: STATUS_FILTERS, hooks: accountHooks, permission: 'accounts' });
  const columns = useAccountColumns();
  return (
    <ListPage
      state={state}
      label={t('list.title')}
      columns={columns}
      listName="accounts"
      search={{ placeholder: t('list.search') }}
      statusFilter
      wording="blocking"
      actions={
        canViewRoles ? (
          <Button icon={<SafetyCertificateOutlined aria-hidden />} onClick={() => void navigate('/accounts/roles')}>
            {t('roles:list.link')}
          </Button>
        ) : null
      }
      create={{ label: t('list.create'), onClick: () => void navigate('/accounts/create') }}
    />
  );
};
