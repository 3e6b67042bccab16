import type { TBalanceEntry } from '@zaryad/contracts';
import type { TableColumnsType } from 'antd';
import { prioritize, type TListColumns } from '@/components/data-table/columnPriority';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextSpan } from '@/components/text/TextSpan';
import { Money } from '@/components/money/Money';
import { formatDateTime } from '@/lib/dates';

/** A zero side of an entry is left blank, so that the debit and credit columns read at a glance. */
const side = (value: string) => (/^-?0\.00$/.test(value) ? '' : <Money value={value} />);

/**
 * The statement's columns (docs/product/users.md#3-records's Balance transaction): date in Asia/Bishkek, basis, method, debit,
 * credit, deposit after, comment and the account that made it. `withUser` adds the user, for the statement of all.
 */
export const useEntryColumns = ({ withUser }: { withUser: boolean }): TListColumns<TBalanceEntry> => {
  const { t } = useTranslation('users');
  const columns: TableColumnsType<TBalanceEntry> = [
    {
      key: 'date',
      title: t('statement.date'),
      render: (_value, entry) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</span>,
    },
  ];
  if (withUser) {
    columns.push({
      key: 'user',
      title: t('statement.user'),
      render: (_value, entry) => (
        <Link to={`/user/${entry.user.id}`}>{entry.user.name || entry.user.personal_account}</Link>
      ),
    });
  }
  columns.push(
    { key: 'basis', title: t('statement.basis'), render: (_value, entry) => t(`bases.${entry.basis}`) },
    { key: 'method', title: t('statement.method'), render: (_value, entry) => t(`methods.${entry.method}`) },
    { key: 'debit', title: t('statement.debit'), align: 'right', render: (_value, entry) => side(entry.debit) },
    { key: 'credit', title: t('statement.credit'), align: 'right', render: (_value, entry) => side(entry.credit) },
    {
      key: 'deposit',
      title: t('statement.deposit'),
      align: 'right',
      render: (_value, entry) => <Money value={entry.deposit} />,
    },
    {
      key: 'comment',
      title: t('statement.comment'),
      render: (_value, entry) => (
        <>
          {entry.comment}
          {entry.user_blocked ? (
            <>
              {entry.comment ? ' ' : null}
              <TextSpan tone="secondary">({t('statement.blockedAtTime')})</TextSpan>
            </>
          ) : null}
        </>
      ),
    },
    {
      key: 'account',
      title: t('statement.account'),
      render: (_value, entry) =>
        entry.account ? (
          `${entry.account.last_name} ${entry.account.first_name}`.trim()
        ) : (
          <TextSpan tone="secondary">{t('statement.app')}</TextSpan>
        ),
    },
  );
  return prioritize(columns, {
    date: 'identity',
    debit: 'key',
    credit: 'key',
    deposit: 'key',
    comment: { priority: 'normal', truncate: true },
    account: 'normal',
  });
};
