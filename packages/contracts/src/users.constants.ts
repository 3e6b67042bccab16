/**
 * The app users' and the ledger's fixed lists (docs/product/users.md#3-records), without zod: the web's list screens
 * and filters take them from `@zaryad/contracts/users-constants` and stay free of the schemas.
 */
export { PAYMENT_METHODS, type TPaymentMethod } from './money.constants';

export const GENDERS = ['male', 'female'] as const;
export type TGender = (typeof GENDERS)[number];

/** Why a ledger entry was made. */
export const BALANCE_BASES = [
  'top_up',
  'charge_payment',
  'refund',
  'promotion_bonus',
  'referral_bonus',
  'correction',
] as const;
export type TBalanceBasis = (typeof BALANCE_BASES)[number];
