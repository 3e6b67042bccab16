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

/** Records written by one statement at most: a bigger backlog is written by several, one after another. */
const MAX_BATCH = 500;

interface Queued<T> extends ConnectionRecord {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/**
 * A queue written by `write` one batch at a time. A station appears at most once in a batch (its second record waits
 * for the next), so that one statement never touches a charge point's row twice.
 */
const createRecordQueue = <T>(write: (batch: ConnectionRecord[]) => Promise<Map<number, T>>, fallback: T) => {
  let queue: Queued<T>[] = [];
  let writing: Promise<void> | null = null;

  const takeBatch = () => {
    const batch: Queued<T>[] = [];
    const rest: Queued<T>[] = [];
    const stations = new Set<number>();
    for (const record of queue) {
      if (batch.length < MAX_BATCH && !stations.has(record.stationId)) {
        stations.add(record.stationId);
        batch.push(record);
      } else {
        rest.push(record);
      }
    }
    queue = rest;
    return batch;
  };

  const drain = async () => {
    while (queue.length > 0) {
      const batch = takeBatch();
      try {
        const answers = await write(batch);
        for (const record of batch) {
          record.resolve(answers.get(record.stationId) ?? fallback);
        }
      } catch (error) {
        for (const record of batch) {
          record.reject(error);
        }
      }
    }
  };

  const start = () => {
    // A record queued between the drain's last look and its end starts the next drain.
    writing ??= drain().finally(() => {
      writing = null;
      if (queue.length > 0) {
        start();
      }
    });
  };

  return (record: ConnectionRecord) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ ...record, resolve, reject });
      start();
    });
};

export const createConnectionBook = (db: Database) => {
  const connect = createRecordQueue((batch) => recordConnectedMany(db, batch), false);
  const disconnect = createRecordQueue(async (batch) => {
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
