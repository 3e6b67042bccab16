import { lazy } from 'react';

// What other screens show of referrals, each a chunk of its own loaded with the referrals' texts.
/** The settings screen's card of the referral bonuses. */
export const ReferralSettingsCard = lazy(async () => {
  const module = await import('@/features/referrals/ReferralSettingsCard');
  await module.textsReady;
  return { default: module.ReferralSettingsCard };
});

/** A user's inviter, for the user's page. */
export const InvitedBy = lazy(async () => {
  const module = await import('@/features/referrals/UserReferrals');
  await module.textsReady;
  return { default: module.InvitedBy };
});

/** How many users a user invited, for the user's page. */
export const InvitedUsers = lazy(async () => {
  const module = await import('@/features/referrals/UserReferrals');
  await module.textsReady;
  return { default: module.InvitedUsers };
});
