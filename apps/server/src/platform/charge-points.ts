import type { FastifyInstance } from 'fastify';

/**
 * The way domains that come before `ocpp` in the list (stations' reset, charges' stop) reach a charge point: the ocpp
 * domain decorates the app with its gateway when it mounts; without it (an app built without that domain) every
 * command answers `not_connected`, as the product did before charge points were connected.
 */
export type TCommandStatus = 'accepted' | 'rejected' | 'timeout' | 'not_connected' | 'failed';

export interface CommandOutcome {
  status: TCommandStatus;
  /** The charge point's answer when it gave one. */
  response: unknown;
}

export interface ChargePointCommand {
  stationId: number;
  action: string;
  payload: Record<string, unknown>;
  /** What the command log keeps as its request when the payload is too long to keep (a Full local list's summary). */
  logged?: Record<string, unknown>;
  /** The dashboard account that asked; null for the server itself or a driver. */
  accountId: number | null;
  /**
   * A RemoteStartTransaction the drivers' app asked for (modules/drivers): the charge that follows is booked with
   * source 'app' and the app's platform and version, rather than as the operator's.
   */
  appClient?: AppClient;
}

/** The drivers' app as a charge records it (charges.platform: 1 iOS, 2 Android; null for the web app). */
export interface AppClient {
  platform: 1 | 2 | null;
  appVersion: string;
}

/** A station's charge point as a stop of its charges sees it (TChargePointPresence of the contracts). */
export interface ChargePointPresence {
  /** 'online': connected and heard within three heartbeat intervals; 'none': no charge point ever connected. */
  state: 'online' | 'offline' | 'none';
  /** Seconds since its last message; null for 'none'. */
  silentS: number | null;
  /** Seconds until a charge may be closed without it (OCPP_FORCE_FINISH_AFTER_S of silence); 0 when it may now. */
  forceFinishInS: number;
}

export interface ChargePointGateway {
  send(command: ChargePointCommand): Promise<CommandOutcome>;
  /** True while the station's charge point holds a websocket on some process. */
  isConnected(stationId: number): Promise<boolean>;
  /** The charge points of these stations, each station answered (a station without one is 'none'). */
  presence(stationIds: number[], now?: Date): Promise<Map<number, ChargePointPresence>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chargePoints?: ChargePointGateway;
  }
}

export const NO_CHARGE_POINT: ChargePointPresence = { state: 'none', silentS: null, forceFinishInS: 0 };

const NOT_CONNECTED: ChargePointGateway = {
  send: async () => ({ status: 'not_connected', response: null }),
  isConnected: async () => false,
  presence: async (stationIds) => new Map(stationIds.map((id) => [id, NO_CHARGE_POINT])),
};

export const chargePointsOf = (app: FastifyInstance): ChargePointGateway => app.chargePoints ?? NOT_CONNECTED;
