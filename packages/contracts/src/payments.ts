/**
 * The wallet (issue 39, docs/product/payments.md): card top-ups through the payment provider (FreedomPay), the hold a
 * running charge keeps on the balance, refunds of charges and of card payments, and corrections of a balance. The
 * dashboard's card payments live at /api/v1/card-payments/ (the statement keeps its SPEC name /users/payments/); the
 * drivers' app pays at /api/app/v1/payments/.
 */
import { z } from 'zod';
import { ZAccountRef } from './accounts';
import { optionalFilter, ZPageQuery, zPaged } from './common';
import { REPORT_FORMATS } from './merchants';
import { registerMessages } from './messages';
import { formatSom, ZMoney, zMoneyInput } from './money';
import { PAYMENTS_MESSAGES } from './payments.messages';
import { rangesInOrder, zDate, zIdText } from './rules';
import { ZBalanceEntry, ZUserRef } from './users';

registerMessages(PAYMENTS_MESSAGES);

export const PAYMENT_PROVIDERS = ['freedompay'] as const;
export type TPaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * created: asked of the provider, not yet on its page; pending: the driver is on the provider's page; paid: the provider
 * said so (signed) and the balance is credited, once; failed: the provider refused it or the driver gave up; expired:
 * never paid within its lifetime (the status check says so).
 */
export const CARD_PAYMENT_STATUSES = ['created', 'pending', 'paid', 'failed', 'expired'] as const;
export type TCardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];
export const ZCardPaymentStatus = z.enum(CARD_PAYMENT_STATUSES, { message: 'invalid_choice' });

/** A card top-up's bounds (tyiyn): the provider's own minimum and what one card payment of a driver may sensibly be. */
export const CARD_TOP_UP = { minTyiyn: 50_00n, maxTyiyn: 50_000_00n } as const;

/** top_up: the driver paid on the provider's page; auto_top_up: the server charged the driver's saved card. */
export const CARD_PAYMENT_KINDS = ['top_up', 'auto_top_up'] as const;
export type TCardPaymentKind = (typeof CARD_PAYMENT_KINDS)[number];
export const ZCardPaymentKind = z.enum(CARD_PAYMENT_KINDS, { message: 'invalid_choice' });

/** The balance below which an automatic top-up starts: up to 10,000 som (tyiyn). */
export const AUTO_TOP_UP_THRESHOLD_MAX = 10_000_00n;
/** After this many automatic top-ups in a row fail, it stops until the driver turns it on again. */
export const AUTO_TOP_UP_FAILURES_MAX = 3;

/** A refund's or a correction's reason: required, kept whole as the ledger entry's comment and in the audit log. */
export const REASON_MAX = 200;

const zReason = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage })
    .max(REASON_MAX, { message: `max_length:${REASON_MAX}` });

const zPositiveAmount = () =>
  zMoneyInput('required').refine((tyiyn) => tyiyn > 0n, { message: 'amount_positive' });

/* The drivers' app ------------------------------------------------------------------------------------------------ */

/** POST /api/app/v1/payments/top-up/: a card top-up; `Idempotency-Key` optional (a retry answers the same payment). */
const zTopUpAmount = () =>
  zMoneyInput('top_up_required')
    .refine((tyiyn) => tyiyn >= CARD_TOP_UP.minTyiyn, { message: `top_up_amount_min:${formatSom(CARD_TOP_UP.minTyiyn)}` })
    .refine((tyiyn) => tyiyn <= CARD_TOP_UP.maxTyiyn, { message: `top_up_amount_max:${formatSom(CARD_TOP_UP.maxTyiyn)}` });

export const ZAppTopUpBody = z.object({
  amount: zTopUpAmount(),
  /**
   * Keep the card for automatic top-ups: the provider is asked to start a recurring profile with this payment (the
   * driver agrees on its page); once paid, the card is among the driver's saved cards.
   */
  save_card: z.boolean({ message: 'invalid_choice' }).optional(),
});
export type TAppTopUpBody = z.input<typeof ZAppTopUpBody>;

