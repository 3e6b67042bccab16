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
  /** The dashboard account that asked; null for the server itself. */
  accountId: number | null;
}

export interface ChargePointGateway {
  send(command: ChargePointCommand): Promise<CommandOutcome>;
  /** True while the station's charge point holds a websocket on some process. */
  isConnected(stationId: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chargePoints?: ChargePointGateway;
  }
}

const NOT_CONNECTED: ChargePointGateway = {
  send: async () => ({ status: 'not_connected', response: null }),
  isConnected: async () => false,
};

export const chargePointsOf = (app: FastifyInstance): ChargePointGateway => app.chargePoints ?? NOT_CONNECTED;
