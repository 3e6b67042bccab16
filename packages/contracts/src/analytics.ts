import { z } from 'zod';
import { ANALYTICS_MESSAGES } from './analytics.messages';
import { bishkekToday } from './bishkek-time';
import { optionalFilter } from './common';
import { registerMessages } from './messages';
import { ZMoney } from './money';
import { rangesInOrder, zDate, zIdText } from './rules';

// The messages come with the schemas that use them (messages.ts, TLateMessages).
registerMessages(ANALYTICS_MESSAGES);

/** The dashboard (issue 16): periods of Asia/Bishkek calendar days, ISO weeks (Monday first), months and years. */
export const ANALYTICS_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type TAnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export { bishkekToday } from './bishkek-time';

const zMerchantFilter = () => optionalFilter(zIdText());

/** GET /analytics/ and /analytics/graph/: a period containing `date` (today when absent), optionally one merchant's. */
export const ZAnalyticsQuery = z.object({
  period: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(ANALYTICS_PERIODS, { message: 'period_invalid' }).default('day'),
  ),
  date: optionalFilter(zDate().refine((date) => date <= bishkekToday(), { message: 'date_in_future' })),
  merchant: zMerchantFilter(),
});
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

/** A figure of the period beside the previous period's; change in percent (1 decimal), null when that was 0. */
const zKpi = <T extends z.ZodType>(value: T) => z.object({ value, previous: value, change: z.number().nullable() });
export const ZKpiCount = zKpi(z.number().int());
export const ZKpiMoney = zKpi(ZMoney);
/** kWh with 3 decimals, as text. */
export const ZKpiEnergy = zKpi(z.string());
export const ZKpiWithActive = ZKpiCount.extend({ active: z.number().int() });
export type TKpiCount = z.infer<typeof ZKpiCount>;

export const ZAnalytics = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  /** First and last Bishkek day of the period and of the previous one. */
  start: z.string(),
  end: z.string(),
  previous_start: z.string(),
  previous_end: z.string(),
  /**
   * The period contains now (Bishkek): its figures count up to `until` and the previous period's up to
   * `previous_until`, the same time elapsed since its start (at most its whole length). A past period is compared whole
   * with the whole previous period (both null).
   */
  in_progress: z.boolean(),
  /** When in progress, the Bishkek local time `YYYY-MM-DDTHH:mm` (the end of now's minute) the figures count to (exclusive). */
  until: z.string().nullable(),
  /** When in progress, the previous period's cut, Bishkek local `YYYY-MM-DDTHH:mm` (exclusive). */
  previous_until: z.string().nullable(),
  turnover: ZKpiMoney,
  energy_kwh: ZKpiEnergy,
  charges: ZKpiCount,
  failed_charges: ZKpiCount,
  promo_users: ZKpiCount,
  active_users: ZKpiCount,
  /**
   * Users registered in the period (up to the cut); with a merchant, those of them whose first delivered charge in the
   * network (so far) was at that merchant: the users the merchant brought.
   */
  new_users: ZKpiCount,
  /** Added by the period's end (in progress: by `until`, the previous by `previous_until`); active: active now. */
  merchants: ZKpiWithActive,
  stations: ZKpiWithActive,
  connectors: ZKpiWithActive,
  average_check: ZKpiMoney,
  average_session_seconds: ZKpiCount,
});
export type TAnalytics = z.infer<typeof ZAnalytics>;

const measures = { charges: z.number().int(), energy_kwh: z.string(), turnover: ZMoney };
export const ZGraphPoint = z.object({
  /** `YYYY-MM-DDTHH:00` (a day's hours), `YYYY-MM-DD` (a week's or a month's days), `YYYY-MM` (a year's months). */
  start: z.string(),
  ...measures,
});
export const ZAnalyticsGraph = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  start: z.string(),
  end: z.string(),
  series: z.array(ZGraphPoint),
  /** ISO weekdays 1 (Monday) to 7. */
  by_weekday: z.array(z.object({ weekday: z.number().int(), ...measures })),
  by_hour: z.array(z.object({ hour: z.number().int(), ...measures })),
  /** Charges per weekday and hour of day: 168 cells. */
  grid: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), charges: z.number().int() })),
});
export type TAnalyticsGraph = z.infer<typeof ZAnalyticsGraph>;

