import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged, ZQueryBoolean, ZStatus } from './common';
import { zId, zIdText, zInt, zIntText, zRequiredText } from './rules';

export const RATE_TYPES = ['personal', 'default'] as const;
export const ZRateType = z.enum(RATE_TYPES, { message: 'invalid_choice' });
export type TRateType = z.infer<typeof ZRateType>;

export const RATE_NAME_MAX = 100;
/** Price per kWh in som: non-negative, at most 2 decimals, below 100 000. */
export const FEE_PATTERN = /^\d{1,5}(\.\d{1,2})?$/;

/** A fee as the API takes it: a number or a numeric string; answered as a string with 2 decimals. */
export const zFee = () =>
  z
    .union([z.number(), z.string().trim()], { message: 'fee_invalid' })
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    // abort: a negative price gets its own message, not also the generic format one.
    .refine((value) => !value.startsWith('-'), { message: 'fee_negative', abort: true })
    .refine((value) => FEE_PATTERN.test(value), { message: 'fee_invalid' });

/**
 * Tariffs II (docs/product/rates.md): a rate's price has components, each in som: energy per kWh (`fee`, the SPEC's
 * price), charging time per minute, idle time per minute after the car stops taking energy and a grace period, a fee per
 * session, a minimum and a maximum per charge. A period overrides one component's price while all its restrictions
 * hold (time of day in Bishkek, weekdays, dates, the connector's power); the first matching period of a component wins.
 */
export const TARIFF_COMPONENTS = ['energy', 'time', 'idle', 'session'] as const;
export type TTariffComponent = (typeof TARIFF_COMPONENTS)[number];
export const TARIFF_PERIODS_MAX = 20;
export const IDLE_GRACE_MAX_MINUTES = 1440;
/** A connector's power in kW as the station form takes it (power_kWh): the restriction's bounds are the same. */
export const TARIFF_POWER_MAX_KW = 1000;

/** `HH:MM` of Bishkek's day; an end may be `24:00`. */
const CLOCK_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const zClock = () =>
  z.string({ message: 'tariff_time_invalid' }).regex(CLOCK_PATTERN, { message: 'tariff_time_invalid' });
const zPowerKw = () =>
  z
    .number({ message: 'number_invalid' })
    .min(0, { message: 'min_value:0' })
    .max(TARIFF_POWER_MAX_KW, { message: `max_value:${TARIFF_POWER_MAX_KW}` });

