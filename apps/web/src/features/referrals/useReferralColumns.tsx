import type { TReferralStatus } from '@zaryad/contracts';
import type { TReferral, TReferralUser } from '@zaryad/contracts/referrals';
import { Flex, Tag, Typography } from 'antd';
import { prioritize, type TListColumns } from '@/components/data-table/columnPriority';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPhone } from '@/components/phone-input/phoneMask';
import { formatDateTime } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** The theme's warning and success tags: antd's gold and green presets draw under 4.5:1 on their tint (WCAG AA). */
const STATUS_COLOURS: Record<TReferralStatus, string> = { pending: 'warning', rewarded: 'success' };

/** A side of the referral: the name linking to the user's page, the account and phone below it. */
const UserCell = ({ user }: { user: TReferralUser }) => (
  <Flex vertical>
    <Link to={`/user/${user.id}`}>{user.name || user.personal_account}</Link>
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {`${user.personal_account} · ${formatPhone(user.phone)}`}
    </Typography.Text>
  </Flex>
);

/** A referral's status as a coloured word. */
export const ReferralStatusTag = ({ status }: { status: TReferralStatus }) => {
  const { t } = useTranslation('referrals');
  return <Tag color={STATUS_COLOURS[status]}>{t(`statuses.${status}`)}</Tag>;
};

/** The columns of `/list-of-referrals`: both users, the code, dates in Bishkek time, status and bonuses. */
export const useReferralColumns = (): TListColumns<TReferral> => {
  const { t } = useTranslation('referrals');
  const { money } = useNumberFormat();
  return prioritize(
    [
      { key: 'inviter', title: t('columns.inviter'), render: (_value, row) => <UserCell user={row.inviter} /> },
      { key: 'invited', title: t('columns.invited'), render: (_value, row) => <UserCell user={row.invited} /> },
      { key: 'code', title: t('columns.code'), render: (_value, row) => row.code },
      {
        key: 'registeredAt',
        title: t('columns.registeredAt'),
        render: (_value, row) => formatDateTime(row.registered_at),
      },
      { key: 'status', title: t('columns.status'), render: (_value, row) => <ReferralStatusTag status={row.status} /> },
      {
        key: 'rewardedAt',
        title: t('columns.rewardedAt'),
        render: (_value, row) =>
          row.rewarded_at ? (
            <Flex vertical>
              <span>{formatDateTime(row.rewarded_at)}</span>
              {row.charge_id === null ? null : (
                <Link to={`/chargers-list?search_by_id=${row.charge_id}`} style={{ fontSize: 12 }}>
                  {t('columns.charge', { id: row.charge_id })}
                </Link>
              )}
            </Flex>
          ) : (
            '—'
          ),
      },
      {
        key: 'bonuses',
        title: t('columns.bonuses'),
        render: (_value, row) =>
          row.inviter_bonus === null || row.invited_bonus === null ? (
            '—'
          ) : (
            <Flex vertical>
              <span>{t('columns.inviterBonus', { amount: money(row.inviter_bonus) })}</span>
              <span>{t('columns.invitedBonus', { amount: money(row.invited_bonus) })}</span>
            </Flex>
          ),
      },
    ],
    {
      invited: 'identity',
      status: 'key',
      bonuses: 'key',
      registeredAt: 'normal',
      rewardedAt: 'normal',
      code: 'normal',
    },
  );
};
