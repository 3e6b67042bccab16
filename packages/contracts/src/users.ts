import { z } from 'zod';
import { ZAccountRef } from './accounts';
import { optionalFilter, ZPageQuery, zPaged, ZQueryBoolean, ZStatus } from './common';
import { REPORT_FORMATS } from './merchants';
import { parseTyiyn, ZMoney, zMoneyInput, zMoneyQuery, ZPaymentMethod, PAYMENT_METHODS } from './money';
import { rangesInOrder, TIME_OF_DAY_DESCRIPTION, zDate, zIdText, zTimeOfDay } from './rules';
import { BALANCE_BASES, GENDERS } from './users.constants';

/** App users: the drivers of the network's mobile app, their id tags and their balance ledger (docs/product/users.md#3-records). */

// The lists live in a file without zod, so that a screen that only lists them takes no schemas (apps/web).
export { BALANCE_BASES, GENDERS, type TBalanceBasis, type TGender } from './users.constants';
export const ZBalanceBasis = z.enum(BALANCE_BASES, { message: 'invalid_choice' });

/** How an operator's top-up was paid: money that came from outside the app. */
export const TOP_UP_METHODS = ['cash', 'other_card'] as const satisfies readonly (typeof PAYMENT_METHODS)[number][];
export type TTopUpMethod = (typeof TOP_UP_METHODS)[number];

/** What a charge point sends to identify the driver: an RFID card or a token of the app. */
export const ID_TAG_KINDS = ['rfid', 'app'] as const;
export type TIdTagKind = (typeof ID_TAG_KINDS)[number];

export const USER_LIMITS = {
  personalAccount: 20,
  name: 100,
  email: 254,
  carMake: 40,
  carModel: 40,
  carColor: 40,
  driverLicence: 20,
  referralCode: 16,
  /** OCPP 1.6 idTag is CiString20. */
  idTag: 20,
  comment: 200,
  /** The most one top-up may add: 1,000,000 som, in tyiyn. */
  topUpMaxTyiyn: 100_000_000n,
  idempotencyKey: 255,
} as const;

/** An app user's status: 0 active, 1 blocked. */
export const USER_STATUS = { active: 0, blocked: 1 } as const;

export const ZUserRef = z.object({ id: z.number().int(), name: z.string(), personal_account: z.string() });
export type TUserRef = z.infer<typeof ZUserRef>;

export const ZIdTag = z.object({
  id: z.number().int(),
  id_tag: z.string(),
  kind: z.enum(ID_TAG_KINDS),
  created_at: z.string(),
});
export type TIdTag = z.infer<typeof ZIdTag>;

export const ZCar = z.object({
  make: z.string(),
  model: z.string(),
  year: z.number().int().nullable(),
  color: z.string(),
});
export type TCar = z.infer<typeof ZCar>;

/** A row of GET /users/: docs/product/users.md#3-records's User. Dates: birthday `YYYY-MM-DD`, registered_at an ISO instant (UTC). */
export const ZUserRow = z.object({
  id: z.number().int(),
  personal_account: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  gender: z.enum(GENDERS).nullable(),
  birthday: z.string().nullable(),
  /** Whole years on the request's day in Asia/Bishkek. */
  age: z.number().int().nullable(),
  registered_at: z.string(),
  car: ZCar,
  driver_licence: z.string(),
  balance: ZMoney,
  status: ZStatus,
  referral_code: z.string(),
});
export type TUserRow = z.infer<typeof ZUserRow>;
export const ZUserPage = zPaged(ZUserRow);

/**
 * GET /users/{id}/: the row with the user's id tags, and what the user's running charges hold on the balance
 * (docs/product/payments.md#holds): available = balance − held.
 */
export const ZUser = ZUserRow.extend({ id_tags: z.array(ZIdTag), held: ZMoney, available: ZMoney });
export type TUser = z.infer<typeof ZUser>;

/** A user's id in a query or body: an integer from 1 up, within PostgreSQL's integer. */
export const zUserId = () => zIdText();

const userFilters = {
  search_by_user_id: optionalFilter(zUserId()),
  registration_date__from: optionalFilter(zDate()),
  registration_date__to: optionalFilter(zDate()),
  /** Registered within this Bishkek time of day, both included; from after to runs across midnight. */
  registration_time__from: optionalFilter(zTimeOfDay()).describe(TIME_OF_DAY_DESCRIPTION),
  registration_time__to: optionalFilter(zTimeOfDay()).describe(TIME_OF_DAY_DESCRIPTION),
  gender: optionalFilter(z.enum(GENDERS, { message: 'invalid_choice' })),
  /** The status filter of every list: true active, false blocked. */
  active: optionalFilter(ZQueryBoolean),
  balance__from: optionalFilter(zMoneyQuery()),
  balance__to: optionalFilter(zMoneyQuery()),
};

