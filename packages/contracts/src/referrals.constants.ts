/** Referrals' constants, without zod: list screens read them (the schemas live in referrals.ts). */
export const REFERRAL_STATUSES = ['pending', 'rewarded'] as const;
export type TReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** The most a referral bonus may be, in som. */
export const REFERRAL_BONUS_MAX_SOM = 100_000;
