import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged } from './common';
import { registerMessages } from './messages';
import { zCommand, zConnectorId, zIdTag } from './ocpp-command';
import { zIdText } from './rules';
import { OCPP_AUTH_MESSAGES } from './ocpp-auth.messages';

// The messages come with the schemas that use them (messages.ts, TLateMessages).
registerMessages(OCPP_AUTH_MESSAGES);

/**
 * Charge points' local authorization list and reservations (OCPP 1.6 Local Auth List Management and Reservation
 * profiles; docs/product/ocpp.md sections 3, 4 and 7).
 */

const idTag = zIdTag;

/** OCPP 1.6 AuthorizationStatus. */
export const AUTHORIZATION_STATUSES = ['Accepted', 'Blocked', 'Expired', 'Invalid', 'ConcurrentTx'] as const;

/** A SendLocalList message carries at most this many entries (the whole network's list goes in one Full message). */
export const LOCAL_LIST_MAX_ENTRIES = 10_000;
/**
 * An operator's SendLocalList through the command call carries at most this many (a command for a charge point held by
 * another process travels in one NOTIFY of at most 8,000 bytes); the network's own list is the server's to send.
 */
export const LOCAL_LIST_COMMAND_MAX_ENTRIES = 50;

export const ZLocalAuthorizationEntry = z.object({
  idTag,
  /** Absent in a Differential update: the id tag is removed from the list. */
  idTagInfo: z
    .object({
      status: z.enum(AUTHORIZATION_STATUSES),
      expiryDate: z.iso.datetime({ offset: true }).optional(),
      parentIdTag: idTag.optional(),
    })
    .optional(),
});

/** The command call's actions of the Local Auth List Management profile (members of ZChargePointCommandBody). */
export const LOCAL_LIST_COMMANDS = [
  zCommand('GetLocalListVersion', z.object({})),
  zCommand(
    'SendLocalList',
    z.object({
      listVersion: z.number().int().min(1).max(2_147_483_647),
      updateType: z.enum(['Differential', 'Full']),
      localAuthorizationList: z.array(ZLocalAuthorizationEntry).max(LOCAL_LIST_COMMAND_MAX_ENTRIES).optional(),
    }),
  ),
] as const;

/** GET /ocpp/stations/{id}/local-list/: where a station's charge point stands with the network's list. */
export const ZLocalListState = z.object({
  station_id: z.number().int(),
  /** null: not asked yet (asked at its next boot); false: it answered that it keeps no local list. */
  supported: z.boolean().nullable(),
  /** The version of its list as it last told (GetLocalListVersion) or accepted (SendLocalList); null: never. */
  version: z.number().int().nullable(),
  /** The network's list version: it grows with every change of a card. */
  network_version: z.number().int(),
  /** Its version is the network's. */
  in_sync: z.boolean(),
  /** When it last told or accepted its version. */
  checked_at: z.string().nullable(),
  /** Cards in the network's list (Accepted and Blocked). */
  entries: z.number().int(),
});
export type TLocalListState = z.infer<typeof ZLocalListState>;

/** A reservation's life: active until used by its driver's StartTransaction, cancelled, expired or refused. */
export const RESERVATION_STATUSES = ['active', 'used', 'cancelled', 'expired', 'rejected'] as const;
export type TReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** A reservation lasts at most this long. */
export const RESERVATION_MAX_HOURS = 24;

export const ZReservation = z.object({
  /** Also the OCPP reservationId. */
  id: z.number().int(),
  station_id: z.number().int(),
  connector_id: z.number().int(),
  id_tag: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  expires_at: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  /** The charge that used it. */
  charge_id: z.number().int().nullable(),
  created_at: z.string(),
  /** Who made it (a dashboard account). */
  account: z.string().nullable(),
});
export type TReservation = z.infer<typeof ZReservation>;
export const ZReservationPage = zPaged(ZReservation);

/** GET /ocpp/stations/{id}/reservations/?status=active: newest first. */
export const ZReservationQuery = ZPageQuery.pick({ page: true, size: true }).extend({
  status: optionalFilter(z.enum(RESERVATION_STATUSES, { message: 'invalid_choice' })),
});

/**
 * POST /ocpp/stations/{id}/reservations/: ReserveNow for the driver given by id tag or app user (that user's RFID
 * card, else their app token), one of the two, until expires_at, on a connector (1 and up) or on the whole charge
 * point (0: it keeps one connector free for the driver, OCPP 1.6 section 5.13).
 */
export const ZReservationBody = z
  .object({
    connector_id: zConnectorId,
    id_tag: idTag.optional(),
    user_id: z.number().int().min(1).max(2_147_483_647).optional(),
    expires_at: z.iso.datetime({ offset: true, message: 'date_invalid' }),
  })
  .refine((body) => (body.id_tag === undefined) !== (body.user_id === undefined), {
    message: 'ocpp_driver_required',
  });
export type TReservationBody = z.infer<typeof ZReservationBody>;

/** What a ReserveNow or CancelReservation came to: the reservation and the charge point's answer. */
export const ZReservationResult = z.object({
  reservation: ZReservation,
  command: z.object({
    status: z.enum(['accepted', 'rejected', 'timeout', 'not_connected', 'failed']),
    response: z.unknown(),
  }),
});
export type TReservationResult = z.infer<typeof ZReservationResult>;

export const ZReservationParams = z.object({ id: zIdText(), reservationId: zIdText() });
