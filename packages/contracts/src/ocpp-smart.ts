import { z } from 'zod';
import { registerMessages } from './messages';
import { zCommand, zConnectorId } from './ocpp-command';
import { OCPP_SMART_MESSAGES } from './ocpp-smart.messages';

// The messages come with the schemas that use them (messages.ts, TLateMessages).
registerMessages(OCPP_SMART_MESSAGES);

/**
 * Charge points' power limits (OCPP 1.6 Smart Charging profile; docs/product/ocpp.md sections 3, 4 and 7): a station's
 * limit sent as its ChargePointMaxProfile, and a merchant site's limit shared by the charges running at that merchant's
 * stations (a TxDefaultProfile of 0 W there and a TxProfile share per running charge). Times of day are Bishkek's.
 */

/** The highest limit (kW) a station or a site may be given. */
export const POWER_LIMIT_MAX_KW = 10_000;
/** A limit has at most this many time windows. */
export const POWER_WINDOWS_MAX = 12;
/**
 * The least share of a site's limit a running charge is given (W): a charge that cannot get it gets 0 and waits for
 * one that ends (earliest-started charges first).
 */
export const POWER_SHARE_MIN_W = 1_400;

export const CHARGING_PROFILE_PURPOSES = ['ChargePointMaxProfile', 'TxDefaultProfile', 'TxProfile'] as const;

/** kW, positive, in steps of 0.1 kW (the server sends whole watts). */
const zKw = z
  .number({ message: 'number_invalid' })
  .positive({ message: 'power_limit_positive' })
  .max(POWER_LIMIT_MAX_KW, { message: `power_limit_too_high:${POWER_LIMIT_MAX_KW}` })
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, { message: 'power_limit_step' });

/** A time of day, HH:MM, 24:00 for the end of the day. */
const zTimeOfDay = z
  .string({ message: 'power_window_time_invalid' })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, { message: 'power_window_time_invalid' });

/** Minutes since midnight of an HH:MM. */
export const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export const ZPowerWindow = z.object({ from: zTimeOfDay, to: zTimeOfDay, limit_kw: zKw });
export type TPowerWindow = z.infer<typeof ZPowerWindow>;

/**
 * PUT /ocpp/stations/{id}/power-limit/ and /ocpp/merchants/{id}/power-limit/: the limit all day, and windows of the day
 * (Bishkek time, from before to, not overlapping) with a limit of their own.
 */
export const ZPowerLimitBody = z
  .object({
    limit_kw: zKw,
    windows: z
      .array(ZPowerWindow)
      .max(POWER_WINDOWS_MAX, { message: `power_windows_too_many:${POWER_WINDOWS_MAX}` })
      .default([]),
  })
  .superRefine((body, context) => {
    const windows = body.windows.map((window, index) => ({
      index,
      from: minutesOfDay(window.from),
      to: minutesOfDay(window.to),
    }));
    for (const window of windows) {
      if (window.to <= window.from) {
        context.addIssue({ code: 'custom', path: ['windows', window.index, 'to'], message: 'power_window_order' });
      }
    }
    const ordered = windows.filter((window) => window.to > window.from).sort((a, b) => a.from - b.from);
    for (let index = 1; index < ordered.length; index += 1) {
      const current = ordered[index]!;
      if (current.from < ordered[index - 1]!.to) {
        context.addIssue({
          code: 'custom',
          path: ['windows', current.index, 'from'],
          message: 'power_windows_overlap',
        });
      }
    }
  });
export type TPowerLimitBody = z.input<typeof ZPowerLimitBody>;

/** A limit as kept: none (`limit_kw` null) or the limit with its windows, who set it and when. */
export const ZPowerLimit = z.object({
  limit_kw: z.number().nullable(),
  windows: z.array(ZPowerWindow),
  updated_at: z.string().nullable(),
  account: z.string().nullable(),
});

/** What one SetChargingProfile or ClearChargingProfile came to, as the command call tells it. */
export const ZPowerCommandOutcome = z.object({
  station_id: z.number().int(),
  action: z.string(),
  status: z.enum(['accepted', 'rejected', 'timeout', 'not_connected', 'failed']),
  response: z.unknown(),
});
export type TPowerCommandOutcome = z.infer<typeof ZPowerCommandOutcome>;

/** GET /ocpp/stations/{id}/power-limit/; PUT and DELETE add the command sent. */
export const ZStationPowerLimit = ZPowerLimit.extend({
  station_id: z.number().int(),
  /** The merchant site's limit its charges share, if any (kW now). */
  site_limit_kw: z.number().nullable(),
  commands: z.array(ZPowerCommandOutcome),
});
export type TStationPowerLimit = z.infer<typeof ZStationPowerLimit>;

/** A running charge's share of its site's limit. */
export const ZPowerShare = z.object({
  charge_id: z.number().int(),
  station_id: z.number().int(),
  connector_id: z.number().int(),
  started_at: z.string(),
  /** Its share now (W); 0 while it waits for one. */
  share_w: z.number().int(),
});

/** GET /ocpp/merchants/{id}/power-limit/: the site limit, the limit in force now and the running charges' shares. */
export const ZMerchantPowerLimit = ZPowerLimit.extend({
  merchant_id: z.number().int(),
  /** The limit in force now (kW), null without a limit. */
  limit_now_kw: z.number().nullable(),
  shares: z.array(ZPowerShare),
  commands: z.array(ZPowerCommandOutcome),
});
export type TMerchantPowerLimit = z.infer<typeof ZMerchantPowerLimit>;

/** The command call's actions of the Smart Charging profile (members of ZChargePointCommandBody). */
export const SMART_CHARGING_COMMANDS = [
  zCommand(
    'ClearChargingProfile',
    z.object({
      id: z.number().int().min(1).max(2_147_483_647).optional(),
      connectorId: zConnectorId.optional(),
      chargingProfilePurpose: z.enum(CHARGING_PROFILE_PURPOSES).optional(),
      stackLevel: z.number().int().min(0).max(100).optional(),
    }),
  ),
  zCommand(
    'GetCompositeSchedule',
    z.object({
      connectorId: zConnectorId,
      /** Seconds ahead, at most a week. */
      duration: z
        .number()
        .int()
        .min(60)
        .max(7 * 86_400),
      chargingRateUnit: z.enum(['A', 'W']).optional(),
    }),
  ),
] as const;

/** A composite schedule's period as GetCompositeSchedule.conf gives it. */
export interface TSchedulePeriod {
  startPeriod: number;
  limit: number;
}

/** GetCompositeSchedule.conf's schedule, when the charge point gave one. */
export interface TCompositeSchedule {
  status: string;
  connectorId?: number;
  scheduleStart?: string;
  chargingSchedule?: {
    duration?: number;
    startSchedule?: string;
    chargingRateUnit: 'A' | 'W';
    chargingSchedulePeriod: TSchedulePeriod[];
  };
}
