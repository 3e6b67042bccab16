import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged, ZQueryBoolean, ZStatus } from './common';
import { zId, zRequiredText } from './rules';

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

/** Rate (GET/PATCH/DELETE /payments/{id}/). status: 0 active, 1 inactive. typo: connector type key. */
export const ZRate = z.object({
  id: z.number().int(),
  name: z.string(),
  rate_type: ZRateType,
  typo: z.string(),
  fee: z.string(),
  status: ZStatus,
});
export type TRate = z.infer<typeof ZRate>;
export const ZRatePage = zPaged(ZRate);

export const ZRateListQuery = ZPageQuery.extend({
  active: optionalFilter(ZQueryBoolean),
  default: optionalFilter(ZQueryBoolean),
  typo: optionalFilter(z.string().max(32)),
});
export type TRateListQuery = z.input<typeof ZRateListQuery>;

export const ZRateCreateBody = z.object({
  name: zRequiredText(RATE_NAME_MAX),
  rate_type: ZRateType,
  typo: z.string({ message: 'required' }).min(1, { message: 'required' }).max(32),
  fee: zFee(),
});
export type TRateCreateBody = z.input<typeof ZRateCreateBody>;
export const ZRateUpdateBody = ZRateCreateBody.partial();
export type TRateUpdateBody = z.input<typeof ZRateUpdateBody>;

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
