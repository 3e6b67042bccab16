import { z } from 'zod';
import { ZPageQuery, zPaged } from './common';

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
});
export type TChargePointCommandEntry = z.infer<typeof ZChargePointCommandEntry>;
export const ZChargePointCommandPage = zPaged(ZChargePointCommandEntry);
export const ZChargePointCommandQuery = ZPageQuery.pick({ page: true, size: true });

const connectorId = z.number().int().min(0).max(99);

/** The commands station info sends besides Reset (OCPP 1.6 core and remote trigger profiles). */
export const ZChargePointCommandBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('ChangeAvailability'),
    payload: z.object({ connectorId, type: z.enum(['Inoperative', 'Operative']) }),
  }),
  z.object({ action: z.literal('UnlockConnector'), payload: z.object({ connectorId: connectorId.min(1) }) }),
  z.object({
    action: z.literal('TriggerMessage'),
    payload: z.object({
      requestedMessage: z.enum(['StatusNotification', 'Heartbeat', 'BootNotification', 'MeterValues']),
      connectorId: connectorId.min(1).optional(),
    }),
  }),
  z.object({
    action: z.literal('GetConfiguration'),
    payload: z.object({ key: z.array(z.string().min(1).max(50)).max(20).optional() }),
  }),
  z.object({
    action: z.literal('ChangeConfiguration'),
    payload: z.object({ key: z.string().min(1).max(50), value: z.string().max(500) }),
  }),
]);
export type TChargePointCommandBody = z.infer<typeof ZChargePointCommandBody>;

export const ZChargePointCommandResult = z.object({
  status: z.enum(COMMAND_STATUSES),
  response: z.unknown(),
});
export type TChargePointCommandResult = z.infer<typeof ZChargePointCommandResult>;

/** What the server-sent events at GET /ocpp/events/ carry: a station whose state changed. */
export interface TChargePointEvent {
  station_id: number;
}
