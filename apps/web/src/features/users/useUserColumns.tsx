import type { TUserRow } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TListColumns } from '@/components/data-table/columnPriority';
import { formatPhone } from '@/components/phone-input/phoneMask';
import { StatusTag } from '@/components/status-tag/StatusTag';
import { Money } from '@/components/money/Money';
import { carText, genderText } from '@/features/users/userText';
import { formatDate, formatDateTime } from '@/lib/dates';

/**
 * docs/product/users.md#3-records's User as table columns; the name opens `user/{id}`, dates and times in Asia/Bishkek.
 * Priorities (issue 33): the name names the row; the registration date, balance and status are key, in view at
 * 1280 px; e-mail, gender, birthday, age, car and licence are read in the row's expanded part unless shown.
 */
export const useUserColumns = (): TListColumns<TUserRow> => {
  const { t } = useTranslation('users');
  return [
    {
      key: 'name',
      priority: 'identity',
      truncate: true,
      width: 200,
      title: t('fields.name'),
      render: (_value, user) => <Link to={`/user/${user.id}`}>{user.name || `#${user.id}`}</Link>,
    },
    { key: 'account', priority: 'normal', title: t('fields.account'), dataIndex: 'personal_account' },
    {
      key: 'phone',
      priority: 'normal',
      title: t('fields.phone'),
      render: (_value, user) => formatPhone(user.phone),
    },
    {
      key: 'registeredAt',
      priority: 'key',
      title: t('fields.registeredAt'),
      render: (_value, user) => formatDateTime(user.registered_at),
    },
    {
      key: 'balance',
      priority: 'key',
      title: t('fields.balance'),
      align: 'right',
      render: (_value, user) => <Money value={user.balance} />,
    },
    {
      key: 'status',
      priority: 'key',
      title: t('fields.status'),
      render: (_value, user) => <StatusTag status={user.status} wording="blocking" />,
    },
    {
      key: 'email',
      priority: 'detail',
      truncate: true,
      title: t('fields.email'),
      render: (_value, user) => user.email || '—',
    },
    {
      key: 'gender',
      priority: 'detail',
      title: t('fields.gender'),
      render: (_value, user) => genderText(t, user.gender),
    },
    {
      key: 'birthday',
      priority: 'detail',
      title: t('fields.birthday'),
      render: (_value, user) => formatDate(user.birthday) || '—',
    },
    { key: 'age', priority: 'detail', title: t('fields.age'), render: (_value, user) => user.age ?? '—' },
    { key: 'car', priority: 'detail', title: t('fields.car'), render: (_value, user) => carText(user.car) },
    {
      key: 'licence',
      priority: 'detail',
      title: t('fields.driverLicence'),
      render: (_value, user) => user.driver_licence || '—',
    },
  ];
};