/** Minutes of Bishkek's day of an `HH:MM`. */
export const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** A period: one component's price while its restrictions hold; a restriction left null (or no weekdays) always holds. */
export const ZTariffPeriodInput = z
  .object({
    component: z.enum(TARIFF_COMPONENTS, { message: 'invalid_choice' }),
    price: zFee(),
    /** From this time of day (inclusive) to end_time (exclusive); end before start runs across midnight. */
    start_time: zClock()
      .nullish()
      .transform((value) => value ?? null),
    end_time: zClock()
      .nullish()
      .transform((value) => value ?? null),
    /** ISO weekdays, 1 Monday to 7 Sunday, of the moment priced; empty: every day. */
    weekdays: z
      .array(
        z
          .number({ message: 'weekdays_invalid' })
          .int({ message: 'weekdays_invalid' })
          .min(1, { message: 'weekdays_invalid' })
          .max(7, { message: 'weekdays_invalid' }),
        { message: 'weekdays_invalid' },
      )
      .max(7, { message: 'weekdays_invalid' })
      .nullish()
      .transform((value) => [...new Set(value ?? [])].sort()),
    /** Bishkek dates, both inclusive. */
    start_date: z.iso
      .date({ message: 'date_invalid' })
      .nullish()
      .transform((value) => value ?? null),
    end_date: z.iso
      .date({ message: 'date_invalid' })
      .nullish()
      .transform((value) => value ?? null),
    /** The connector's power in kW: at least min_power_kw, below max_power_kw (DC and AC prices). */
    min_power_kw: zPowerKw()
      .nullish()
      .transform((value) => value ?? null),
    max_power_kw: zPowerKw()
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((period, context) => {
    if ((period.start_time === null) !== (period.end_time === null)) {
      const path = period.start_time === null ? 'start_time' : 'end_time';
      context.addIssue({ code: 'custom', message: 'time_range_incomplete', path: [path] });
    } else if (period.start_time !== null && period.end_time !== null) {
      const start = clockMinutes(period.start_time);
      const end = clockMinutes(period.end_time);
      if (start === end || (start === 0 && end === 1440)) {
        context.addIssue({ code: 'custom', message: 'time_range_empty', path: ['end_time'] });
      }
    }
    if (period.start_date !== null && period.end_date !== null && period.end_date < period.start_date) {
      context.addIssue({ code: 'custom', message: 'end_before_start', path: ['end_date'] });
    }
    if (period.min_power_kw !== null && period.max_power_kw !== null && period.max_power_kw <= period.min_power_kw) {
      context.addIssue({ code: 'custom', message: 'power_range_invalid', path: ['max_power_kw'] });
    }
    const restricted =
      period.start_time !== null ||
      period.weekdays.length > 0 ||
      period.start_date !== null ||
      period.end_date !== null ||
      period.min_power_kw !== null ||
      period.max_power_kw !== null;
    if (!restricted) {
      context.addIssue({ code: 'custom', message: 'period_restriction_required', path: ['component'] });
    }
  });
export type TTariffPeriodInput = z.input<typeof ZTariffPeriodInput>;
export type TTariffPeriod = z.output<typeof ZTariffPeriodInput>;

/** The components of a price as the API takes them; absent ones are 0 (or none) on create, unchanged on update. */
const tariffComponentsShape = {
  fee: zFee(),
  time_fee: zFee(),
  idle_fee: zFee(),
  idle_grace_minutes: zInt({ min: 0, max: IDLE_GRACE_MAX_MINUTES }),
  session_fee: zFee(),
  min_cost: zFee().nullable(),
  max_cost: zFee().nullable(),
  periods: z
    .array(ZTariffPeriodInput, { message: 'invalid_type' })
    .max(TARIFF_PERIODS_MAX, { message: `max_items:${TARIFF_PERIODS_MAX}` }),
};

/** The minimum above the maximum is refused on the maximum. */
const checkBounds = (value: { min_cost?: string | null; max_cost?: string | null }, context: z.RefinementCtx) => {
  if (value.min_cost != null && value.max_cost != null && Number(value.max_cost) < Number(value.min_cost)) {
    context.addIssue({ code: 'custom', message: 'min_above_max', path: ['max_cost'] });
  }
};

/** A price as the API answers it: every component, som as text with 2 decimals. */
export const ZTariffPrices = z.object({
  fee: z.string(),
  time_fee: z.string(),
  idle_fee: z.string(),
  idle_grace_minutes: z.number().int(),
  session_fee: z.string(),
  min_cost: z.string().nullable(),
  max_cost: z.string().nullable(),
});
export type TTariffPrices = z.infer<typeof ZTariffPrices>;

/** A period as answered: its price as text with 2 decimals. */
export const ZTariffPeriod = z.object({
  component: z.enum(TARIFF_COMPONENTS),
  price: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  weekdays: z.array(z.number().int()),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  min_power_kw: z.number().nullable(),
  max_power_kw: z.number().nullable(),
});
export const ZTariff = ZTariffPrices.extend({ periods: z.array(ZTariffPeriod) });
export type TTariff = z.infer<typeof ZTariff>;

/**
 * Rate (GET/PATCH/DELETE /payments/{id}/). status: 0 active, 1 inactive. typo: connector type key. The price is the
 * version in force now (`version`); `next_version` is the earliest one scheduled after now, if any. merchant_id: a
 * default rate of one merchant's stations (its site tariff), null for the network's.
 */
export const ZRate = ZTariff.extend({
  id: z.number().int(),
  name: z.string(),
  rate_type: ZRateType,
  typo: z.string(),
  merchant_id: z.number().int().nullable(),
  /** The merchant's name, for the form's picker and the list; null with merchant_id. */
  merchant_name: z.string().nullable(),
  status: ZStatus,
  version: z.object({ id: z.number().int(), effective_from: z.string() }),
  next_version: z.object({ id: z.number().int(), effective_from: z.string() }).nullable(),
});
export type TRate = z.infer<typeof ZRate>;
export const ZRatePage = zPaged(ZRate);

export const ZRateListQuery = ZPageQuery.extend({
  active: optionalFilter(ZQueryBoolean),
  default: optionalFilter(ZQueryBoolean),
  typo: optionalFilter(z.string().max(32)),
  merchant_id: optionalFilter(zIdText()),
});
export type TRateListQuery = z.input<typeof ZRateListQuery>;

const rateShape = {
  name: zRequiredText(RATE_NAME_MAX),
  rate_type: ZRateType,
  typo: z.string({ message: 'required' }).min(1, { message: 'required' }).max(32),
  merchant_id: zId().nullable(),
  ...tariffComponentsShape,
};

const checkRate = (
  value: { rate_type?: string; merchant_id?: number | null; min_cost?: string | null; max_cost?: string | null },
  context: z.RefinementCtx,
) => {
  checkBounds(value, context);
  if (value.merchant_id != null && value.rate_type !== undefined && value.rate_type !== 'default') {
    context.addIssue({ code: 'custom', message: 'merchant_default_only', path: ['merchant_id'] });
  }
};

export const ZRateCreateBody = z
  .object({
    ...rateShape,
    merchant_id: rateShape.merchant_id.optional(),
    time_fee: tariffComponentsShape.time_fee.optional(),
    idle_fee: tariffComponentsShape.idle_fee.optional(),
    idle_grace_minutes: tariffComponentsShape.idle_grace_minutes.optional(),
    session_fee: tariffComponentsShape.session_fee.optional(),
    min_cost: tariffComponentsShape.min_cost.optional(),
    max_cost: tariffComponentsShape.max_cost.optional(),
    periods: tariffComponentsShape.periods.optional(),
  })
  .superRefine(checkRate);
export type TRateCreateBody = z.input<typeof ZRateCreateBody>;
/** Only the fields sent change; a price change makes a new version in force from now. */
export const ZRateUpdateBody = z.object(rateShape).partial().superRefine(checkRate);
export type TRateUpdateBody = z.input<typeof ZRateUpdateBody>;

/**
 * POST /payments/{id}/versions/: a new price of the rate, active or not, in force from `effective_from` (now when
 * absent; never in the past). Components left out keep the values of the version in force at that time.
 */
export const ZRateVersionBody = z
  .object({
    effective_from: z.iso.datetime({ offset: true, message: 'date_invalid' }).optional(),
    ...z.object(tariffComponentsShape).partial().shape,
  })
  .superRefine(checkBounds);
export type TRateVersionBody = z.input<typeof ZRateVersionBody>;

/** A version of a rate's price: in force from effective_from until the next one's. */
export const ZRateVersion = ZTariff.extend({
  id: z.number().int(),
  effective_from: z.string(),
  created_at: z.string(),
  /** The dashboard account that made it (its id and name); null for the seed and migrated rates. */
  account_id: z.number().int().nullable(),
  account_name: z.string().nullable(),
});
export type TRateVersion = z.infer<typeof ZRateVersion>;
export const ZRateVersionList = z.array(ZRateVersion);

/**
 * Where a connector's tariff comes from, first found: its personal rate (while active), its custom fee (a personal
 * price per kWh), its merchant's default rate of its type, the network's.
 */
export const TARIFF_SOURCES = ['personal', 'custom_fee', 'merchant', 'default'] as const;
export type TTariffSource = (typeof TARIFF_SOURCES)[number];

/** GET /stations/connectors/{id}/price/: a connector's price now and over the next 24 hours, and an estimate. */
export const ZPriceQuery = z.object({
  /** An estimate's energy in kWh (up to 3 decimals) and duration in minutes: both or neither. */
  kwh: optionalFilter(z.string().regex(/^\d{1,4}(\.\d{1,3})?$/, { message: 'kwh_invalid' })),
  minutes: optionalFilter(zIntText({ min: 1, max: 2880 })),
});

/** What a cost is made of: each component in som, summed exactly (rounded once, half up); adjustment is min/max. */
export const ZCostBreakdown = z.object({
  energy: z.string(),
  time: z.string(),
  idle: z.string(),
  session: z.string(),
  adjustment: z.string(),
  amount: z.string(),
  /** When the car stopped taking energy (the last rise of the meter); idle time is counted after it and the grace. */
  charging_ended_at: z.string().nullable(),
  segments: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      version_id: z.number().int().nullable(),
      phase: z.enum(['charging', 'grace', 'idle']),
      energy_wh: z.number().int(),
      fee: z.string(),
      time_fee: z.string(),
      idle_fee: z.string(),
    }),
  ),
});
export type TCostBreakdown = z.infer<typeof ZCostBreakdown>;

