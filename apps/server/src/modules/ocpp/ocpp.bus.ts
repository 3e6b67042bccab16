import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { DatabaseHandle } from '../../db/client';

/**
 * How the server's processes talk about charge points (docs/design.md#10-charge-points-ocpp-16j): commands for a charge point connected to
 * another process, their answers, and live status for browsers. On PostgreSQL it is LISTEN/NOTIFY on one dedicated
 * connection (every process, the sender included, hears every message); on the embedded database (one process) the
 * same messages go through an in-process emitter, so that the code above runs the same paths.
 */
export interface OcppBus {
  publish(channel: TOcppChannel, payload: object): Promise<void>;
  subscribe(channel: TOcppChannel, listener: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

export type TOcppChannel = 'ocpp_commands' | 'ocpp_replies' | 'ocpp_events';

const CHANNELS: TOcppChannel[] = ['ocpp_commands', 'ocpp_replies', 'ocpp_events'];

/** NOTIFY's payload limit is 8000 bytes; our messages are far smaller, a bigger one is refused here. */
const MAX_PAYLOAD_BYTES = 7900;

const parse = (text: string | undefined): unknown => {
  try {
    return JSON.parse(text ?? 'null') as unknown;
  } catch {
    return null;
  }
};

export const createOcppBus = async (database: DatabaseHandle): Promise<OcppBus> => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const pool = database.pool;
  if (database.kind !== 'postgres' || !pool) {
    return {
      async publish(channel, payload) {
        // Delivered after the caller's current step, as a NOTIFY would be.
        const copy = JSON.parse(JSON.stringify(payload)) as unknown;
        queueMicrotask(() => emitter.emit(channel, copy));
      },
      subscribe(channel, listener) {
        emitter.on(channel, listener);
        return () => emitter.off(channel, listener);
      },
      async close() {
        emitter.removeAllListeners();
      },
    };
  }
  let closed = false;
  // A client of its own, outside the pool: a LISTEN connection is held for the life of the process, and taken from the
  // pool it would leave the requests one connection short and keep the pool from ending.
  let listener: pg.Client | null = null;
  const connect = async () => {
    const client = new pg.Client((pool as unknown as { options: pg.ClientConfig }).options);
    client.on('notification', (message) => {
      emitter.emit(message.channel, parse(message.payload));
    });
    client.on('error', () => {
      // The connection broke: drop it and listen again on a new one.
      void client.end().catch(() => undefined);
      if (listener === client) {
        listener = null;
      }
      if (!closed) {
        setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      }
    });
    await client.connect();
    for (const channel of CHANNELS) {
      await client.query(`LISTEN ${channel}`);
    }
    listener = client;
  };
  await connect();
  // Messages published in the same moment go in one statement (a charge point's every MeterValues and
  // StatusNotification publishes one): one round trip instead of one each, each publish resolved once it is sent.
  // Identical messages of one statement arrive once (NOTIFY's rule), which for these idempotent events is the same.
  let queued: { channel: string; text: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let sending: Promise<void> | null = null;
  const drain = async () => {
    while (queued.length > 0) {
      const batch = queued.slice(0, 200);
      queued = queued.slice(200);
      try {
        await pool.query(
          'select pg_notify(c, p) from unnest($1::text[], $2::text[]) with ordinality as t(c, p, n) order by n',
          [batch.map((message) => message.channel), batch.map((message) => message.text)],
        );
        for (const message of batch) {
          message.resolve();
        }
      } catch (error) {
        for (const message of batch) {
          message.reject(error);
        }
      }
    }
  };
  const schedule = () => {
    if (sending) {
      return;
    }
    sending = new Promise<void>((resolve) => setImmediate(resolve)).then(drain).finally(() => {
      sending = null;
      if (queued.length > 0) {
        schedule();
      }
    });
  };
  return {
    async publish(channel, payload) {
      const text = JSON.stringify(payload);
      if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
        throw new Error(`an OCPP bus message over ${MAX_PAYLOAD_BYTES} bytes`);
      }
      const sent = new Promise<void>((resolve, reject) => {
        queued.push({ channel, text, resolve, reject });
      });
      schedule();
      await sent;
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      const client = listener;
      listener = null;
      if (client) {
        await client.end().catch(() => undefined);
      }
    },
  };
};
