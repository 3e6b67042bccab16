import type { TAccount } from '@zaryad/contracts';
import { Button } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { prioritize, type TListColumns } from '@/components/data-table/columnPriority';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatPhone } from '@/components/phone-input/phoneMask';
import { StatusTag } from '@/components/status-tag/StatusTag';
import { accountName } from '@/features/accounts/accountName';
import { formatDateTime } from '@/lib/dates';
import { VISUALLY_HIDDEN } from '@/lib/visuallyHidden';

/** The accounts table's columns; the name opens the details, the pencil the edit form. */
export const useAccountColumns = (): TListColumns<TAccount> => {
  const { t } = useTranslation(['accounts', 'common']);
  const navigate = useNavigate();
  return prioritize<TAccount>(
    [
      { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 80 },
      {
        key: 'name',
        title: t('fields.name'),
        render: (_value, account) => <Link to={`/accounts/details/${account.id}`}>{accountName(account)}</Link>,
      },
      { key: 'role', title: t('fields.role'), render: (_value, account) => account.role.name },
      { key: 'email', title: t('fields.email'), dataIndex: 'email' },
      { key: 'phone', title: t('fields.phone'), render: (_value, account) => formatPhone(account.phone) },
      { key: 'position', title: t('fields.position'), dataIndex: 'position' },
      {
        key: 'status',
        title: t('fields.status'),
        render: (_value, account) => <StatusTag status={account.status} wording="blocking" />,
      },
      {
        key: 'createdAt',
        title: t('fields.createdAt'),
        render: (_value, account) => formatDateTime(account.created_at),
      },
      {
        key: 'actions',
        title: <span style={VISUALLY_HIDDEN}>{t('common:actions.edit')}</span>,
        width: 64,
        render: (_value, account) => (
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('common:actions.edit')}: ${accountName(account)}`}
            onClick={() => void navigate(`/accounts/edit/${account.id}`)}
          />
        ),
      },
    ],
    {
      name: { priority: 'identity', truncate: true, width: 220 },
      role: 'key',
      status: 'key',
      id: 'detail',
      position: 'detail',
      email: { priority: 'normal', truncate: true },
      actions: 'key',
    },
  );
};
