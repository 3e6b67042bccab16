import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged, ZQueryBoolean, ZStatus } from './common';
import { ZCatalogueRef, ZNamedRef } from './merchants';
import { zFee } from './rates';
import {
  COORDINATE_PATTERN,
  LIMITS,
  STATION_PASSWORD_PATTERN,
  zIdText,
  zIntText,
  zOptionalText,
  zRequiredText,
  zStatusText,
} from './rules';
import { type TScheduleEntry, ZSchedule, ZScheduleInput } from './schedule';
import { RESET_TYPES } from './constants';

export { RESET_TYPES } from './constants';

/** docs/product/stations.md sections 5 and 9. */
export const STATION_LIMITS = {
  name: 80,
  pic: 80,
  identity: 48,
  manufacturer: 50,
  address: 50,
  passwordMin: LIMITS.stationPasswordMin,
  passwordMax: LIMITS.stationPasswordMax,
  photoMaxBytes: 2000 * 1024,
  videoMaxBytes: 100 * 1024 * 1024,
  mediaMaxFiles: 10,
  connectorPositions: 8,
  powerMax: 1000,
} as const;
export const EXECUTION_TYPES = ['wall', 'floor', 'mobile'] as const;
export const PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;
export const VIDEO_TYPES = ['video/mp4'] as const;
/** The charge point's identity is part of its OCPP websocket URL: keep it URL-safe. */
export const IDENTITY_PATTERN = /^[A-Za-z0-9._-]+$/;
/** Cable length: a positive integer without a leading zero. */
export const CABLE_LENGTH_PATTERN = /^[1-9]\d{0,3}$/;

const formBoolean = () =>
  z.union([
    z.boolean(),
    z
      .enum(['true', 'false', '1', '0'], { message: 'invalid_choice' })
      .transform((value) => value === 'true' || value === '1'),
  ]);
const formId = () => zIdText();

export const zCoordinate = (limit: 90 | 180) =>
  z
    .union([z.number(), z.string().trim()], { message: 'required' })
    .transform((value) => String(value))
    .refine((value) => value !== '', { message: 'required' })
    .refine((value) => COORDINATE_PATTERN.test(value) && Math.abs(Number(value)) <= limit, {
      message: 'coordinate_invalid',
    })
    .transform((value) => Number(value));

/** One connector as the station form sends it (multipart `connectors[i]...` on create, JSON on the connectors call). */
export const ZConnectorInput = z.object({
  /** Present when an existing connector is edited through the connectors call. */
  id: formId().optional(),
  evse_id: zIntText({ min: 1, max: 100 }),
  connector_id: zIntText({ min: 1, max: 100 }),
  ocpp_16_id: zIntText({ min: 1, max: 1000 }),
  evse_label: zOptionalText(20).optional(),
  typo: z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(32),
  position: zIntText({ min: 1, max: STATION_LIMITS.connectorPositions }).default(1),
  power_kWh: z.coerce
    .number({ message: 'power_invalid' })
    .min(0, { message: 'power_invalid' })
    .max(STATION_LIMITS.powerMax, { message: `max_value:${STATION_LIMITS.powerMax}` })
    .default(0),
  cable_length: z
    .union([z.number(), z.string().trim(), z.null()])
    .transform((value) => (value === null || value === '' || value === 'null' ? null : String(value)))
    .refine((value) => value === null || CABLE_LENGTH_PATTERN.test(value), { message: 'cable_length_invalid' })
    .transform((value) => (value === null ? null : Number(value)))
    .default(null),
  custom_fee: z
    .union([z.null(), z.literal(''), z.literal('null'), zFee()])
    .transform((value) => (value === '' || value === 'null' ? null : value))
    .default(null),
  /** A personal rate of the connector's type (tariffs II), which prices its charges while active; null for none. */
  rate_id: z
    .union([z.null(), z.literal(''), z.literal('null'), formId()], { message: 'rate_invalid' })
    .transform((value) => (value === '' || value === 'null' ? null : value))
    .default(null),
});
export type TConnectorInput = z.input<typeof ZConnectorInput>;

/** Positions must not repeat across a station's modules (docs/product/stations.md#4-states-and-rules). */
export const findDuplicatePositions = (connectors: { position: number }[]) => {
  const seen = new Map<number, number>();
  const duplicates: number[] = [];
  connectors.forEach((connector, index) => {
    if (seen.has(connector.position)) {
      duplicates.push(index);
    } else {
      seen.set(connector.position, index);
    }
  });
  return duplicates;
};

