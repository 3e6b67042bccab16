import type { Database } from '../db/client';
import { registerReferral } from '../modules/referrals';
import { type BuiltUser, buildUser, type UserOverrides } from './user-builders';

/**
 * An app user who registers with the inviter's referral code: the user and the referral in one transaction, as the
 * drivers' app's registration will make them.
 */
export const buildInvitedUser = async (
  db: Database,
  inviter: Pick<BuiltUser, 'referralCode'>,
  overrides: UserOverrides = {},
): Promise<BuiltUser & { referralId: number }> =>
  db.transaction(async (tx) => {
    const user = await buildUser(tx, overrides);
    const referral = await registerReferral(tx, {
      invitedUserId: user.id,
      code: inviter.referralCode,
      ...(overrides.registeredAt && { registeredAt: overrides.registeredAt }),
    });
    return { ...user, referralId: referral.id };
  });