export const ZPricePreview = z.object({
  connector: z.object({ id: z.number().int(), name: z.string(), power_kw: z.number() }),
  rate: z.object({ id: z.number().int().nullable(), name: z.string(), source: z.enum(TARIFF_SOURCES) }).nullable(),
  /** The price in force now (periods applied for this moment and connector); null when the connector has no tariff. */
  now: ZTariffPrices.nullable(),
  /** From now for 24 hours: the energy, time and idle prices, one entry per stretch of the same prices. */
  timeline: z.array(
    z.object({ from: z.string(), to: z.string(), fee: z.string(), time_fee: z.string(), idle_fee: z.string() }),
  ),
  /** kwh over minutes from now, delivered evenly: what it would cost before any promotion. */
  estimate: ZCostBreakdown.nullable(),
});
export type TPricePreview = z.infer<typeof ZPricePreview>;

/** PATCH /payments/ with a list body changes statuses and answers the updated rates. */
export const ZRateStatusList = z
  .array(z.object({ id: zId(), active: z.boolean() }))
  .min(1)
  .max(1000);
export type TRateStatusList = z.infer<typeof ZRateStatusList>;

/** GET /payments/default-rates-fee/: the default tariff of each connector type (null when none is active). */
export const ZDefaultRateFee = z.object({ typo: z.string(), name: z.string(), fee: z.string().nullable() });
export const ZDefaultRateFeeList = z.array(ZDefaultRateFee);
export type TDefaultRateFee = z.infer<typeof ZDefaultRateFee>;
