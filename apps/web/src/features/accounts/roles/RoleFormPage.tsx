import { App, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '@/components/permissions/permissions';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { useCreateRole, useRole, useUpdateRole } from '@/features/accounts/api';
import { RoleForm } from '@/features/accounts/roles/RoleForm';
import { useIdParam } from '@/lib/useIdParam';

const ROLES_PATH = '/accounts/roles';

/** `accounts/roles/create`: a custom role from the matrix. */
export const RoleCreatePage = () => {
  const { t } = useTranslation('roles');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateRole();
  return (
    <Card title={t('form.createTitle')}>
      <RoleForm
        isLocked={false}
        onSubmit={(values) => create.mutateAsync(values)}
        onSaved={() => {
          void message.success(t('form.created'));
          void navigate(ROLES_PATH);
        }}
        onCancel={() => void navigate(ROLES_PATH)}
      />
    </Card>
  );
};

/** `accounts/roles/edit/{id}`: a custom role's matrix; a built-in one, or any for a viewer, read-only. */
export const RoleEditPage = () => {
  const { t } = useTranslation(['roles', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useIdParam('id');
  const role = useRole(id);
  const update = useUpdateRole(id);
  const canManage = useCan('roles.manage');

  if (role.isError || Number.isNaN(id)) {
    return (
      <RecordLoadError
        error={Number.isNaN(id) ? null : role.error}
        back={{ to: ROLES_PATH, label: t('list.title') }}
        failedTitle={t('loadError')}
      />
    );
  }
  if (!role.data) {
    return <Skeleton active />;
  }
  return (
    <Card title={t('form.editTitle', { name: role.data.name })}>
      <RoleForm
        key={role.data.id}
        role={role.data}
        isLocked={role.data.is_built_in || !canManage}
        onSubmit={(values) => update.mutateAsync(values)}
        onSaved={() => {
          void message.success(t('form.saved'));
          void navigate(ROLES_PATH);
        }}
        onCancel={() => void navigate(ROLES_PATH)}
      />
    </Card>
  );
};
