import { z } from 'zod';
import { ZPageQuery, zPaged } from './common';
import { registerMessages } from './messages';
import { OCPP_MESSAGES } from './ocpp.messages';
import { LOCAL_LIST_COMMANDS } from './ocpp-auth';
import { FIRMWARE_COMMANDS } from './ocpp-firmware';
import { SMART_CHARGING_COMMANDS } from './ocpp-smart';
import { zCommand, zConnectorId, zIdTag } from './ocpp-command';
import type { TPermission } from './permissions';

export * from './ocpp-command';

registerMessages(OCPP_MESSAGES);

/** Charge points' live state and the commands sent to them (OCPP 1.6J, issue 17). */

/** Connector statuses of OCPP 1.6 StatusNotification, in its order. */
export const CHARGE_POINT_STATUSES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEV',
  'SuspendedEVSE',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
] as const;
export type TChargePointStatus = (typeof CHARGE_POINT_STATUSES)[number];

export const ZChargePointConnector = z.object({
  /** OCPP connectorId (a connector's ocpp_16_id); 0 is the whole station. */
  connector_id: z.number().int(),
  status: z.string(),
  error_code: z.string(),
  info: z.string().nullable(),
  power_w: z.number().int().nullable(),
  meter_wh: z.number().int().nullable(),
  reported_at: z.string(),
});
export type TChargePointConnector = z.infer<typeof ZChargePointConnector>;

export const ZChargePointState = z.object({
  station_id: z.number().int(),
  /** Connected, and its last message is younger than three heartbeat intervals. */
  online: z.boolean(),
  connected: z.boolean(),
  last_heartbeat: z.string().nullable(),
  heartbeat_interval: z.number().int(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  serial_number: z.string().nullable(),
  firmware_version: z.string().nullable(),
  connectors: z.array(ZChargePointConnector),
});
export type TChargePointState = z.infer<typeof ZChargePointState>;

/** GET /ocpp/stations/?ids=1,2,3: the states of a page of stations (at most 100). */
export const ZChargePointStatesQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, { message: 'invalid' })
    .transform((value) => [...new Set(value.split(',').map(Number))].filter((id) => id > 0 && id <= 2_147_483_647)),
});
export const ZChargePointStates = z.object({ items: z.array(ZChargePointState) });

export const COMMAND_STATUSES = ['accepted', 'rejected', 'timeout', 'not_connected', 'failed'] as const;

export const ZChargePointCommandEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  request: z.unknown(),
  status: z.enum(COMMAND_STATUSES),
  response: z.unknown(),
  created_at: z.string(),
  duration_ms: z.number().int(),
  account: z.string().nullable(),
  /** As in the command's result: a ChangeConfiguration answered RebootRequired. */
  reboot_required: z.boolean(),
});
export type TChargePointCommandEntry = z.infer<typeof ZChargePointCommandEntry>;
export const ZChargePointCommandPage = zPaged(ZChargePointCommandEntry);
export const ZChargePointCommandQuery = ZPageQuery.pick({ page: true, size: true });

/**
 * The actions station info has sent since issue 17. `stations.reset` keeps allowing them (roles made before
 * `stations.manage_charge_point` existed keep what they could do); `stations.manage_charge_point` allows them too.
 */
export const RESET_PERMISSION_ACTIONS: readonly string[] = [
  'ChangeAvailability',
  'UnlockConnector',
  'TriggerMessage',
  'GetConfiguration',
  'ChangeConfiguration',
];

/** The permissions of which one lets an account send `action` (docs/product/ocpp.md#6-permissions). */
export const commandPermissions = (action: string): TPermission[] =>
  RESET_PERMISSION_ACTIONS.includes(action)
    ? ['stations.manage_charge_point', 'stations.reset']
    : ['stations.manage_charge_point'];

/** OCPP 1.6 Core and Remote Trigger actions. */
export const CORE_COMMANDS = [
  zCommand('ChangeAvailability', z.object({ connectorId: zConnectorId, type: z.enum(['Inoperative', 'Operative']) })),
  zCommand('UnlockConnector', z.object({ connectorId: zConnectorId.min(1) })),
  zCommand(
    'TriggerMessage',
    z.object({
      requestedMessage: z.enum(['StatusNotification', 'Heartbeat', 'BootNotification', 'MeterValues']),
      connectorId: zConnectorId.min(1).optional(),
    }),
  ),
  /** Without keys: every key the charge point has. */
  zCommand('GetConfiguration', z.object({ key: z.array(z.string().min(1).max(50)).max(20).optional() })),
  zCommand('ChangeConfiguration', z.object({ key: z.string().min(1).max(50), value: z.string().max(500) })),
  /**
   * The driver by id tag or by app user (the server sends that user's id tag, an app token before an RFID card): the
   * charge the charge point then starts is that driver's.
   */
  zCommand(
    'RemoteStartTransaction',
    z
      .object({
        connectorId: zConnectorId.min(1),
        idTag: zIdTag.optional(),
        userId: z.number().int().min(1).max(2_147_483_647).optional(),
      })
      .refine((payload) => (payload.idTag === undefined) !== (payload.userId === undefined), {
        message: 'ocpp_driver_required',
      }),
  ),
  zCommand('ClearCache', z.object({})),
  zCommand(
    'DataTransfer',
    z.object({
      vendorId: z.string().min(1).max(255),
      messageId: z.string().min(1).max(50).optional(),
      data: z.string().max(10_000).optional(),
    }),
  ),
] as const;

