import { EditOutlined, FileSearchOutlined, PlusOutlined } from '@ant-design/icons';
import type { TRoleDetails } from '@zaryad/contracts';
import { App, Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/ConfirmDelete';
import { prioritize } from '@/components/data-table/columnPriority';
import { explainDeleteRefusal } from '@/components/feedback/deleteRefusal';
import { ListPage } from '@/components/list-page/ListPage';
import { pageOf } from '@/components/list-page/pageOf';
import { useListPage } from '@/components/list-page/useListPage';
import { useCan } from '@/components/permissions/permissions';
import { useDeleteRole, useRoles } from '@/features/accounts/api';
import { isRoleEditable, roleEditPath, roleViewPath } from '@/features/accounts/roles/rolePaths';
import { VISUALLY_HIDDEN } from '@/lib/visuallyHidden';

/** The server answers every role at once; the list pages them here. */
const roleHooks = { useList: (query: { page: number; size: number }) => useRoles((roles) => pageOf(roles, query)) };

/** No filters: a network holds a handful of roles. */
const NO_FILTERS = {};

/**
 * `/accounts/roles`: every role with how many accounts hold it. Built-in roles open read-only; custom ones are
 * edited and deleted by an account holding `roles.manage` (a role in use is refused with the server's message).
 */
export const RolesListPage = () => {
  const { t } = useTranslation(['roles', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const state = useListPage({ filters: NO_FILTERS, hooks: roleHooks, permission: 'roles' });
  const remove = useDeleteRole();
  const canManage = useCan('roles.manage');

  const deleteRole = async (role: TRoleDetails) => {
    try {
      await remove.mutateAsync(role.id);
    } catch (error) {
      throw explainDeleteRefusal(error);
    }
    void message.success(t('list.deleted'));
  };

  const columns = prioritize<TRoleDetails>(
    [
      { key: 'name', title: t('list.name'), dataIndex: 'name' },
      {
        key: 'kind',
        title: t('list.kind'),
        render: (_value, role) =>
          role.is_built_in ? <Tag color="blue">{t('list.builtIn')}</Tag> : <Tag>{t('list.custom')}</Tag>,
      },
      {
        key: 'permissions',
        title: t('list.permissionsCount'),
        align: 'right',
        render: (_value, role) => role.permissions.length,
      },
      { key: 'accounts', title: t('list.accountsCount'), align: 'right', dataIndex: 'accounts_count' },
      {
        key: 'actions',
        title: <span style={VISUALLY_HIDDEN}>{t('common:actions.edit')}</span>,
        width: 104,
        render: (_value, role) => {
          const isEditable = isRoleEditable(role, canManage);
          return (
            <Flex gap={4}>
              <Button
                type="text"
                icon={isEditable ? <EditOutlined aria-hidden /> : <FileSearchOutlined aria-hidden />}
                aria-label={t(isEditable ? 'list.editLabel' : 'list.viewLabel', { name: role.name })}
                onClick={() => void navigate(isEditable ? roleEditPath(role.id) : roleViewPath(role.id))}
              />
              {isEditable ? (
                <ConfirmDelete
                  label={t('list.deleteLabel', { name: role.name })}
                  title={t('list.deleteTitle', { name: role.name })}
                  onConfirm={() => deleteRole(role)}
                />
              ) : null}
            </Flex>
          );
        },
      },
    ],
    { name: { priority: 'identity', truncate: true, width: 240 }, kind: 'key', accounts: 'key' },
  );

  return (
    <ListPage
      state={state}
      label={t('list.title')}
      columns={columns}
      listName="roles"
      actions={
        canManage ? (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => void navigate('/accounts/roles/create')}
          >
            {t('list.create')}
          </Button>
        ) : null
      }
    />
  );
};
