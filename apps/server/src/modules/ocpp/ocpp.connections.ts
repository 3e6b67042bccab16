/**
 * The charge points' connection records (connected, disconnected) written together, as the meter values are
 * (ocpp.meter-values.ts): the websockets that open or close while a write is under way are recorded by the next one,
 * in one statement, and each caller is answered once its own record is written.
 *
 * A network reconnecting after a restart opens thousands of websockets within seconds. Written one by one, two at a
 * time so as not to starve the pool, their records lagged the boots by seconds, and meanwhile the live board showed
 * connected, booted charge points as offline (bench:live, docs/benchmarks.md, section 11). Each kind keeps at most one
 * statement in flight, so the pool gives it at most two connections, as before.
 */
import type { Database } from '../../db/client';
import { type ConnectionRecord, recordConnectedMany, recordDisconnectedMany } from './ocpp.history';
import { createStationQueue } from './ocpp.station-queue';

export const createConnectionBook = (db: Database) => {
  const connect = createStationQueue<ConnectionRecord, boolean>((batch) => recordConnectedMany(db, batch), false);
  const disconnect = createStationQueue<ConnectionRecord, true>(async (batch) => {
    await recordDisconnectedMany(db, batch);
    return new Map<number, true>();
  }, true);
  return {
    /** A websocket of `processId` opened: the record and its 'connected' row. Answers whether it had booted before. */
    connected: (stationId: number, processId: string) => connect({ stationId, processId, at: new Date() }),
    /** A websocket of `processId` closed: cleared unless another connection holds the charge point by now. */
    disconnected: async (stationId: number, processId: string) => {
      await disconnect({ stationId, processId, at: new Date() });
    },
  };
};

export type ConnectionBook = ReturnType<typeof createConnectionBook>;