/**
 * The command call's body: one member per action, each with its payload's schema (./ocpp-command.ts tells how a
 * profile adds its own: one spread line here).
 */
export const ZChargePointCommandBody = z.discriminatedUnion('action', [
  ...CORE_COMMANDS,
  ...LOCAL_LIST_COMMANDS,
  ...FIRMWARE_COMMANDS,
  ...SMART_CHARGING_COMMANDS,
]);
export type TChargePointCommandBody = z.infer<typeof ZChargePointCommandBody>;
export type TChargePointAction = TChargePointCommandBody['action'];

/** Every action the command call takes, in the union's order. */
export const CHARGE_POINT_ACTIONS: readonly TChargePointAction[] = ZChargePointCommandBody.options.map(
  (option) => option.shape.action.value,
);

/** A ChangeConfiguration the charge point accepted to apply after its next reboot (it answered RebootRequired). */
export const isRebootRequired = (action: string, response: unknown) =>
  action === 'ChangeConfiguration' && (response as { status?: unknown } | null)?.status === 'RebootRequired';

export const ZChargePointCommandResult = z.object({
  status: z.enum(COMMAND_STATUSES),
  /** The charge point accepted a ChangeConfiguration that takes effect after a reboot (it answered RebootRequired). */
  reboot_required: z.boolean(),
  /** The outcome in the request's language. */
  detail: z.string(),
  /** The charge point's answer (GetConfiguration's always with `configurationKey` and `unknownKey` lists). */
  response: z.unknown(),
});
export type TChargePointCommandResult = z.infer<typeof ZChargePointCommandResult>;

/** What the server-sent events at GET /ocpp/events/ carry: a station whose state changed. */
export interface TChargePointEvent {
  station_id: number;
}

/**
 * POST /ocpp/commands/bulk/: one action sent to the charge points of many stations (docs/product/ocpp.md#7-calls).
 * Reset (as its own call), UpdateFirmware and ChangeConfiguration, each payload as the command call takes it.
 */
export const BULK_COMMAND_MAX_STATIONS = 500;
export const BULK_ACTIONS = ['Reset', 'UpdateFirmware', 'ChangeConfiguration'] as const;
export type TBulkAction = (typeof BULK_ACTIONS)[number];

const commandPayloadOf = <TAction extends TChargePointAction>(action: TAction) => {
  const member = ZChargePointCommandBody.options.find((option) => option.shape.action.value === action);
  if (!member) {
    throw new Error(`no command ${action}`);
  }
  return member.shape.payload as Extract<
    (typeof ZChargePointCommandBody.options)[number],
    { shape: { action: z.ZodLiteral<TAction> } }
  >['shape']['payload'];
};

const zStationIds = z
  .array(z.number().int().min(1).max(2_147_483_647))
  .min(1, { message: 'required' })
  .max(BULK_COMMAND_MAX_STATIONS, { message: `ocpp_bulk_too_many:${BULK_COMMAND_MAX_STATIONS}` });

export const ZBulkCommandBody = z.discriminatedUnion('action', [
  z.object({
    station_ids: zStationIds,
    action: z.literal('Reset'),
    payload: z.object({ type: z.enum(['Hard', 'Soft']) }),
  }),
  z.object({
    station_ids: zStationIds,
    action: z.literal('UpdateFirmware'),
    payload: commandPayloadOf('UpdateFirmware'),
  }),
  z.object({
    station_ids: zStationIds,
    action: z.literal('ChangeConfiguration'),
    payload: commandPayloadOf('ChangeConfiguration'),
  }),
]);
export type TBulkCommandBody = z.infer<typeof ZBulkCommandBody>;

/** What one station's command came to: `offline` is not connected, `error` an OCPP error answer or no such station. */
export const BULK_RESULTS = ['accepted', 'rejected', 'offline', 'timeout', 'error'] as const;
export type TBulkResult = (typeof BULK_RESULTS)[number];

export const ZBulkCommandItem = z.object({
  station_id: z.number().int(),
  /** The station's name in the request's language; null when there is no such station. */
  name: z.string().nullable(),
  result: z.enum(BULK_RESULTS),
  /** The command log's status; null when nothing was sent (no such station). */
  status: z.enum(COMMAND_STATUSES).nullable(),
  reboot_required: z.boolean(),
  /** The outcome in the request's language. */
  detail: z.string(),
  response: z.unknown(),
});
export type TBulkCommandItem = z.infer<typeof ZBulkCommandItem>;
export const ZBulkCommandResult = z.object({ items: z.array(ZBulkCommandItem) });
export type TBulkCommandResult = z.infer<typeof ZBulkCommandResult>;

/** A bulk action's permissions: those of its single-station call (Reset's own call takes stations.reset). */
export const bulkPermissions = (action: TBulkAction): TPermission[] =>
  action === 'Reset' ? ['stations.reset'] : commandPermissions(action);

/** POST /ocpp/stations/{id}/local-list/send-full/: what the Full SendLocalList came to. */
export const ZSendFullListResult = z.object({
  status: z.enum(COMMAND_STATUSES),
  detail: z.string(),
  response: z.unknown(),
  /** The list version sent (the network's) and the number of cards in it. */
  list_version: z.number().int(),
  entries: z.number().int(),
});
export type TSendFullListResult = z.infer<typeof ZSendFullListResult>;
