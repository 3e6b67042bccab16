import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged, ZQueryBoolean, ZStatus } from './common';
import { ZAccountRef } from './accounts';
import { LIMITS, rangesInOrder, zEmail, zId, zOptionalText, zPhone, zRequiredText, zStatus } from './rules';
import { ZSchedule, ZScheduleInput } from './schedule';

/** A reference to a record with its title in the request's language (lists, selects, table cells). */
export const ZNamedRef = z.object({ id: z.number().int(), name: z.string() });
export type TNamedRef = z.infer<typeof ZNamedRef>;
/** A tag or infrastructure item as other records carry it. */
export const ZCatalogueRef = z.object({
  id: z.number().int(),
  title_ru: z.string(),
  title_en: z.string(),
  title_ky: z.string(),
  icon_path: z.string().nullable().optional(),
});
export type TCatalogueRef = z.infer<typeof ZCatalogueRef>;

export const MERCHANT_LIMITS = {
  name: LIMITS.merchantName,
  agreementNumber: LIMITS.agreementNumber,
  legalEntity: 200,
  district: 100,
  street: 200,
} as const;

/** Agency-agreement percentage: 0 to 100, at most 2 decimals. */
export const zPercentage = () =>
  z
    .union([z.number(), z.string().trim().min(1, { message: 'percentage_invalid' })], { message: 'percentage_invalid' })
    .transform((value) => Number(value))
    .refine((value) => Number.isFinite(value) && value >= 0 && value <= 100, { message: 'percentage_invalid' })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { message: 'percentage_invalid' });

/** GET /merchants/{id}/: everything about a merchant, for the detail screen. */
export const ZMerchant = z.object({
  id: z.number().int(),
  name: z.string(),
  agreement_number: z.string(),
  legal_entity: z.string(),
  country: ZNamedRef.nullable(),
  district: z.string(),
  city: ZNamedRef.nullable(),
  /**
   * The city as the merchant's location line names it: district and street are free text in the language they were
   * typed in (Cyrillic, as a rule), so in English the city is named in Russian beside Cyrillic ones and a line never
   * mixes "Bishkek, Октябрьский район" (docs/product/merchants.md#3-records).
   */
  address_city: z.string().nullable().optional(),
  street: z.string(),
  phone: z.string(),
  email: z.string(),
  tags: z.array(ZCatalogueRef),
  environment: z.array(ZCatalogueRef),
  schedule: ZSchedule,
  status: ZStatus,
  percentage: z.string(),
  stations_count: z.number().int(),
  active_stations_count: z.number().int(),
  inactive_stations_count: z.number().int(),
  created_by: ZAccountRef.nullable(),
  created_at: z.string(),
});
export type TMerchant = z.infer<typeof ZMerchant>;

/** A row of GET /merchants/ (the list screen). */
export const ZMerchantRow = ZMerchant.omit({ schedule: true, tags: true, environment: true });
export type TMerchantRow = z.infer<typeof ZMerchantRow>;
export const ZMerchantPage = zPaged(ZMerchantRow);
export const ZMerchantListQuery = ZPageQuery.extend({ active: optionalFilter(ZQueryBoolean) });
export type TMerchantListQuery = z.input<typeof ZMerchantListQuery>;

/** A referenced record's id; the upper bound keeps values the database column cannot hold from reaching it. */
const zRecordId = () => zId();

const merchantFields = {
  name: zRequiredText(MERCHANT_LIMITS.name),
  agreement_number: zRequiredText(MERCHANT_LIMITS.agreementNumber),
  legal_entity: zRequiredText(MERCHANT_LIMITS.legalEntity),
  country: zRecordId(),
  city: zRecordId(),
  district: zOptionalText(MERCHANT_LIMITS.district),
  street: zRequiredText(MERCHANT_LIMITS.street),
  phone: zPhone(),
  email: zEmail(),
  tags: z.array(zRecordId()).max(100),
  environment: z.array(zRecordId()).max(100),
  schedule: ZScheduleInput,
  percentage: zPercentage(),
  status: zStatus(),
};

