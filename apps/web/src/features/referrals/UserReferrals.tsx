import { Flex, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useReferrals } from '@/features/referrals/api';
import { ReferralStatusTag } from '@/features/referrals/useReferralColumns';

export { textsReady } from '@/features/referrals/texts';

/** On a user's page: who invited the user (a link to the inviter) and the referral's status; '—' when no one. */
export const InvitedBy = ({ userId }: { userId: number }) => {
  const { data } = useReferrals({ invited: userId, page: 1, size: 10 });
  if (!data) {
    return <Skeleton.Input active size="small" />;
  }
  const [referral] = data.items;
  if (!referral) {
    return '—';
  }
  return (
    <Flex gap={8} align="center" wrap>
      <Link to={`/user/${referral.inviter.id}`}>{referral.inviter.name || referral.inviter.personal_account}</Link>
      <ReferralStatusTag status={referral.status} />
    </Flex>
  );
};

/** On a user's page: how many users they invited, linking to those referrals. */
export const InvitedUsers = ({ userId }: { userId: number }) => {
  const { data } = useReferrals({ inviter: userId, page: 1, size: 10 });
  if (!data) {
    return <Skeleton.Input active size="small" />;
  }
  return data.total === 0 ? '0' : <Link to={`/list-of-referrals?inviter=${userId}`}>{data.total}</Link>;
};
