import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OCPP bus, decorated by the ocpp domain's plugin (absent in an app mounted without it). */
    ocppBus?: OcppBus;
  }
}

/** The app's OCPP bus, for the domains after ocpp that listen to 'ocpp_events' or publish on it; null without ocpp. */
export const ocppBusOf = (app: FastifyInstance): OcppBus | null => app.ocppBus ?? null;

/**
 * How the server's processes talk about charge points (docs/design.md#10-charge-points-ocpp-16j): commands for a charge
 * point connected to another process, their answers, and live status for browsers. Three channels of the process's one
 * bus (platform/bus.ts: LISTEN/NOTIFY on PostgreSQL, every process, the sender included, hearing every message; an
 * in-process emitter on the embedded database). The app closes the bus, not the ocpp domain.
 */
export interface OcppBus {
  publish(channel: TOcppChannel, payload: object): Promise<void>;
  /** Messages sent by the writer's own statement (platform/bus.ts, publishWith). */
  publishWith<T>(channel: TOcppChannel, payloads: object[], write: (notify: SQL) => Promise<T>): Promise<T>;
  subscribe(channel: TOcppChannel, listener: (payload: unknown) => void): () => void;
}

export type TOcppChannel = 'ocpp_commands' | 'ocpp_replies' | 'ocpp_events';

const CHANNELS: TOcppChannel[] = ['ocpp_commands', 'ocpp_replies', 'ocpp_events'];

/** The OCPP channels of the process's bus, listened to before the app is ready. */
export const createOcppBus = async (bus: Bus): Promise<OcppBus> => {
  await bus.listen(...CHANNELS);
  return {
    publish: (channel, payload) => bus.publish(channel, payload),
    publishWith: (channel, payloads, write) => bus.publishWith(channel, payloads, write),
    subscribe: (channel, listener) => bus.subscribe(channel, listener),
  };
};
