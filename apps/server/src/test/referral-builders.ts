import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { referralSettings, registerReferral } from '../modules/referrals';
import { appUsers } from '../modules/users';
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

/** Sets the network's referral bonuses (tyiyn), as the settings screen does. */
export const setReferralBonuses = async (db: Database, bonuses: { inviter: bigint; invited: bigint }) => {
  const values = { inviterBonus: bonuses.inviter, invitedBonus: bonuses.invited, updatedAt: new Date() };
  await db
    .insert(referralSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: referralSettings.id, set: values });
};

/** Links an existing user to the inviter found by personal account (the end-to-end fixtures know accounts, not codes). */
export const linkReferralByAccount = async (
  db: Database,
  link: { inviterAccount: string; invitedUserId: number; registeredAt: Date },
) => {
  const [inviter] = await db
    .select({ code: appUsers.referralCode })
    .from(appUsers)
    .where(eq(appUsers.personalAccount, link.inviterAccount));
  if (!inviter) {
    throw new Error(`no user with the personal account ${link.inviterAccount}`);
  }
  return registerReferral(db, {
    invitedUserId: link.invitedUserId,
    code: inviter.code,
    registeredAt: link.registeredAt,
  });
};
