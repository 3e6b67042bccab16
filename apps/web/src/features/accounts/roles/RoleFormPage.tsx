import { App, Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '@/components/permissions/permissions';
import { useCreateRole, useRole, useUpdateRole } from '@/features/accounts/api';
import { RoleForm } from '@/features/accounts/roles/RoleForm';
import { ApiError, errorMessage } from '@/lib/apiError';
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
    const isMissing = Number.isNaN(id) || (role.error instanceof ApiError && role.error.status === 404);
    return (
      <Result
        status={isMissing ? '404' : 'error'}
        title={isMissing ? t('common:errors.notFoundTitle') : errorMessage(role.error, t('loadError'))}
        extra={<Button onClick={() => void navigate(ROLES_PATH)}>{t('list.title')}</Button>}
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
