/**
 * What the payments' parts share (docs/product/payments.md): a payment's row and its app form, our order ids, the
 * callback's and the return page's paths, and the payment's story (payment_events). The top-ups the driver pays
 * (payments.service.ts) and the automatic ones (payments.auto-top-up.ts) both write through here.
 */
import { randomBytes } from 'node:crypto';
import { formatSom } from '@zaryad/contracts';
import type { TAppPayment, TCardPaymentKind, TCardPaymentStatus } from '@zaryad/contracts/payments';
import type { Database } from '../../db/client';
import type { Transaction } from '../../platform/transaction';
import { cardPayments, paymentEvents } from './payments.tables';

export type TCardPaymentRow = typeof cardPayments.$inferSelect;

/** The callback's path under the app's API: FreedomPay signs its result with this path's last segment (`result`). */
export const CALLBACK_PATH = '/api/app/v1/payments/freedompay/result';
/** Where the provider sends the driver's browser back: a small page of ours saying how the payment went. */
export const RETURN_PATH = '/api/app/v1/payments/return/';

export const OPEN_STATUSES: TCardPaymentStatus[] = ['created', 'pending'];

/** Our order id: short, unguessable, readable on a bank statement. */
export const newOrderId = () =>
  `Z${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toAppPayment = (row: TCardPaymentRow): TAppPayment => ({
  id: row.id,
  kind: row.kind as TCardPaymentKind,
  order_id: row.orderId,
  amount: formatSom(row.amount),
  status: row.status as TCardPaymentStatus,
  card: row.card,
  created_at: row.createdAt.toISOString(),
  paid_at: iso(row.paidAt),
});

/** One line of a payment's story: what the provider said (or what failed) and what we answered. */
export const recordPaymentEvent = (
  tx: Database | Transaction,
  event: {
    paymentId: number | null;
    orderId?: string;
    kind: 'init' | 'callback' | 'status' | 'refund' | 'check';
    valid?: boolean;
    body: unknown;
    answer?: string;
  },
) =>
  tx.insert(paymentEvents).values({
    paymentId: event.paymentId,
    orderId: (event.orderId ?? '').slice(0, 64),
    kind: event.kind,
    valid: event.valid ?? true,
    body: event.body ?? {},
    answer: event.answer ?? '',
  });
