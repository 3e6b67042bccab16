/**
 * The drivers' API (issue 38, docs/product/app-api.md): what the network's mobile app (and the driver web app) sends
 * and gets under /api/app/v1. A driver is an app user (`app_users`), signed in by a one-time code sent to their phone;
 * their tokens are the app's own, never a dashboard account's.
 */
import { z } from 'zod';
import { APP_MESSAGES } from './app.messages';
import { ZChargeStatus, ZRunningCost } from './charges';
import { LANGUAGES, LIMITS, normalizePhone } from './constants';
import { ZPageQuery, zPaged } from './common';
import { registerMessages } from './messages';
import { ZMoney, ZPaymentMethod } from './money';
import { ZCostBreakdown } from './rates';
import { zDate, zEmail, zId, zIdText, zInt, zOptionalText } from './rules';
import { GENDERS, USER_LIMITS, ZBalanceBasis } from './users';

registerMessages(APP_MESSAGES);

export const APP_API_PREFIX = '/api/app/v1';

/** One-time codes (docs/product/app-api.md#sign-in): 6 digits, 5 minutes, single use. */
export const OTP = {
  digits: 6,
  ttlSeconds: 5 * 60,
  /** A number may be sent a new code this long after the last one. */
  resendSeconds: 60,
  /** Wrong guesses one code survives; the next one kills it. */
  maxAttempts: 5,
} as const;

/** The app's platform as its `X-App-Platform` header says it (charges keep 1 iOS, 2 Android). */
export const APP_PLATFORMS = ['ios', 'android', 'web'] as const;
export type TAppPlatform = (typeof APP_PLATFORMS)[number];

/** A Kyrgyz mobile number: 996 and 9 digits, written in any way (`+996 (555) 12-34-56`). */
export const zKgPhone = () =>
  z
    .string({ error: 'phone_required' })
    .min(1, { message: 'phone_required' })
    .max(40, { message: 'app_phone_not_kg' })
    .transform(normalizePhone)
    .refine((digits) => digits.length === LIMITS.phoneDigits && digits.startsWith('996'), {
      message: 'app_phone_not_kg',
    });

export const ZOtpRequestBody = z.object({ phone: zKgPhone() });
export type TOtpRequestBody = z.input<typeof ZOtpRequestBody>;

export const ZOtpRequested = z.object({
  detail: z.string(),
  /** Seconds the code is valid. */
  expires_in: z.number().int(),
  /** Seconds before another code may be asked for this number. */
  resend_after: z.number().int(),
});

export const ZOtpVerifyBody = z.object({
  phone: zKgPhone(),
  code: z
    .string({ error: 'otp_code_required' })
    .trim()
    .min(1, { message: 'otp_code_required', abort: true })
    .regex(new RegExp(`^\\d{${OTP.digits}}$`), { message: `otp_code_format:${OTP.digits}` }),
  /** A friend's referral code, taken only when this sign-in creates the user. */
  referral_code: z.string().trim().max(USER_LIMITS.referralCode, { message: 'referral_code_not_found' }).optional(),
});
export type TOtpVerifyBody = z.input<typeof ZOtpVerifyBody>;

export const ZAppRefreshBody = z.object({ refresh: z.string().min(1, { message: 'token_invalid' }).max(200) });

export const ZAppProfile = z.object({
  id: z.number().int(),
  personal_account: z.string(),
  phone: z.string(),
  name: z.string(),
  email: z.string(),
  gender: z.enum(GENDERS).nullable(),
  birthday: z.string().nullable(),
  car: z.object({ make: z.string(), model: z.string(), year: z.number().int().nullable(), color: z.string() }),
  driver_licence: z.string(),
  language: z.enum(LANGUAGES),
  referral_code: z.string(),
  balance: ZMoney,
  registered_at: z.string(),
});
export type TAppProfile = z.infer<typeof ZAppProfile>;

export const ZAppTokens = z.object({
  access: z.string(),
  refresh: z.string(),
  /** Seconds the access token lives. */
  expires_in: z.number().int(),
});

export const ZAppSignIn = ZAppTokens.extend({
  /** True when this sign-in registered the number. */
  created: z.boolean(),
  user: ZAppProfile,
});
export type TAppSignIn = z.infer<typeof ZAppSignIn>;

const nullableText = (max: number) => zOptionalText(max).optional();

export const ZAppProfileUpdate = z
  .object({
    name: nullableText(USER_LIMITS.name),
    email: z.union([z.literal(''), zEmail()]).optional(),
    gender: z.enum(GENDERS, { message: 'invalid_choice' }).nullable().optional(),
    birthday: zDate().nullable().optional(),
    car: z
      .object({
        make: nullableText(USER_LIMITS.carMake),
        model: nullableText(USER_LIMITS.carModel),
        year: zInt({ min: 1950, max: 2100 }).nullable().optional(),
        color: nullableText(USER_LIMITS.carColor),
      })
      .strict()
      .optional(),
    driver_licence: nullableText(USER_LIMITS.driverLicence),
    language: z.enum(LANGUAGES, { message: 'invalid_choice' }).optional(),
  })
  .strict();
