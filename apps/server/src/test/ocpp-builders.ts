import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ocppRpc } from '../modules/ocpp/ocpp-rpc';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { chargePoints } from '../modules/ocpp';
import { createStationSecrets } from '../modules/stations';
import { buildStation, type StationOverrides } from './station-builders';

export const CHARGE_POINT_PASSWORD = 'Station0Password0001';

/** A station whose password is sealed with the app's own key, so that its charge point can sign in. */
export const buildChargePointStation = (db: Database, config: AppConfig, overrides: StationOverrides) =>
  buildStation(db, {
    password: CHARGE_POINT_PASSWORD,
    secrets: createStationSecrets(config.stationSecretKey ?? config.jwtSecret),
    ...overrides,
  });

/** Listens on a free port of 127.0.0.1 and answers the websocket base URL `ws://127.0.0.1:N/ocpp`. */
export const listenForChargePoints = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ocpp`;
};

export interface ChargePointOptions {
  endpoint: string;
  identity: string;
  password?: string | null;
  protocols?: string[];
  /** Validate what it sends against the OCPP schemas (off to send bad payloads on purpose). */
  strictMode?: boolean;
}

/** A real OCPP 1.6J websocket client, as a charge point is: ocpp-rpc's RPCClient, connected. */
export const connectChargePoint = async (options: ChargePointOptions) => {
  const client = new (ocppRpc().RPCClient)({
    endpoint: options.endpoint,
    identity: options.identity,
    password: options.password === undefined ? CHARGE_POINT_PASSWORD : options.password,
    protocols: options.protocols ?? ['ocpp1.6'],
    strictMode: options.strictMode ?? false,
    reconnect: false,
    callTimeoutMs: 5_000,
  } as never);
  await client.connect();
  return client;
};

/** The handshake's refusal: the HTTP status the server answered, or 'connected'. */
export const refusalOf = async (options: ChargePointOptions): Promise<number | string> => {
  try {
    const client = await connectChargePoint(options);
    await client.close({ force: true });
    return 'connected';
  } catch (error) {
    return (error as { code?: number }).code ?? String((error as Error).message);
  }
};

/**
 * A charge point that connected to the station once and was last heard `silentS` seconds ago (still holding a
 * websocket when `connected`), as the central system records one: what a stop of a charge there reads.
 */
export const buildSilentChargePoint = async (
  db: Database,
  stationId: number,
  silentS: number,
  options: { connected?: boolean; heartbeatIntervalS?: number } = {},
) => {
  const lastSeenAt = new Date(Date.now() - silentS * 1000);
  await db.insert(chargePoints).values({
    stationId,
    heartbeatIntervalS: options.heartbeatIntervalS ?? 60,
    lastSeenAt,
    lastHeartbeatAt: lastSeenAt,
    bootedAt: lastSeenAt,
    connectedAt: options.connected ? lastSeenAt : null,
    connectedProcess: options.connected ? 'a-process-gone-quiet' : null,
  });
};
