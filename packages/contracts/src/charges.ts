import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged } from './common';
import { REPORT_FORMATS } from './merchants';
import { ZMoney, ZPaymentMethod } from './money';
import {
  rangesInOrder,
  TIME_OF_DAY_DESCRIPTION,
  zDate,
  zEnumListText,
  zIdListText,
  zIdText,
  zTimeOfDay,
  zWeekdayListText,
} from './rules';
import { CHARGES_MESSAGES } from './charges.messages';
import { registerMessages } from './messages';
import { ZUserRef } from './users';
import { ZCostBreakdown } from './rates';

// The messages come with the schemas that use them (messages.ts, TLateMessages): the server answers them translated,
// and no screen before sign-in needs them.
registerMessages(CHARGES_MESSAGES);

/** Charges: one charging session of an app user at a connector (docs/product/charges.md sections 3 and 4). */

/** Charge statuses of docs/product/charges.md#4-states-and-rules, as the API sends them. */
export const CHARGE_STATUSES = [
  'initiated',
  'in_progress',
  'pause',
  'canceled',
  'not_completed',
  'finished',
  'stopped',
  'unauthorized',
] as const;
export type TChargeStatus = (typeof CHARGE_STATUSES)[number];
export const ZChargeStatus = z.enum(CHARGE_STATUSES, { message: 'invalid_choice' });

/** A charge that still runs: it can be stopped and it takes meter values. */
export const RUNNING_CHARGE_STATUSES = [
  'initiated',
  'in_progress',
  'pause',
] as const satisfies readonly TChargeStatus[];

