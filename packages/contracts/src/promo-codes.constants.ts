/** Promo codes' constants without zod: the list screen imports these. */
export const PROMO_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PROMO_CODE_LIMITS = { count: 10_000, prefix: 8, lengthMin: 6, lengthMax: 16, uses: 1_000_000 } as const;
export const PROMO_CODE_STATES = ['unused', 'used', 'expired', 'deactivated'] as const;
export type TPromoCodeState = (typeof PROMO_CODE_STATES)[number];
