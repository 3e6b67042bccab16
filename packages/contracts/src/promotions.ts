import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged, ZQueryBoolean, ZStatus } from './common';
import { checkReportPeriod, REPORT_FORMATS, zReportDay } from './merchants';
import { registerMessages } from './messages';
import { parseTyiyn, ZMoney } from './money';
import {
  HAPPY_TIME_PATTERN,
  PROMOTION_INITIATORS,
  PROMOTION_LIMITS,
  PROMOTION_VALIDITIES,
  type TPromotionInitiator,
} from './promotions.constants';
import { PROMOTIONS_MESSAGES } from './promotions.messages';
import { zIdText, zIntText, zRequiredText, zStatusText } from './rules';

// The messages come with the schemas that use them (messages.ts, TLateMessages).
registerMessages(PROMOTIONS_MESSAGES);

/**
 * Promotions (docs/product/promotions.md sections 3, 5, 7 and 9): a discount on charges at some stations, within a period and a daily
 * happy-hours range (Bishkek time), for charges of at least an amount by drivers with at least a number of charges.
 */
/** A promotion's money fields: at most 5 digits with 2 decimals, as tyiyn. */
export const zDiscountAmount = () =>
  z.union([z.number(), z.string()], { message: 'discount_amount_invalid' }).transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const tyiyn = /^\d{1,5}(\.\d{1,2})?$/.test(text) ? parseTyiyn(text) : null;
    if (tyiyn === null) {
      context.addIssue({ code: 'custom', message: 'discount_amount_invalid' });
      return z.NEVER;
    }
    return tyiyn;
  });

/** The minimum number of charges: an integer from 0 to 32767 (docs/product/common.md#9-limits). */
export const zPromotionCount = () => zIntText({ min: 0, max: PROMOTION_LIMITS.count });

/** A percentage discount: an integer from 0 to 100. */
export const zDiscountPercent = () => zIntText({ min: 0, max: 100, message: 'percent_invalid' });

const emptyToNull = (value: unknown) => (value === '' ? null : value);

const formId = () => zIdText();

const zHappyTime = () => z.string({ message: 'happy_hours_required' }).regex(HAPPY_TIME_PATTERN, 'happy_time_invalid');

export const zPromotionDateTime = () => z.iso.datetime({ offset: true, message: 'date_invalid' });

/** One promotion as the list and the form read it. */
export const ZPromotion = z.object({
  id: z.number().int(),
  title_ru: z.string(),
  title_en: z.string(),
  title_ky: z.string(),
  image: z.string(),
  initiator: z.enum(PROMOTION_INITIATORS),
  merchant: z.number().int().nullable(),
  merchant_name: z.string().nullable(),
  /** Picked stations; empty means all of the merchant's (or of the network without a merchant). */
  stations: z.array(z.number().int()),
  min_charge_amount: ZMoney,
  min_charges_count: z.number().int(),
  discount_percent: z.number().int().nullable(),
  discount_amount: ZMoney.nullable(),
  start_date: z.string(),
  end_date: z.string(),
  happy_hours_start: z.string(),
  happy_hours_end: z.string(),
  status: ZStatus,
  validity: z.enum(PROMOTION_VALIDITIES),
  created_at: z.string(),
});
export type TPromotion = z.infer<typeof ZPromotion>;
export const ZPromotionPage = zPaged(ZPromotion);

/** GET /ads/promotions/?search=&active=&validity=current|upcoming|ended&merchant=&initiator=&page=&size= */
export const ZPromotionListQuery = ZPageQuery.extend({
  active: optionalFilter(ZQueryBoolean),
  validity: optionalFilter(z.enum(PROMOTION_VALIDITIES, { message: 'invalid_choice' })),
  initiator: optionalFilter(z.enum(PROMOTION_INITIATORS, { message: 'invalid_choice' })),
  merchant: optionalFilter(formId()),
});
export type TPromotionListQuery = z.input<typeof ZPromotionListQuery>;

const promotionFields = {
  title_ru: zRequiredText(PROMOTION_LIMITS.title),
  title_en: zRequiredText(PROMOTION_LIMITS.title),
  title_ky: zRequiredText(PROMOTION_LIMITS.title),
  initiator: z.enum(PROMOTION_INITIATORS, { message: 'invalid_choice' }),
  merchant: z.preprocess(emptyToNull, formId().nullable()),
  stations: z.array(formId()).max(PROMOTION_LIMITS.stations, { message: `max_items:${PROMOTION_LIMITS.stations}` }),
  min_charge_amount: zDiscountAmount(),
  min_charges_count: zPromotionCount(),
  discount_percent: z.preprocess(emptyToNull, zDiscountPercent().nullable()),
  discount_amount: z.preprocess(emptyToNull, zDiscountAmount().nullable()),
  start_date: zPromotionDateTime(),
  end_date: zPromotionDateTime(),
  happy_hours_start: zHappyTime(),
  happy_hours_end: zHappyTime(),
  status: zStatusText(),
};