const connectorList = (params?: { message: string }) =>
  z
    .array(ZConnectorInput, params)
    .max(64)
    .superRefine((connectors, context) => {
      for (const index of findDuplicatePositions(connectors)) {
        context.addIssue({ code: 'custom', message: 'connector_position_duplicate', path: [index, 'position'] });
      }
    });
export const ZConnectorListInput = connectorList();

const stationFields = {
  identity: zRequiredText(STATION_LIMITS.identity).refine((value) => IDENTITY_PATTERN.test(value), {
    message: 'identity_invalid',
  }),
  password: z
    .string({ message: 'password_required' })
    .min(1, { message: 'password_required' })
    .min(STATION_LIMITS.passwordMin, { message: `station_password_min:${STATION_LIMITS.passwordMin}` })
    .max(STATION_LIMITS.passwordMax, { message: `max_length:${STATION_LIMITS.passwordMax}` })
    .regex(STATION_PASSWORD_PATTERN, { message: 'station_password_invalid' }),
  pic: zRequiredText(STATION_LIMITS.pic),
  name_ru: zRequiredText(STATION_LIMITS.name),
  name_en: zRequiredText(STATION_LIMITS.name),
  name_ky: zRequiredText(STATION_LIMITS.name),
  address_ru: zOptionalText(STATION_LIMITS.address),
  address_en: zOptionalText(STATION_LIMITS.address),
  address_ky: zOptionalText(STATION_LIMITS.address),
  latitude: zCoordinate(90),
  longitude: zCoordinate(180),
  manufacturer: zOptionalText(STATION_LIMITS.manufacturer),
  execution_type: z.enum(EXECUTION_TYPES, { message: 'required' }),
  is_gas_station: formBoolean(),
  status: zStatusText(),
  is_new: formBoolean(),
  country: formId(),
  city: formId(),
  tags: z.array(formId()).max(100),
  environment: z.array(formId()).max(100),
  schedule: ZScheduleInput,
};

/**
 * The station form's text fields, one multipart value each, in the form's order: the web form sends them and the
 * server's multipart reader takes them, both from this list.
 */
export const STATION_SCALAR_FIELDS = [
  'identity',
  'password',
  'pic',
  'name_ru',
  'name_en',
  'name_ky',
  'address_ru',
  'address_en',
  'address_ky',
  'latitude',
  'longitude',
  'manufacturer',
  'execution_type',
  'is_gas_station',
  'status',
  'is_new',
  'country',
  'city',
] as const satisfies readonly (keyof typeof stationFields)[];
export type TStationScalarField = (typeof STATION_SCALAR_FIELDS)[number];

/** The keys of one `schedule[i]...` entry of the station form. */
export const SCHEDULE_ENTRY_KEYS = [
  'day',
  'start_time',
  'end_time',
  'is_break',
] as const satisfies readonly (keyof TScheduleEntry)[];

/** The keys of one `connectors[i]...` entry of the station form (create). */
export const CONNECTOR_INPUT_KEYS = [
  'evse_id',
  'connector_id',
  'ocpp_16_id',
  'evse_label',
  'typo',
  'position',
  'power_kWh',
  'cable_length',
  'custom_fee',
  'rate_id',
] as const satisfies readonly (keyof TConnectorInput)[];

/**
 * POST /stations/ (multipart). Text fields as parsed from the indexed multipart names; files travel as
 * `avatar` and `media_files[i]content` and are checked separately (at least one image).
 */
export const ZStationCreateFields = z.object({
  merchant: formId(),
  ...stationFields,
  address_ru: stationFields.address_ru.default(''),
  address_en: stationFields.address_en.default(''),
  address_ky: stationFields.address_ky.default(''),
  manufacturer: stationFields.manufacturer.default(''),
  is_gas_station: stationFields.is_gas_station.default(false),
  status: stationFields.status.default(0),
  is_new: stationFields.is_new.default(false),
  tags: stationFields.tags.default([]),
  environment: stationFields.environment.default([]),
  // A form without any connectors[i] field has no list at all: that is the same 'add a connector' as an empty one.
  connectors: connectorList({ message: 'connectors_required' }).refine((connectors) => connectors.length > 0, {
    message: 'connectors_required',
  }),
});
export type TStationCreateFields = z.input<typeof ZStationCreateFields>;