export const TRANSACTION_STATUSES = ['successful', 'failed'] as const;
export type TTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** 1 iOS, 2 Android (docs/product/charges.md#3-records). */
export const PLATFORMS = { ios: 1, android: 2 } as const;
export const ZPlatform = z.union([z.literal(1), z.literal(2)]);
export type TPlatform = z.infer<typeof ZPlatform>;

/** Who started the charge: the app, an RFID card at the charge point, or an operator. */
export const CHARGE_SOURCES = ['app', 'rfid', 'operator'] as const;
export type TChargeSource = (typeof CHARGE_SOURCES)[number];

/**
 * Where the charge's tariff came from: the connector's personal tariff (a personal rate or its custom fee), its
 * merchant's default rate of the type (a site tariff), or the network's default rate of the type.
 */
export const TARIFF_KINDS = ['personal', 'merchant', 'default'] as const;
export type TTariffKind = (typeof TARIFF_KINDS)[number];

/**
 * How an ended charge was closed: by its charge point (StopTransaction, also after a remote stop), by an operator
 * without the charge point ('force': it was offline long enough, or the station never had one), or by the server
 * ('auto': no meter value for OCPP_STALE_CHARGE_S). Null while it runs, and for charges ended before the flag was kept.
 */
export const CHARGE_CLOSERS = ['charge_point', 'force', 'auto', 'balance'] as const;
export type TChargeCloser = (typeof CHARGE_CLOSERS)[number];

/**
 * The charge point of a running charge's station, as a stop sees it: 'online' (a stop asks it), 'offline' (connected
 * once, now silent or disconnected) or 'none' (no charge point ever connected: operator-entered or demo charges). A
 * stop closes the charge without it only with `force`, and only once `force_finish_in` is 0.
 */
export const ZChargePointPresence = z.object({
  state: z.enum(['online', 'offline', 'none']),
  /** Seconds since its last message; null for 'none'. */
  silent_for: z.number().int().nullable(),
  /** Seconds until a force finish is allowed (OCPP_FORCE_FINISH_AFTER_S of silence); 0 when it is allowed now. */
  force_finish_in: z.number().int(),
});
export type TChargePointPresence = z.infer<typeof ZChargePointPresence>;

/**
 * A running charge's cost so far: its consumption so far (`consumption_kwh`, the meter's progress) at the tariff fixed at
 * its start, less the discount it started with, computed by the engine's one price function (`chargeCost`). A promotion
 * chosen at the finish may still lower it. `meter_at`: when its charge point last reported it (ISO).
 */
export const ZRunningCost = z.object({
  amount: ZMoney,
  discount: ZMoney,
  total_cost: ZMoney,
  meter_at: z.string(),
});
export type TRunningCost = z.infer<typeof ZRunningCost>;

/** A row of GET /users/transactions/: docs/product/charges.md#3-records's Charge. Energy in kWh as text with 3 decimals. */
export const ZCharge = z.object({
  id: z.number().int(),
  /** The number shown to people: the same as id. */
  number: z.number().int(),
  ocpp_transaction_id: z.number().int(),
  user: ZUserRef.nullable(),
  station: z.object({ id: z.number().int(), name: z.string(), merchant_id: z.number().int() }),
  connector: z.object({ id: z.number().int().nullable(), name: z.string(), ocpp_16_id: z.number().int() }),
  app_version: z.string(),
  platform: ZPlatform.nullable(),
  source: z.enum(CHARGE_SOURCES),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** Seconds from start to finish (or to now while it runs). */
  duration: z.number().int(),
  meter_start: z.number().int(),
  meter_stop: z.number().int().nullable(),
  consumption_kwh: z.string(),
  /** rate_id: the rate whose versions priced it (null for a connector's custom fee); price_per_kwh: energy at the start. */
  tariff: z.object({ kind: z.enum(TARIFF_KINDS), price_per_kwh: ZMoney, rate_id: z.number().int().nullable() }),
  promotion_id: z.number().int().nullable(),
  discount: ZMoney,
  /** What the charge cost after the discount. */
  total_cost: ZMoney,
  /** The part of a balance payment the balance did not cover (the balance went negative by it). */
  shortfall: ZMoney,
  payment_method: ZPaymentMethod,
  status: ZChargeStatus,
  transaction_status: z.enum(TRANSACTION_STATUSES).nullable(),
  closed_by: z.enum(CHARGE_CLOSERS).nullable(),
  /** Its station's charge point while the charge runs; null once it has ended. */
  charge_point: ZChargePointPresence.nullable(),
  /** While it runs, what it has cost so far (ZRunningCost); null once it has ended (total_cost then says). */
  running_cost: ZRunningCost.nullable(),
  /** What an ended charge's amount is made of (energy, time, idle, session fee, min/max); null while it runs and for charges booked before tariffs II. */
  cost_breakdown: ZCostBreakdown.nullable(),
});
export type TCharge = z.infer<typeof ZCharge>;

export const chargeFilters = {
  search_by_id: optionalFilter(zIdText()),
  search_by_tx_id: optionalFilter(zIdText()),
  search_by_user_id: optionalFilter(zIdText()),
  station_id__in: optionalFilter(zIdListText()),
  status: optionalFilter(zEnumListText(CHARGE_STATUSES)),
  source: optionalFilter(z.enum(CHARGE_SOURCES, { message: 'invalid_choice' })),
  promotion_id__in: optionalFilter(zIdListText()),
  payment_method: optionalFilter(ZPaymentMethod),
  platform: optionalFilter(
    z.enum(['1', '2'], { message: 'invalid_choice' }).transform((value) => Number(value) as TPlatform),
  ),
  /** Started within these Bishkek days, both included. */
  period__from: optionalFilter(zDate()),
  period__to: optionalFilter(zDate()),
  /** Finished within these Bishkek days, both included. */
  finished_date__from: optionalFilter(zDate()),
  finished_date__to: optionalFilter(zDate()),
  /** Finished within this Bishkek time of day, both included; from after to runs across midnight. */
  finished_time__from: optionalFilter(zTimeOfDay()).describe(TIME_OF_DAY_DESCRIPTION),
  finished_time__to: optionalFilter(zTimeOfDay()).describe(TIME_OF_DAY_DESCRIPTION),
  /** Finished on these Bishkek weekdays: the dashboard's weekday chart counts a charge at its finish. */
  finished_weekday: optionalFilter(zWeekdayListText()).describe(
    'ISO weekdays of the finish in Asia/Bishkek, 1 (Monday) to 7 (Sunday): `finished_weekday=6,7` or repeated ' +
      '`finished_weekday=6&finished_weekday=7` (the weekend).',
  ),
};

/** Days in order; the time of day is not compared (from after to is the night, across midnight). */
const chargeRangesInOrder = rangesInOrder<TChargeFilterShape>([
  ['period__from', 'period__to'],
  ['finished_date__from', 'finished_date__to'],
]);
type TChargeFilterShape = { [K in keyof typeof chargeFilters]?: unknown };

/** GET /users/transactions/: newest first, paged, with every filter of docs/product/charges.md#3-records plus method and platform. */
export const ZChargeListQuery = ZPageQuery.omit({ search: true })
  .extend(chargeFilters)
  .superRefine(chargeRangesInOrder);
export type TChargeListQuery = z.input<typeof ZChargeListQuery>;
export type TChargeListFilters = z.output<typeof ZChargeListQuery>;
export const ZChargePage = zPaged(ZCharge);

/** GET /users/transactions/totals/: the filtered set's count, energy, turnover and discount. */
export const ZChargeTotalsQuery = z.object(chargeFilters).superRefine(chargeRangesInOrder);
export const ZChargeTotals = z.object({
  count: z.number().int(),
  consumption_kwh: z.string(),
  turnover: ZMoney,
  discount: ZMoney,
});
export type TChargeTotals = z.infer<typeof ZChargeTotals>;

/** GET /users/transactions/export/?format=xlsx|csv with the list's filters and order. */
export const ZChargeExportQuery = z
  .object({ ...chargeFilters, format: z.enum(REPORT_FORMATS, { message: 'invalid_choice' }) })
  .superRefine(chargeRangesInOrder);
export type TChargeExportQuery = z.input<typeof ZChargeExportQuery>;

/**
 * POST /users/transactions/stop/ with the charge's number. user_id, when given, must be the charge's user: a charge of
 * someone else is not stopped (the app's support screens stop a charge on a driver's behalf).
 */
/**
 * `force: true` says the caller knows the charge point is gone: the charge is closed without it at its last meter
 * reading. Without it, a charge whose charge point is not online is refused.
 */
export const ZStopChargeBody = z.object({
  transaction_id: zIdText(),
  user_id: zIdText().optional(),
  force: z.boolean({ message: 'invalid_type' }).optional(),
});
export type TStopChargeBody = z.input<typeof ZStopChargeBody>;
/** `{success: true}` when stopped; `{success: false, detail}` with a translated reason otherwise (docs/product/charges.md#8-messages). */
export const ZStopChargeResult = z.object({ success: z.boolean(), detail: z.string().optional() });
export type TStopChargeResult = z.infer<typeof ZStopChargeResult>;