export const ZAppPayment = z.object({
  id: z.number().int(),
  kind: ZCardPaymentKind,
  /** Our order id, as the provider's page and the driver's bank statement show it. */
  order_id: z.string(),
  amount: ZMoney,
  status: ZCardPaymentStatus,
  /** The card as the provider masked it (`440043******1234`), once paid. */
  card: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type TAppPayment = z.infer<typeof ZAppPayment>;
export const ZAppPaymentPage = zPaged(ZAppPayment);

/** The answer of a top-up: the payment and the provider's page to open (in a browser or a web view). */
export const ZAppTopUp = z.object({ payment: ZAppPayment, redirect_url: z.string() });
export type TAppTopUp = z.infer<typeof ZAppTopUp>;

/** A card the driver saved with a top-up: the provider's recurring profile, which only the server can charge. */
export const ZSavedCard = z.object({
  id: z.number().int(),
  /** As the provider masked it (`440043******1234`). */
  card: z.string(),
  /** When the provider's profile ends (a day), null when it did not say. */
  expires_on: z.string().nullable(),
  created_at: z.string(),
});
export type TSavedCard = z.infer<typeof ZSavedCard>;
/** GET /api/app/v1/payments/cards/: the driver's saved cards, newest first. */
export const ZSavedCards = z.object({ items: z.array(ZSavedCard) });

/** Why an automatic top-up stopped by itself: its card failed too often, or the card was removed. */
export const AUTO_TOP_UP_STOPS = ['card_failed', 'card_removed'] as const;

/** GET/PUT /api/app/v1/payments/auto-top-up/: below `threshold` available, `amount` is charged to the saved card. */
export const ZAutoTopUp = z.object({
  enabled: z.boolean(),
  card: ZSavedCard.nullable(),
  threshold: ZMoney,
  amount: ZMoney,
  /** Automatic top-ups failed in a row (reset by a paid one). */
  failures: z.number().int(),
  stopped: z.enum(AUTO_TOP_UP_STOPS).nullable(),
});
export type TAutoTopUp = z.infer<typeof ZAutoTopUp>;

export const ZAutoTopUpBody = z.object({
  enabled: z.boolean({ message: 'invalid_choice' }),
  /** One of the driver's saved cards; required to turn it on. */
  card_id: z.number({ message: 'auto_top_up_card_required' }).int({ message: 'auto_top_up_card_required' }).positive({ message: 'auto_top_up_card_required' }).nullable().optional(),
  threshold: zMoneyInput('auto_top_up_threshold_required')
    .refine((tyiyn) => tyiyn >= 0n, { message: 'auto_top_up_threshold_negative', abort: true })
    .refine((tyiyn) => tyiyn <= AUTO_TOP_UP_THRESHOLD_MAX, {
      message: `auto_top_up_threshold_max:${formatSom(AUTO_TOP_UP_THRESHOLD_MAX)}`,
    }),
  amount: zTopUpAmount(),
}).superRefine((body, context) => {
  if (body.enabled && (body.card_id === undefined || body.card_id === null)) {
    context.addIssue({ code: 'custom', path: ['card_id'], message: 'auto_top_up_card_required' });
  }
});
export type TAutoTopUpBody = z.input<typeof ZAutoTopUpBody>;

/** GET /api/v1/card-payments/wallets/{user_id}/: a driver's saved cards and automatic top-up, for finance. */
export const ZCardWallet = z.object({ cards: z.array(ZSavedCard), auto_top_up: ZAutoTopUp });
export type TCardWallet = z.infer<typeof ZCardWallet>;

/* The dashboard --------------------------------------------------------------------------------------------------- */

export const ZCardRefund = z.object({
  id: z.number().int(),
  created_at: z.string(),
  amount: ZMoney,
  reason: z.string(),
  account: ZAccountRef.nullable(),
  /** The ledger entry that took the amount from the balance. */
  entry_id: z.number().int(),
});
export type TCardRefund = z.infer<typeof ZCardRefund>;

/** A row of GET /api/v1/card-payments/. */
export const ZCardPayment = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user: ZUserRef,
  provider: z.enum(PAYMENT_PROVIDERS),
  kind: ZCardPaymentKind,
  order_id: z.string(),
  /** The provider's id (pg_payment_id), once it gave one. */
  provider_payment_id: z.string().nullable(),
  amount: ZMoney,
  /** Refunded to the card so far. */
  refunded: ZMoney,
  status: ZCardPaymentStatus,
  card: z.string(),
  paid_at: z.string().nullable(),
  /** The top-up's ledger entry, once paid. */
  entry_id: z.number().int().nullable(),
  /** Why it failed, as the provider said. */
  failure: z.string(),
  /** The last status check with the provider. */
  checked_at: z.string().nullable(),
});
export type TCardPayment = z.infer<typeof ZCardPayment>;
export const ZCardPaymentPage = zPaged(ZCardPayment);

