import type { TCardPaymentKind, TCardPaymentStatus } from '@zaryad/contracts/payments';

/**
 * A card payment's status colour: paid green, awaiting the driver blue (antd's moving badge), failed red, the ones that
 * never got paid grey. The word is always written beside the colour. A Record of the contract's type, so the
 * typecheck fails when the contract gains a status: importing CARD_PAYMENT_STATUSES would bring the contract's
 * schemas, and zod with them, into the list screen (apps/web size budget).
 */
export const CARD_PAYMENT_STATUS_COLOURS: Record<TCardPaymentStatus, string> = {
  created: 'default',
  pending: 'processing',
  paid: 'success',
  failed: 'red',
  expired: 'default',
};

export const CARD_PAYMENT_STATUS_LIST = Object.keys(CARD_PAYMENT_STATUS_COLOURS) as TCardPaymentStatus[];

/** A card payment's kinds, in the filter's order: a Record of the contract's type for the same reason as above. */
const CARD_PAYMENT_KINDS_SHOWN: Record<TCardPaymentKind, true> = { top_up: true, auto_top_up: true };

export const CARD_PAYMENT_KIND_LIST = Object.keys(CARD_PAYMENT_KINDS_SHOWN) as TCardPaymentKind[];
