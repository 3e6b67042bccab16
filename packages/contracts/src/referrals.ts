import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged } from './common';
import { REPORT_FORMATS } from './merchants';
import { registerMessages } from './messages';
import { ZMoney, zMoneyInput } from './money';
import { REFERRAL_BONUS_MAX_SOM, REFERRAL_STATUSES } from './referrals.constants';
import { REFERRALS_MESSAGES } from './referrals.messages';
import { rangesInOrder, zDate } from './rules';
import { USER_LIMITS, zUserId } from './users';

// The messages come with the schemas that use them (messages.ts, TLateMessages).
registerMessages(REFERRALS_MESSAGES);

/**
 * Referrals (issue 14, part 6): an app user invited by another with the inviter's referral code, linked at the invited
 * user's registration. Pending until the invited user's first delivered charge, which books the bonuses of the
 * referral settings through the ledger (basis `referral_bonus`) and makes it rewarded.
 */

/** A side of a referral as the list shows it. */
export const ZReferralUser = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  personal_account: z.string(),
});
export type TReferralUser = z.infer<typeof ZReferralUser>;

/** A row of GET /ads/referrals/. Instants are ISO (UTC); bonuses are null until rewarded. */
export const ZReferral = z.object({
  id: z.number().int(),
  inviter: ZReferralUser,
  invited: ZReferralUser,
  /** The inviter's code as the invited user entered it. */
  code: z.string(),
  registered_at: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  rewarded_at: z.string().nullable(),
  /** The invited user's charge that earned the reward. */
  charge_id: z.number().int().nullable(),
  inviter_bonus: ZMoney.nullable(),
  invited_bonus: ZMoney.nullable(),
});
export type TReferral = z.infer<typeof ZReferral>;
export const ZReferralPage = zPaged(ZReferral);

const referralFilters = {
  status: optionalFilter(z.enum(REFERRAL_STATUSES, { message: 'invalid_choice' })),
  /** One user's referrals: as the inviter, or as the invited (the user's page). */
  inviter: optionalFilter(zUserId()),
  invited: optionalFilter(zUserId()),
  /** Registered (linked) within these Bishkek days, both included. */
  registration_date__from: optionalFilter(zDate()),
  registration_date__to: optionalFilter(zDate()),
  /** Rewarded within these Bishkek days, both included. */
  rewarded_date__from: optionalFilter(zDate()),
  rewarded_date__to: optionalFilter(zDate()),
};

const datesInOrder = rangesInOrder<{
  registration_date__from?: string;
  registration_date__to?: string;
  rewarded_date__from?: string;
  rewarded_date__to?: string;
}>([
  ['registration_date__from', 'registration_date__to'],
  ['rewarded_date__from', 'rewarded_date__to'],
]);

/** GET /ads/referrals/: newest first; search over both users' names, phones and personal accounts, and the code. */
export const ZReferralListQuery = ZPageQuery.extend(referralFilters).superRefine(datesInOrder);
export type TReferralListQuery = z.input<typeof ZReferralListQuery>;
export type TReferralListFilters = z.output<typeof ZReferralListQuery>;

/** GET /ads/referrals/export/?format=xlsx|csv with the list's filters and order. */
export const ZReferralExportQuery = ZPageQuery.omit({ page: true, size: true })
  .extend({ ...referralFilters, format: z.enum(REPORT_FORMATS, { message: 'invalid_choice' }) })
  .superRefine(datesInOrder);
export type TReferralExportQuery = z.input<typeof ZReferralExportQuery>;

/**
 * POST /ads/referrals/: links an invited user to the owner of `code`, as the drivers' app does at registration (the
 * operator on a driver's behalf until then).
 */
export const ZReferralCreateBody = z.object({
  invited: zUserId(),
  code: z
    .string({ message: 'required' })
    .trim()
    .toUpperCase()
    .min(1, { message: 'required' })
    .max(USER_LIMITS.referralCode, { message: `max_length:${USER_LIMITS.referralCode}` }),
});
export type TReferralCreateBody = z.input<typeof ZReferralCreateBody>;

/** GET /settings/referrals/: the network's bonuses, in som; 0.00 means none. */
export const ZReferralSettings = z.object({ inviter_bonus: ZMoney, invited_bonus: ZMoney });
export type TReferralSettings = z.infer<typeof ZReferralSettings>;

const zBonus = () =>
  zMoneyInput()
    .refine((tyiyn) => tyiyn >= 0n, { message: 'min_value:0' })
    .refine((tyiyn) => tyiyn <= BigInt(REFERRAL_BONUS_MAX_SOM) * 100n, {
      message: `referral_bonus_max:${REFERRAL_BONUS_MAX_SOM}`,
    });

/** PATCH /settings/referrals/: only the fields sent change; amounts as numbers or numeric strings. */
export const ZReferralSettingsUpdateBody = z.object({
  inviter_bonus: zBonus().optional(),
  invited_bonus: zBonus().optional(),
});
export type TReferralSettingsUpdateBody = z.input<typeof ZReferralSettingsUpdateBody>;
