import { z } from 'zod';

/**
 * The pieces every action of the command call (`POST /ocpp/stations/{id}/commands/`, docs/product/ocpp.md#7-calls) is
 * built from. Each OCPP 1.6 action the dashboard may send is one member `{action, payload}` of the command body's union
 * (ZChargePointCommandBody in ./ocpp), its payload validated by that action's own schema.
 *
 * A feature profile keeps its members in its own contracts file (ocpp-firmware.ts, ocpp-auth.ts, ocpp-smart.ts) as a
 * tuple `export const FIRMWARE_COMMANDS = [zCommand('UpdateFirmware', z.object({...})), ...] as const;` and adds one
 * spread line to the union. Such a file imports from here, never from ./ocpp: ./ocpp imports it, and the cycle would
 * leave these constants undefined while it loads.
 */
export const zCommand = <TAction extends string, TPayload extends z.ZodType>(action: TAction, payload: TPayload) =>
  z.object({ action: z.literal(action), payload });

/** An OCPP connectorId: 0 is the whole charge point, 1 and up its connectors (a connector's ocpp_16_id). */
export const zConnectorId = z.number().int().min(0).max(99);

/** An OCPP IdToken: an RFID card's number or an app token, at most 20 characters (CiString20Type). */
export const zIdTag = z.string().min(1).max(20);