/** The cross-field rules of a whole promotion (create, or an edit merged with the stored one), by field. */
export const promotionRuleErrors = (promotion: {
  initiator: TPromotionInitiator;
  merchant: number | null;
  min_charge_amount: bigint;
  discount_percent: number | null;
  discount_amount: bigint | null;
  start_date: string;
  end_date: string;
  happy_hours_start: string;
  happy_hours_end: string;
}): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  if (promotion.initiator === 'merchant' && promotion.merchant === null) {
    errors.merchant = ['initiator_needs_merchant'];
  }
  if ((promotion.discount_percent === null) === (promotion.discount_amount === null)) {
    errors.discount_percent = ['discount_one_of'];
  }
  if (promotion.discount_amount !== null && promotion.discount_amount > promotion.min_charge_amount) {
    errors.discount_amount = ['discount_exceeds_amount'];
    errors.min_charge_amount = ['amount_below_discount'];
  }
  if (Date.parse(promotion.start_date) >= Date.parse(promotion.end_date)) {
    errors.end_date = ['promotion_period_order'];
  }
  if (promotion.happy_hours_start === promotion.happy_hours_end) {
    errors.happy_hours_end = ['happy_hours_equal'];
  }
  return errors;
};

/**
 * POST /ads/promotions/ (multipart): the fields below, repeated `stations` and the file `image` (png or jpeg, at most
 * 256 KB). Exactly one of discount_percent and discount_amount.
 */
export const ZPromotionCreateFields = z.object({
  ...promotionFields,
  merchant: promotionFields.merchant.default(null),
  stations: promotionFields.stations.default([]),
  min_charge_amount: z.preprocess((value) => (value === undefined ? '0' : value), zDiscountAmount()),
  min_charges_count: z.preprocess((value) => (value === undefined ? 0 : value), promotionFields.min_charges_count),
  discount_percent: promotionFields.discount_percent.default(null),
  discount_amount: promotionFields.discount_amount.default(null),
  status: promotionFields.status.default(0),
});
export type TPromotionCreateFields = z.input<typeof ZPromotionCreateFields>;

/** PATCH /ads/promotions/{id}/ (multipart): only what is sent changes; the rules are checked on the merged promotion. */
export const ZPromotionUpdateFields = z.object(promotionFields).partial();
export type TPromotionUpdateFields = z.input<typeof ZPromotionUpdateFields>;

/**
 * GET /ads/promotions/report/?period__from=&period__to=[&promotion=] and its export
 * /ads/promotions/report/export/?…&format=xlsx|csv: the promotions' uses over Bishkek days, both included.
 */
const reportQueryShape = {
  period__from: zReportDay(),
  period__to: zReportDay(),
  promotion: optionalFilter(formId()),
};
export const ZPromotionReportQuery = z.object(reportQueryShape).superRefine(checkReportPeriod);
export type TPromotionReportQuery = z.input<typeof ZPromotionReportQuery>;
export const ZPromotionReportExportQuery = z
  .object({ ...reportQueryShape, format: z.enum(REPORT_FORMATS, { message: 'invalid_choice' }).default('xlsx') })
  .superRefine(checkReportPeriod);

const ZPromotionReportFigures = z.object({
  charges: z.number().int(),
  /** Distinct drivers. */
  users: z.number().int(),
  energy_kwh: z.string(),
  /** Before the discount. */
  turnover: ZMoney,
  discount: ZMoney,
  /** Discount per charge, half up. */
  average_discount: ZMoney,
});
export const ZPromotionReportRow = ZPromotionReportFigures.extend({
  promotion_id: z.number().int(),
  title_ru: z.string(),
  title_en: z.string(),
  title_ky: z.string(),
});
export const ZPromotionReport = z.object({
  period__from: z.string(),
  period__to: z.string(),
  rows: z.array(ZPromotionReportRow),
  totals: ZPromotionReportFigures,
  /** Uses per Bishkek day of the period, every day listed. */
  daily: z.array(z.object({ day: z.string(), charges: z.number().int() })),
});
export type TPromotionReport = z.infer<typeof ZPromotionReport>;