/** GET /api/v1/card-payments/{id}/: the row, its refunds and what the provider said, in order. */
export const ZCardPaymentDetail = ZCardPayment.extend({
  refunds: z.array(ZCardRefund),
  events: z.array(
    z.object({
      at: z.string(),
      /** init, callback, status, refund. */
      kind: z.string(),
      /** False for a callback whose signature did not verify (it changed nothing). */
      valid: z.boolean(),
      summary: z.string(),
    }),
  ),
});
export type TCardPaymentDetail = z.infer<typeof ZCardPaymentDetail>;

const cardPaymentFilters = {
  status: optionalFilter(ZCardPaymentStatus),
  kind: optionalFilter(ZCardPaymentKind),
  search_by_user_id: optionalFilter(zIdText()),
  period__from: optionalFilter(zDate()),
  period__to: optionalFilter(zDate()),
};
const periodInOrder = rangesInOrder<{ period__from?: string; period__to?: string }>([['period__from', 'period__to']]);

/** `search`: the order id or the provider's payment id; period days in Asia/Bishkek, of the payment's creation. */
export const ZCardPaymentListQuery = ZPageQuery.extend(cardPaymentFilters).superRefine(periodInOrder);
export type TCardPaymentListQuery = z.input<typeof ZCardPaymentListQuery>;
export type TCardPaymentFilters = z.output<typeof ZCardPaymentListQuery>;

export const ZCardPaymentExportQuery = ZPageQuery.omit({ page: true, size: true })
  .extend({ ...cardPaymentFilters, format: z.enum(REPORT_FORMATS, { message: 'invalid_choice' }) })
  .superRefine(periodInOrder);
export type TCardPaymentExportQuery = z.input<typeof ZCardPaymentExportQuery>;

/** Totals of the filtered payments by status (the screen's summary line). */
export const ZCardPaymentTotals = z.object({
  count: z.number().int(),
  paid: ZMoney,
  refunded: ZMoney,
});
export type TCardPaymentTotals = z.infer<typeof ZCardPaymentTotals>;

/** POST /api/v1/card-payments/{id}/refund/: back to the card through the provider, taken from the balance. */
export const ZCardRefundBody = z.object({ amount: zPositiveAmount(), reason: zReason('refund_reason_required') });
export type TCardRefundBody = z.input<typeof ZCardRefundBody>;

/** POST /api/v1/users/transactions/{id}/refund/: a charge's cost, whole or part, back to the driver's balance. */
export const ZChargeRefundBody = z.object({ amount: zPositiveAmount(), reason: zReason('refund_reason_required') });
export type TChargeRefundBody = z.input<typeof ZChargeRefundBody>;

export const CORRECTION_DIRECTIONS = ['credit', 'debit'] as const;

/** POST /api/v1/users/{id}/corrections/: a correction with its reason; a debit never takes more than is available. */
export const ZCorrectionBody = z.object({
  direction: z.enum(CORRECTION_DIRECTIONS, { message: 'invalid_choice' }),
  amount: zPositiveAmount().refine((tyiyn) => tyiyn <= 1_000_000_00n, { message: 'amount_max:1000000' }),
  reason: zReason('correction_reason_required'),
});
export type TCorrectionBody = z.input<typeof ZCorrectionBody>;

/** The answer of a refund or a correction: the ledger entry made and the balance after it. */
export const ZLedgerResult = z.object({ entry: ZBalanceEntry, balance: ZMoney, detail: z.string() });
export type TLedgerResult = z.infer<typeof ZLedgerResult>;

/** A charge's refunds so far (GET /api/v1/users/transactions/{id}/refunds/): what is left to refund. */
export const ZChargeRefunds = z.object({
  total_cost: ZMoney,
  refunded: ZMoney,
  left: ZMoney,
  entries: z.array(ZBalanceEntry),
});
export type TChargeRefunds = z.infer<typeof ZChargeRefunds>;