export type TAppProfileUpdate = z.input<typeof ZAppProfileUpdate>;

export const PUSH_PROVIDERS = ['fcm', 'apns'] as const;
export const ZAppDeviceBody = z.object({
  push_provider: z.enum(PUSH_PROVIDERS, { message: 'invalid_choice' }),
  push_token: z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(4096, { message: 'app_push_token_invalid' })
    .regex(/^[\x21-\x7e]+$/, { message: 'app_push_token_invalid' }),
});

/** A sign-in of a driver as the dashboard's user screen shows it: a device. */
export const ZAppDevice = z.object({
  id: z.string(),
  platform: z.enum(APP_PLATFORMS).nullable(),
  app_version: z.string(),
  user_agent: z.string(),
  push_provider: z.enum(PUSH_PROVIDERS).nullable(),
  signed_in_at: z.string(),
  last_seen_at: z.string(),
  /** Null while signed in. */
  ended_at: z.string().nullable(),
});
export type TAppDevice = z.infer<typeof ZAppDevice>;
export const ZAppDeviceList = z.object({ items: z.array(ZAppDevice) });

/* Charging ------------------------------------------------------------------------------------------------------- */

export const ZAppStartBody = z.object({ connector_id: zId() });
export type TAppStartBody = z.input<typeof ZAppStartBody>;

/** A driver's charge as the app shows it: live while it runs, with its receipt once it ended. */
export const ZAppCharge = z.object({
  id: z.number().int(),
  status: ZChargeStatus,
  running: z.boolean(),
  station: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
  connector: z.object({ id: z.number().int().nullable(), name: z.string(), ocpp_16_id: z.number().int() }),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** Seconds from start to finish, or to now while it runs. */
  duration: z.number().int(),
  consumption_kwh: z.string(),
  /** The connector's last reported power in W while it runs; null once it ended or before a reading. */
  power_w: z.number().int().nullable(),
  /** So far while it runs (the same price function the finish books), else the final amount after the discount. */
  cost: ZMoney,
  discount: ZMoney,
  running_cost: ZRunningCost.nullable(),
  cost_breakdown: ZCostBreakdown.nullable(),
  payment_method: ZPaymentMethod,
});
export type TAppCharge = z.infer<typeof ZAppCharge>;
export const ZAppChargePage = zPaged(ZAppCharge);

/** The answer of a start: the charge point accepted; the charge appears when it sends StartTransaction. */
export const ZAppStart = z.object({
  detail: z.string(),
  station_id: z.number().int(),
  connector_id: z.number().int(),
  /** The charge, when the charge point had already told its start by the time of the answer. */
  charge: ZAppCharge.nullable(),
});

/** The driver's session now: their running charges (one, usually) and starts waiting for the charge point. */
export const ZAppSession = z.object({
  charges: z.array(ZAppCharge),
  starting: z.array(z.object({ station_id: z.number().int(), connector_id: z.number().int(), since: z.string() })),
});
export type TAppSession = z.infer<typeof ZAppSession>;

export const ZAppChargeIdParam = z.object({ id: zIdText() });
export const ZAppChargeListQuery = ZPageQuery.pick({ page: true, size: true });

/* Money ---------------------------------------------------------------------------------------------------------- */

export const ZAppBalance = z.object({
  balance: ZMoney,
  /** Reserved by the driver's running charges (docs/product/payments.md#holds). */
  held: ZMoney,
  /** What a new charge or a refund may use: balance less held. */
  available: ZMoney,
  /** The least balance that lets a charge start: a start needs more than this. */
  min_to_start: ZMoney,
});

export const ZAppStatementEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  basis: ZBalanceBasis,
  method: ZPaymentMethod,
  debit: ZMoney,
  credit: ZMoney,
  deposit: ZMoney,
  charge_id: z.number().int().nullable(),
});
export const ZAppStatementPage = zPaged(ZAppStatementEntry);
export const ZAppStatementQuery = ZPageQuery.pick({ page: true, size: true });

export const ZAppPromoCodeBody = z.object({
  code: z.string({ error: 'required' }).trim().toUpperCase().min(1, { message: 'required' }).max(32),
});
export const ZAppPromoCodeRedeemed = z.object({ detail: z.string(), code: z.string(), promotion_id: z.number().int() });

export const ZAppStop = z.object({ detail: z.string(), charge: ZAppCharge });
export const ZAppDetail = z.object({ detail: z.string() });