/** PATCH /stations/update/{id}/ (multipart): only what changed is sent and applied. */
export const ZStationUpdateFields = z
  .object({
    ...stationFields,
    deleted_media_ids: z.array(formId()).max(100),
    delete_tags: formBoolean(),
    delete_environment: formBoolean(),
  })
  .partial();
export type TStationUpdateFields = z.input<typeof ZStationUpdateFields>;

/** PATCH /stations/update/{id}/connectors/ (JSON). */
export const ZStationConnectorsBody = z.object({
  connectors: ZConnectorListInput.default([]),
  deleted_conns_ids: z.array(formId()).max(64).default([]),
});
export type TStationConnectorsBody = z.input<typeof ZStationConnectorsBody>;

export const ZMediaFile = z.object({
  id: z.number().int(),
  content_path: z.string(),
  content: z.enum(['image', 'video']),
});
export type TMediaFile = z.infer<typeof ZMediaFile>;

export const ZConnector = z.object({
  id: z.number().int(),
  evse: z.number().int(),
  evse_id: z.number().int(),
  connector_id: z.number().int(),
  ocpp_16_id: z.number().int(),
  typo: z.string(),
  typo_name: z.string(),
  position: z.number().int(),
  power_kWh: z.number(),
  cable_length: z.number().int().nullable(),
  custom_fee: z.string().nullable(),
  /** Its personal rate (tariffs II) and that rate's name, or null. */
  rate_id: z.number().int().nullable(),
  rate_name: z.string().nullable(),
  /** The default tariff of the connector's type, for display only. */
  fee_default: z.string().nullable(),
});
export type TConnector = z.infer<typeof ZConnector>;

export const ZEvseModule = z.object({
  id: z.number().int(),
  evse_id: z.number().int(),
  label: z.string(),
  connectors: z.array(ZConnector),
});
export type TEvseModule = z.infer<typeof ZEvseModule>;

/** GET /stations/{id}/ and GET /stations/update/{id}/ (the password never leaves the server). */
export const ZStation = z.object({
  id: z.number().int(),
  merchant: z.number().int(),
  identity: z.string(),
  has_password: z.boolean(),
  pic: z.string(),
  name_ru: z.string(),
  name_en: z.string(),
  name_ky: z.string(),
  address_ru: z.string(),
  address_en: z.string(),
  address_ky: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  manufacturer: z.string(),
  execution_type: z.enum(EXECUTION_TYPES),
  is_gas_station: z.boolean(),
  status: ZStatus,
  is_new: z.boolean(),
  country: ZNamedRef,
  city: ZNamedRef,
  tags: z.array(ZCatalogueRef),
  environment: z.array(ZCatalogueRef),
  schedule: ZSchedule,
  avatar: z.string().nullable(),
  media_files: z.array(ZMediaFile),
  evses: z.array(ZEvseModule),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TStation = z.infer<typeof ZStation>;

/** A row of GET /stations/?merchant=: the station table of the merchant detail screen. */
export const ZStationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  schedule: ZSchedule,
  status: ZStatus,
  connectors: z.array(z.string()),
  tags: z.array(ZCatalogueRef),
  surroundings: z.array(ZCatalogueRef),
});
export type TStationRow = z.infer<typeof ZStationRow>;
export const ZStationPage = zPaged(ZStationRow);
export const ZStationListQuery = ZPageQuery.extend({
  merchant: formId(),
  active: optionalFilter(ZQueryBoolean),
});
export type TStationListQuery = z.input<typeof ZStationListQuery>;

/** GET /stations/for-transaction/ and /stations/for-promotion/: searchable pickers. */
export const ZStationOptionQuery = ZPageQuery.extend({ merchant: optionalFilter(formId()) });
export const ZStationOption = z.object({ id: z.number().int(), name: z.string(), merchant: z.number().int() });
export const ZStationOptionPage = zPaged(ZStationOption);

/** POST /stations/reset/{identity}/ */
export const ZStationResetBody = z.object({ reset_type: z.enum(RESET_TYPES, { message: 'invalid_choice' }) });
export const ZStationResetResult = z.object({ success: z.boolean(), detail: z.string() });
