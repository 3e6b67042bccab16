import type { TUserRow } from '@zaryad/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPhone } from '@/components/phone-input/phoneMask';
import { StatusTag } from '@/components/status-tag/StatusTag';
import { Money } from '@/components/money/Money';
import { carText, genderText } from '@/features/users/userText';
import { formatDate, formatDateTime } from '@/lib/dates';

/** docs/product/users.md#3-records's User as table columns; the name opens `user/{id}`, dates and times in Asia/Bishkek. */
export const useUserColumns = (): TableColumnsType<TUserRow> => {
  const { t } = useTranslation('users');
  return [
    { key: 'account', title: t('fields.account'), dataIndex: 'personal_account' },
    {
      key: 'name',
      title: t('fields.name'),
      render: (_value, user) => <Link to={`/user/${user.id}`}>{user.name || `#${user.id}`}</Link>,
    },
    {
      key: 'phone',
      title: t('fields.phone'),
      render: (_value, user) => <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(user.phone)}</span>,
    },
    { key: 'email', title: t('fields.email'), render: (_value, user) => user.email || '—' },
    { key: 'gender', title: t('fields.gender'), render: (_value, user) => genderText(t, user.gender) },
    { key: 'birthday', title: t('fields.birthday'), render: (_value, user) => formatDate(user.birthday) || '—' },
    { key: 'age', title: t('fields.age'), render: (_value, user) => user.age ?? '—' },
    {
      key: 'registeredAt',
      title: t('fields.registeredAt'),
      render: (_value, user) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(user.registered_at)}</span>,
    },
    { key: 'car', title: t('fields.car'), render: (_value, user) => carText(user.car) },
    { key: 'licence', title: t('fields.driverLicence'), render: (_value, user) => user.driver_licence || '—' },
    {
      key: 'balance',
      title: t('fields.balance'),
      align: 'right',
      render: (_value, user) => <Money value={user.balance} />,
    },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_value, user) => <StatusTag status={user.status} wording="blocking" />,
    },
  ];
};