/** GET /users/: search over name, phone (with or without the mask), email and personal account; docs/product/users.md filters. */
/** Days and balances in order; the time of day is not compared (from after to is the night, across midnight). */
const userRangesInOrder = rangesInOrder<{ [K in keyof typeof userFilters]?: unknown }>([
  ['registration_date__from', 'registration_date__to'],
  ['balance__from', 'balance__to'],
]);

export const ZUserListQuery = ZPageQuery.extend(userFilters).superRefine(userRangesInOrder);
export type TUserListQuery = z.input<typeof ZUserListQuery>;
export type TUserListFilters = z.output<typeof ZUserListQuery>;

const zExportFormat = () => z.enum(REPORT_FORMATS, { message: 'invalid_choice' });

/** GET /users/export/?format=xlsx|csv with the list's filters and order. */
export const ZUserExportQuery = ZPageQuery.omit({ page: true, size: true })
  .extend({ ...userFilters, format: zExportFormat() })
  .superRefine(userRangesInOrder);
export type TUserExportQuery = z.input<typeof ZUserExportQuery>;

/** PATCH /users/{id}/balance/: amount above 0, at most 2 decimals and 1,000,000 som; `Idempotency-Key` optional. */
export const ZTopUpBody = z.object({
  amount: zMoneyInput('top_up_required')
    .refine((tyiyn) => tyiyn > 0n, { message: 'amount_positive' })
    .refine((tyiyn) => tyiyn <= USER_LIMITS.topUpMaxTyiyn, { message: 'amount_max:1000000' }),
  method: z.enum(TOP_UP_METHODS, { message: 'invalid_choice' }).default('cash'),
  comment: z
    .string()
    .trim()
    .max(USER_LIMITS.comment, { message: `max_length:${USER_LIMITS.comment}` })
    .default(''),
});
export type TTopUpBody = z.input<typeof ZTopUpBody>;
export type TTopUp = z.output<typeof ZTopUpBody>;

/** An `Idempotency-Key`: 1 to 255 visible ASCII characters (a UUID is usual). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** One ledger entry (the statement entry of docs/product/users.md#3-records): credit adds to the balance, debit takes from it. */
export const ZBalanceEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user: ZUserRef,
  basis: ZBalanceBasis,
  method: ZPaymentMethod,
  debit: ZMoney,
  credit: ZMoney,
  /** The balance after this entry. */
  deposit: ZMoney,
  comment: z.string(),
  /** The dashboard account that made the entry; null for the app's own entries (charges, bonuses). */
  account: ZAccountRef.nullable(),
  charge_id: z.number().int().nullable(),
  /** True when the user was blocked at the time (money is never refused). */
  user_blocked: z.boolean(),
});
export type TBalanceEntry = z.infer<typeof ZBalanceEntry>;
export const ZBalanceEntryPage = zPaged(ZBalanceEntry);

/** The answer of a top-up, and of its retries with the same key: the entry made and the balance after it. */
export const ZTopUpResult = z.object({ entry: ZBalanceEntry, balance: ZMoney });
export type TTopUpResult = z.infer<typeof ZTopUpResult>;

const paymentFilters = {
  search_by_user_id: optionalFilter(zUserId()),
  period__from: optionalFilter(zDate()),
  period__to: optionalFilter(zDate()),
  basis: optionalFilter(ZBalanceBasis),
  method: optionalFilter(ZPaymentMethod),
};
const paymentPeriodInOrder = rangesInOrder<{ period__from?: string; period__to?: string }>([
  ['period__from', 'period__to'],
]);

/** GET /users/payments/: the statement of all users, or of one (`search_by_user_id`); period days in Asia/Bishkek. */
export const ZPaymentListQuery = ZPageQuery.omit({ search: true })
  .extend(paymentFilters)
  .superRefine(paymentPeriodInOrder);
export type TPaymentListQuery = z.input<typeof ZPaymentListQuery>;
export type TPaymentListFilters = z.output<typeof ZPaymentListQuery>;

/** GET /users/payments/totals/: debit and credit of the filtered statement (the /extract-balance totals line). */
export const ZPaymentTotalsQuery = z.object(paymentFilters).superRefine(paymentPeriodInOrder);
export const ZPaymentTotals = z.object({ count: z.number().int(), debit: ZMoney, credit: ZMoney });
export type TPaymentTotals = z.infer<typeof ZPaymentTotals>;

/** GET /users/payments/export/?format=xlsx|csv with the statement's filters and order. */
export const ZPaymentExportQuery = z
  .object({ ...paymentFilters, format: zExportFormat() })
  .superRefine(paymentPeriodInOrder);
export type TPaymentExportQuery = z.input<typeof ZPaymentExportQuery>;

/** Tyiyn of a money answer, for sums in the web app without floats. */
export const moneyToTyiyn = (value: string) => parseTyiyn(value) ?? 0n;
