/**
 * Uptime (issue 35, item 5; docs/product/uptime.md): the share of time each connector and station spent in each state,
 * per Bishkek day or month, from the charge points' status history, and the uptime percentage public funding
 * programmes ask for.
 */
import { z } from 'zod';
import { bishkekToday } from './bishkek-time';
import { optionalFilter, type TLanguage } from './common';
import { REPORT_FORMATS, REPORT_MAX_DAYS } from './merchants';
import { registerMessages } from './messages';
import { rangesInOrder, zIdText } from './rules';
import { UPTIME_MESSAGES } from './uptime.messages';

// The messages come with the schemas that use them (messages.ts, TLateMessages).
registerMessages(UPTIME_MESSAGES);

/**
 * What a connector is doing at a moment: its OCPP status grouped (occupied: Preparing, SuspendedEV, SuspendedEVSE,
 * Finishing, Reserved), maintenance (Unavailable after the operator's ChangeAvailability), offline (its charge point not
 * connected or silent), unknown (no history yet: left out of the figures).
 */
export const UPTIME_STATES = [
  'available',
  'charging',
  'occupied',
  'faulted',
  'unavailable',
  'maintenance',
  'offline',
  'unknown',
] as const;
export type TUptimeState = (typeof UPTIME_STATES)[number];
/** The states in which a connector is operative: they count toward uptime. */
export const OPERATIVE_STATES = ['available', 'charging', 'occupied'] as const satisfies readonly TUptimeState[];
/** The states left out of the measured time: the operator's planned maintenance and no data. */
export const EXCLUDED_STATES = ['maintenance', 'unknown'] as const satisfies readonly TUptimeState[];

export const UPTIME_STATE_LABELS: Readonly<Record<TLanguage, Readonly<Record<TUptimeState, string>>>> = {
  en: {
    available: 'Available',
    charging: 'Charging',
    occupied: 'Occupied',
    faulted: 'Faulted',
    unavailable: 'Unavailable',
    maintenance: 'Maintenance',
    offline: 'Offline',
    unknown: 'No data',
  },
  ru: {
    available: 'Свободен',
    charging: 'Заряжает',
    occupied: 'Занят',
    faulted: 'Неисправен',
    unavailable: 'Недоступен',
    maintenance: 'Обслуживание',
    offline: 'Не в сети',
    unknown: 'Нет данных',
  },
  ky: {
    available: 'Бош',
    charging: 'Кубаттап жатат',
    occupied: 'Бош эмес',
    faulted: 'Бузук',
    unavailable: 'Жеткиликсиз',
    maintenance: 'Тейлөө',
    offline: 'Тармакта эмес',
    unknown: 'Маалымат жок',
  },
};

export const UPTIME_GRANULARITIES = ['day', 'month'] as const;
export type TUptimeGranularity = (typeof UPTIME_GRANULARITIES)[number];

const DAY_MS = 24 * 3600 * 1000;
const zDay = () => z.string({ message: 'required' }).pipe(z.iso.date({ message: 'date_invalid' }));
const isCalendarDay = (value: string) => {
  const time = Date.parse(value);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
};
const inOrder = rangesInOrder<{ from: string; to: string }>([['from', 'to']], { message: 'end_before_start' });

/** A period of Bishkek days, both included, in order, at most REPORT_MAX_DAYS, not starting after today. */
const checkPeriod = (query: { from: string; to: string }, context: z.RefinementCtx) => {
  if (!isCalendarDay(query.from) || !isCalendarDay(query.to)) {
    return;
  }
  inOrder(query, context);
  if ((Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1 > REPORT_MAX_DAYS) {
    context.addIssue({ code: 'custom', message: `report_period_too_long:${REPORT_MAX_DAYS}`, path: ['to'] });
  }
  if (query.from > bishkekToday()) {
    context.addIssue({ code: 'custom', message: 'uptime_period_in_future', path: ['from'] });
  }
};

/** GET /uptime/stations/{id}/?from=&to=&granularity=day|month */
export const ZStationUptimeQuery = z
  .object({
    from: zDay(),
    to: zDay(),
    granularity: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(UPTIME_GRANULARITIES, { message: 'uptime_granularity_invalid' }).default('day'),
    ),
  })
  .superRefine(checkPeriod);
export type TStationUptimeQuery = z.input<typeof ZStationUptimeQuery>;

/** GET /uptime/?merchant_id=&from=&to=[&format=xlsx|csv]: a merchant's stations, or the network's. */
export const ZUptimeReportQuery = z
  .object({
    merchant_id: optionalFilter(zIdText()),
    from: zDay(),
    to: zDay(),
    format: optionalFilter(z.enum(REPORT_FORMATS, { message: 'invalid_choice' })),
  })
  .superRefine(checkPeriod);
export type TUptimeReportQuery = z.input<typeof ZUptimeReportQuery>;

/** Seconds in each state. */
export const ZUptimeSeconds = z.object(
  Object.fromEntries(UPTIME_STATES.map((state) => [state, z.number().int()])) as Record<
    TUptimeState,
    z.ZodNumber
  >,
);
export type TUptimeSeconds = z.infer<typeof ZUptimeSeconds>;

/**
 * Figures of a period: seconds per state, and uptime: operative time over measured time (the period's time up to now,
 * less maintenance and no data), in percent with 2 decimals; null when nothing was measured.
 */
export const ZUptimeFigures = z.object({
  uptime_percent: z.number().nullable(),
  seconds: ZUptimeSeconds,
});
export type TUptimeFigures = z.infer<typeof ZUptimeFigures>;

/** A day (`YYYY-MM-DD`) or month (`YYYY-MM`) of Bishkek. */
export const ZUptimePeriod = ZUptimeFigures.extend({ period: z.string() });
export type TUptimePeriod = z.infer<typeof ZUptimePeriod>;

export const ZStationUptime = z.object({
  station: z.object({ id: z.number().int(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  granularity: z.enum(UPTIME_GRANULARITIES),
  /** The station: its connectors' time together. */
  total: ZUptimeFigures,
  periods: z.array(ZUptimePeriod),
  connectors: z.array(
    z.object({
      /** OCPP connectorId. */
      connector_id: z.number().int(),
      typo: z.string(),
      total: ZUptimeFigures,
      periods: z.array(ZUptimePeriod),
    }),
  ),
});
export type TStationUptime = z.infer<typeof ZStationUptime>;

export const ZUptimeReportRow = ZUptimeFigures.extend({
  station_id: z.number().int(),
  station_name: z.string(),
  merchant: z.object({ id: z.number().int(), name: z.string() }),
  connectors: z.number().int(),
});
export type TUptimeReportRow = z.infer<typeof ZUptimeReportRow>;

export const ZUptimeReport = z.object({
  /** The merchant asked for; null for the whole network. */
  merchant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  from: z.string(),
  to: z.string(),
  rows: z.array(ZUptimeReportRow),
  total: ZUptimeFigures,
});
export type TUptimeReport = z.infer<typeof ZUptimeReport>;

/** Operative seconds over measured seconds, in percent with 2 decimals (null when nothing was measured). */
export const uptimePercent = (seconds: TUptimeSeconds): number | null => {
  const operative = OPERATIVE_STATES.reduce((sum, state) => sum + seconds[state], 0);
  const measured = UPTIME_STATES.reduce(
    (sum, state) => sum + ((EXCLUDED_STATES as readonly string[]).includes(state) ? 0 : seconds[state]),
    0,
  );
  return measured === 0 ? null : Math.round((operative / measured) * 10_000) / 100;
};
