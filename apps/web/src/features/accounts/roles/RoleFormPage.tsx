import { EditOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Flex, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRecordTrail } from '@/components/page-title/recordTrail';
import { useCan } from '@/components/permissions/permissions';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { useCreateRole, useRole, useUpdateRole } from '@/features/accounts/api';
import { HeldLegend, PermissionMatrix } from '@/features/accounts/roles/PermissionMatrix';
import { RoleForm } from '@/features/accounts/roles/RoleForm';
import { isRoleEditable, roleEditPath, ROLES_PATH, roleViewPath } from '@/features/accounts/roles/rolePaths';
import { useIdParam } from '@/lib/useIdParam';

/** A role that cannot be read (a bad id, a missing role, a failed request), on its edit and view pages alike. */
const RoleLoadError = ({ error }: { error: unknown }) => {
  const { t } = useTranslation('roles');
  return (
    <RecordLoadError error={error} back={{ to: ROLES_PATH, label: t('list.title') }} failedTitle={t('loadError')} />
  );
};

/** `accounts/roles/create`: a custom role from the matrix. */
export const RoleCreatePage = () => {
  const { t } = useTranslation('roles');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateRole();
  return (
    // The header names the page ("New role"); the card does not repeat it.
    <Card>
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

/**
 * `accounts/roles/edit/{id}`: a custom role's name and matrix. A built-in role, or any role for an account without
 * `roles.manage`, is not edited: its edit address leads to its view page (issue 33, item 3).
 */
export const RoleEditPage = () => {
  const { t } = useTranslation(['roles', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useIdParam('id');
  const role = useRole(id);
  const update = useUpdateRole(id);
  const canManage = useCan('roles.manage');
  const isReadOnly = role.data !== undefined && !isRoleEditable(role.data, canManage);
  useRecordTrail([role.data && { title: role.data.name, path: roleViewPath(id) }]);
  useEffect(() => {
    if (isReadOnly) {
      void navigate(roleViewPath(id), { replace: true });
    }
  }, [id, isReadOnly, navigate]);

  if (role.isError || Number.isNaN(id)) {
    return <RoleLoadError error={Number.isNaN(id) ? null : role.error} />;
  }
  if (!role.data || isReadOnly) {
    return <Skeleton active />;
  }
  return (
    // The header names the page ("<role> — editing the role"); the card does not repeat it.
    <Card>
      <RoleForm
        key={role.data.id}
        role={role.data}
        isLocked={false}
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

/**
 * `accounts/roles/view/{id}`: a role to read (every built-in role, and every role for an account that may only view
 * roles): its name, kind and holders, and the matrix as ticks and dashes (issue 33, item 3). A custom role offers
 * Edit to an account that manages roles.
 */
export const RoleViewPage = () => {
  const { t } = useTranslation(['roles', 'common']);
  const navigate = useNavigate();
  const id = useIdParam('id');
  const role = useRole(id);
  const canManage = useCan('roles.manage');
  useRecordTrail([role.data && { title: role.data.name, path: roleViewPath(id) }]);

  if (role.isError || Number.isNaN(id)) {
    return <RoleLoadError error={Number.isNaN(id) ? null : role.error} />;
  }
  if (!role.data) {
    return <Skeleton active />;
  }
  const shown = role.data;
  return (
    <Card
      title={shown.name}
      extra={
        <Flex gap={8} wrap>
          <Button onClick={() => void navigate(ROLES_PATH)}>{t('common:actions.back')}</Button>
          {isRoleEditable(shown, canManage) ? (
            <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => void navigate(roleEditPath(id))}>
              {t('common:actions.edit')}
            </Button>
          ) : null}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {isRoleEditable(shown, canManage) ? null : (
          <Alert type="info" showIcon title={shown.is_built_in ? t('form.builtInNote') : t('form.readOnlyNote')} />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'kind',
              label: t('list.kind'),
              children: shown.is_built_in ? <Tag color="blue">{t('list.builtIn')}</Tag> : <Tag>{t('list.custom')}</Tag>,
            },
            { key: 'permissions', label: t('list.permissionsCount'), children: shown.permissions.length },
            { key: 'accounts', label: t('list.accountsCount'), children: shown.accounts_count },
          ]}
        />
        <div>
          <h2 style={{ fontSize: 16, fontWeight: 600, margin: '0 0 8px' }}>{t('form.matrix')}</h2>
          <PermissionMatrix value={shown.permissions} readOnly />
          <HeldLegend />
        </div>
      </Flex>
    </Card>
  );
};
