/**
 * One payment provider as the wallet sees it (docs/product/payments.md#provider): create a payment and get the page the
 * driver pays on, read a callback (verified, or refused), ask a payment's status, refund part or all of it. The first
 * adapter is FreedomPay's (payments.freedompay.ts); a stand-in that speaks its protocol serves the tests
 * (src/test/freedompay-stand-in.ts).
 */

/** What the provider says of a payment, in the wallet's words. */
export type TProviderOutcome = 'pending' | 'paid' | 'failed';

export interface CreatePayment {
  /** Our order id (pg_order_id). */
  orderId: string;
  amountTyiyn: bigint;
  description: string;
  /** The driver's phone, 12 digits (the provider may prefill its page). */
  phone: string;
  language: 'ru' | 'en' | 'ky';
  /** Where the provider sends its result (pg_result_url): our callback, absolute. */
  resultUrl: string;
  /** Where the driver's browser goes after paying, or after failing (pg_success_url, pg_failure_url). */
  successUrl: string;
  failureUrl: string;
  /** Ask the provider to keep the card for later payments without the driver (a recurring profile). */
  saveCard?: boolean;
}

/** The card the provider kept for later payments (FreedomPay: pg_recurring_profile_id), as a paid payment names it. */
export interface ProviderSavedCard {
  profileId: string;
  /** The profile's last day, `YYYY-MM-DD`; null when the provider does not say. */
  expiresOn: string | null;
}

/** A payment from a saved card, made by the server alone (an automatic top-up). */
export interface ChargeSavedCard {
  orderId: string;
  amountTyiyn: bigint;
  profileId: string;
  description: string;
  resultUrl: string;
}

export interface CreatedPayment {
  /** The provider's id of the payment (pg_payment_id). */
  providerPaymentId: string;
  /** The page the driver pays on (pg_redirect_url). */
  redirectUrl: string;
  /** The provider's answer as it came, for the payment's events. */
  raw: Record<string, string>;
}

/** A callback as the provider sent it, verified. */
export interface ProviderCallback {
  orderId: string;
  providerPaymentId: string;
  /** The amount the provider says was paid, in tyiyn. */
  amountTyiyn: bigint;
  outcome: Exclude<TProviderOutcome, 'pending'>;
  /** The masked card (pg_card_pan), '' when not given. */
  card: string;
  /** The provider's reason when it failed (pg_failure_description). */
  failure: string;
  /** The card kept for later payments, when the payment asked for it and was paid. */
  savedCard: ProviderSavedCard | null;
}

export interface ProviderStatus {
  outcome: TProviderOutcome;
  /** The payment's amount as the provider knows it; null when it does not say. */
  amountTyiyn: bigint | null;
  /** Refunded so far as the provider knows it; null when it does not say. */
  refundedTyiyn: bigint | null;
  card: string;
  failure: string;
  savedCard: ProviderSavedCard | null;
  raw: Record<string, string>;
}

/** Our answer to a callback: what the provider expects back (FreedomPay: a signed XML document). */
export interface CallbackAnswer {
  contentType: string;
  body: string;
}

/** The callback was not signed by the provider, or is not one of its documents: it changes nothing. */
export class InvalidCallbackError extends Error {}

/** The provider could not be reached, or refused the call (its code and description in the message). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly raw: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: 'freedompay';
  /** init_payment: a new payment and its page. Throws ProviderError. */
  create(payment: CreatePayment): Promise<CreatedPayment>;
  /**
   * Reads a callback's fields (form or query, as sent to `path`, the callback's own path, which FreedomPay signs as its
   * script name); throws InvalidCallbackError when its signature does not verify.
   */
  readCallback(path: string, fields: Record<string, string>): ProviderCallback;
  /** The answer to a callback: `ok` (taken, or already taken), `rejected` (refused: an unknown order, a wrong amount). */
  answerCallback(path: string, status: 'ok' | 'rejected' | 'error', description: string): CallbackAnswer;
  /** get_status: the payment's status with the provider. Throws ProviderError. */
  status(payment: { orderId: string; providerPaymentId: string | null }): Promise<ProviderStatus>;
  /**
   * make_recurring_payment: charges a saved card. The provider's `ok` only says it took the request: the payment is
   * settled by its callback or a status check, as any other. Throws ProviderError when refused.
   */
  chargeSaved(payment: ChargeSavedCard): Promise<{ providerPaymentId: string; raw: Record<string, string> }>;
  /** revoke: refunds `amountTyiyn` of a paid payment to its card. Throws ProviderError when refused. */
  refund(payment: { providerPaymentId: string; amountTyiyn: bigint }): Promise<Record<string, string>>;
}
