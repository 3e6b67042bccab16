/** Payment methods of docs/product/common.md#3-records (charges and ledger entries), without zod (users.constants.ts). */
export const PAYMENT_METHODS = ['cash', 'other_card', 'personal_balance', 'promotion'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];