/** News: a title in each language (required), a text (optional), a date and its author. */
export const NEWS_LIMITS = { title: 200, text: 5000 } as const;
const zTitle = () =>
  z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'blank' })
    .max(NEWS_LIMITS.title, { message: `max_length:${NEWS_LIMITS.title}` });
const zText = () =>
  z
    .string()
    .trim()
    .max(NEWS_LIMITS.text, { message: `max_length:${NEWS_LIMITS.text}` })
    .default('');

export const ZNewsBody = z.object({
  title_ru: zTitle(),
  title_en: zTitle(),
  title_ky: zTitle(),
  text_ru: zText(),
  text_en: zText(),
  text_ky: zText(),
  date: zDate(),
});
export type TNewsBody = z.infer<typeof ZNewsBody>;
export type TNewsInput = z.input<typeof ZNewsBody>;

export const ZNews = z.object({
  id: z.number().int(),
  title_ru: z.string(),
  title_en: z.string(),
  title_ky: z.string(),
  text_ru: z.string(),
  text_en: z.string(),
  text_ky: z.string(),
  date: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type TNews = z.infer<typeof ZNews>;

/** Kinds of the timeline's items: posted news and the network's events (each from its source on the server). */
export const TIMELINE_KINDS = [
  'news',
  'merchant_added',
  'station_added',
  'record_day',
  'promotion_started',
  'promotion_ended',
  'station_offline',
] as const;
export type TTimelineKind = (typeof TIMELINE_KINDS)[number];

/** GET /analytics/timeline/: the newest items before `before` (now when absent). */
export const ZTimelineQuery = z.object({
  before: optionalFilter(z.iso.datetime({ offset: true, message: 'date_invalid' })),
  size: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ message: 'integer_invalid' }).int({ message: 'integer_invalid' }).min(1).max(50).default(20),
  ),
});
export type TTimelineQuery = z.infer<typeof ZTimelineQuery>;

export const ZTimelineItem = z.object({
  /** Unique across kinds: `news:7`, `merchant_added:3`, `record_day:2026-11-20`. */
  key: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** When it happened (ISO date-time). */
  at: z.string(),
  /** The record's name (or the news title) in the request's language. */
  title: z.string(),
  text: z.string(),
  /** The web app's path of its record, null when it has none. */
  link: z.string().nullable(),
  /** A record day's turnover. */
  amount: ZMoney.nullable(),
  author: z.string().nullable(),
  /** The news item itself, for its edit form. */
  news: ZNews.nullable(),
});
export type TTimelineItem = z.infer<typeof ZTimelineItem>;
export const ZTimeline = z.object({ items: z.array(ZTimelineItem), next_before: z.string().nullable() });
export type TTimeline = z.infer<typeof ZTimeline>;

/**
 * GET /stations/heat-map/ (served by the stations domain, read from the charges' rollups): station points weighted by
 * charging activity over a period. Kept here, with the screens that use it, rather than in stations.ts: zod schemas are
 * not tree-shaken, and the station form's bundle carries stations.ts.
 */
export const HEAT_MAP_METRICS = ['charges', 'energy', 'turnover'] as const;
export type THeatMapMetric = (typeof HEAT_MAP_METRICS)[number];
export const ZHeatMapQuery = z
  .object({
    period__from: optionalFilter(z.iso.date({ message: 'date_invalid' })),
    period__to: optionalFilter(z.iso.date({ message: 'date_invalid' })),
    /** What weighs: the number of charges (default), kWh delivered or turnover. */
    metric: optionalFilter(z.enum(HEAT_MAP_METRICS, { message: 'invalid_choice' })),
    merchant: zMerchantFilter(),
    /** A connector type's key (`type2`, `ccs2`...): stations having one. */
    connector_type: optionalFilter(z.string().trim().min(1).max(32)),
  })
  .superRefine(rangesInOrder([['period__from', 'period__to']]));
export const ZHeatMapPoint = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** The chosen metric's value (kWh and som as numbers, for the layer's intensity). */
  weight: z.number(),
  station_id: z.number().int(),
  name: z.string(),
  merchant_id: z.number().int(),
  merchant: z.string(),
  charges: z.number().int(),
  energy_kwh: z.string(),
  turnover: z.string(),
});
export const ZHeatMap = z.array(ZHeatMapPoint);
export type THeatMapPoint = z.infer<typeof ZHeatMapPoint>;
