/**
 * The reward of a referral (issue 14, part 6), booked by the charges engine inside its finish transaction: the
 * invited user's first delivered charge after the referral was made credits the inviter and, when set, the invited
 * user through the ledger (basis `referral_bonus`, method `promotion`) and makes the referral rewarded with that
 * charge. The referral changes by one conditional UPDATE (`status = 'pending'`): concurrent finishes of the invited
 * user's charges queue on its row, and the second finds it rewarded and books nothing.
 */
import { formatSom } from '@zaryad/contracts';
import { type AnyColumn, and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { placeholder, prepared } from '../../platform/prepared';
import type { Transaction } from '../../platform/transaction';
import { balanceEntries } from '../users';
import { referralSettings, referrals } from './referrals.tables';

type TReader = Transaction | Database;

/** The network's bonuses in tyiyn; 0 means none. */
export interface ReferralBonuses {
  inviter: bigint;
  invited: bigint;
}

export const readReferralBonuses = async (db: TReader): Promise<ReferralBonuses> => {
  const [row] = await db.select().from(referralSettings).where(eq(referralSettings.id, 1));
  return { inviter: row?.inviterBonus ?? 0n, invited: row?.invitedBonus ?? 0n };
};

/** A ledger credit of a referral bonus. */
export const referralBonusEntry = (userId: number, amount: bigint, chargeId: number, at: Date) => ({
  userId,
  createdAt: at,
  basis: 'referral_bonus' as const,
  method: 'promotion' as const,
  credit: amount,
  debit: 0n,
  chargeId,
});

/** What a reward booked: whom, how much (tyiyn), for which referral. */
export interface ReferralReward {
  referralId: number;
  inviterUserId: number;
  invitedUserId: number;
  chargeId: number;
  at: Date;
  bonuses: ReferralBonuses;
}

/** A delivered charge of `invitedUserId` that finished at `finishedAt`. */
export interface DeliveredCharge {
  invitedUserId: number;
  chargeId: number;
  finishedAt: Date;
}

// The bonuses read in the same statement: most finishes reward nothing. Prepared (platform/prepared.ts): every
// delivered finish runs it.
const rewardPending = prepared('referrals_reward_pending', (db) => {
  const setting = (column: AnyColumn) =>
    sql`coalesce((select ${column} from ${referralSettings} where ${referralSettings.id} = 1), 0)`;
  return db
    .update(referrals)
    .set({
      status: 'rewarded',
      rewardedAt: placeholder(referrals.rewardedAt, 'finishedAt'),
      chargeId: placeholder(referrals.chargeId, 'chargeId'),
      inviterBonus: setting(referralSettings.inviterBonus),
      invitedBonus: setting(referralSettings.invitedBonus),
    })
    .where(
      and(
        eq(referrals.invitedUserId, sql.placeholder('invitedUserId')),
        eq(referrals.status, 'pending'),
        lte(referrals.registeredAt, placeholder(referrals.registeredAt, 'finishedAt')),
      ),
    )
    .returning({
      id: referrals.id,
      inviterUserId: referrals.inviterUserId,
      inviter: referrals.inviterBonus,
      invited: referrals.invitedBonus,
    });
});

/**
 * Rewards the invited user's pending referral with this delivered charge, once: null when there is none, it is
 * rewarded already, or it was made after the charge finished. The credits go in user-id order, as every writer of
 * several balances takes their row locks.
 */
export const rewardReferral = async (tx: Transaction, charge: DeliveredCharge): Promise<ReferralReward | null> => {
  const [rewarded] = await rewardPending(tx, {
    invitedUserId: charge.invitedUserId,
    chargeId: charge.chargeId,
    finishedAt: charge.finishedAt,
  });
  if (!rewarded) {
    return null;
  }
  const reward: ReferralReward = {
    referralId: rewarded.id,
    inviterUserId: rewarded.inviterUserId,
    invitedUserId: charge.invitedUserId,
    chargeId: charge.chargeId,
    at: charge.finishedAt,
    bonuses: { inviter: rewarded.inviter ?? 0n, invited: rewarded.invited ?? 0n },
  };
  const credits = rewardEntries(reward).sort((a, b) => a.userId - b.userId);
  for (const credit of credits) {
    await tx.insert(balanceEntries).values(credit);
  }
  return reward;
};

/** The ledger credits of a reward: the inviter's, then the invited user's, each only when above 0. */
const rewardEntries = (reward: ReferralReward) => [
  ...(reward.bonuses.inviter > 0n
    ? [referralBonusEntry(reward.inviterUserId, reward.bonuses.inviter, reward.chargeId, reward.at)]
    : []),
  ...(reward.bonuses.invited > 0n
    ? [referralBonusEntry(reward.invitedUserId, reward.bonuses.invited, reward.chargeId, reward.at)]
    : []),
];

/** `"150.00"` of a bonus column, null while pending. */
export const bonusText = (tyiyn: bigint | null) => (tyiyn === null ? null : formatSom(tyiyn));