/** POST /merchants/ (JSON). */
export const ZMerchantCreateBody = z.object({
  ...merchantFields,
  district: merchantFields.district.default(''),
  tags: merchantFields.tags.default([]),
  environment: merchantFields.environment.default([]),
  status: merchantFields.status.default(0),
});
export type TMerchantCreateBody = z.input<typeof ZMerchantCreateBody>;
/** PATCH /merchants/{id}/: only the fields sent change; a schedule, tags or environment replaces the whole list. */
export const ZMerchantUpdateBody = z.object(merchantFields).partial();
export type TMerchantUpdateBody = z.input<typeof ZMerchantUpdateBody>;

/** GET /merchants/for-update/{id}/: the stored values in the shape the edit form sends back. */
export const ZMerchantForUpdate = z.object({
  id: z.number().int(),
  name: z.string(),
  agreement_number: z.string(),
  legal_entity: z.string(),
  country: z.number().int().nullable(),
  city: z.number().int().nullable(),
  district: z.string(),
  street: z.string(),
  phone: z.string(),
  email: z.string(),
  tags: z.array(z.number().int()),
  environment: z.array(z.number().int()),
  schedule: ZSchedule,
  percentage: z.string(),
  status: ZStatus,
});
export type TMerchantForUpdate = z.infer<typeof ZMerchantForUpdate>;

/** GET /merchants/for-promotion/: active merchants to pick from, searchable, paged. */
export const ZMerchantOption = ZNamedRef;
export const ZMerchantOptionPage = zPaged(ZMerchantOption);

/** The longest report period: a year, leap day included. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
const DAY_MS = 24 * 3600 * 1000;
const isCalendarDay = (value: string) => {
  const time = Date.parse(value);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
};
export const zReportDay = () => z.string({ message: 'required' }).pipe(z.iso.date({ message: 'date_invalid' }));

const reportPeriodInOrder = rangesInOrder<{ period__from: string; period__to: string }>(
  [['period__from', 'period__to']],
  { message: 'end_before_start' },
);

/** A report's period: calendar days in order (the shared rule of from/to pairs), at most REPORT_MAX_DAYS of them. */
export const checkReportPeriod = (query: { period__from: string; period__to: string }, context: z.RefinementCtx) => {
  // A malformed day already has its own message.
  if (!isCalendarDay(query.period__from) || !isCalendarDay(query.period__to)) {
    return;
  }
  reportPeriodInOrder(query, context);
  const days = (Date.parse(query.period__to) - Date.parse(query.period__from)) / DAY_MS + 1;
  if (days > REPORT_MAX_DAYS) {
    context.addIssue({ code: 'custom', message: `report_period_too_long:${REPORT_MAX_DAYS}`, path: ['period__to'] });
  }
};

/** GET /merchants/{id}/report/?period__from=&period__to=[&format=xlsx|csv]: turnover per station, both days included. */
export const ZMerchantReportQuery = z
  .object({
    period__from: zReportDay(),
    period__to: zReportDay(),
    format: optionalFilter(z.enum(REPORT_FORMATS, { message: 'invalid_choice' })),
  })
  .superRefine(checkReportPeriod);
export type TMerchantReportQuery = z.input<typeof ZMerchantReportQuery>;
export const ZMerchantReportRow = z.object({
  station_id: z.number().int(),
  station_name: z.string(),
  charges: z.number().int(),
  energy_kwh: z.string(),
  turnover: z.string(),
});
export const ZMerchantReport = z.object({
  merchant: ZNamedRef,
  period__from: z.string(),
  period__to: z.string(),
  rows: z.array(ZMerchantReportRow),
  totals: z.object({ charges: z.number().int(), energy_kwh: z.string(), turnover: z.string() }),
});
export type TMerchantReport = z.infer<typeof ZMerchantReport>;
