import { EventEmitter } from 'node:events';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/client';
import { createBatchQueue } from './batch-queue';

/**
 * How the server's processes tell each other things (docs/design.md#10-charge-points-ocpp-16j): one bus per app (one
 * per process in production), on PostgreSQL LISTEN/NOTIFY on ONE dedicated connection that every module's channels
 * share (every process, the sender included, hears every message of the channels it listens to); on the embedded
 * database (one process) an in-process emitter, so that the code above runs the same paths.
 *
 * A module names its channels (`listen`, awaited in its plugin, so that nothing sent after the app is ready is missed)
 * and subscribes to them; the app opens the bus before the domains mount and closes it after they have closed.
 */
export interface Bus {
  /** LISTENs to the channels (once each, again after a reconnection); resolves once the database listens. */
  listen(...channels: string[]): Promise<void>;
  /** Sends a JSON message to every process listening to the channel; resolves once it is sent. */
  publish(channel: string, payload: object): Promise<void>;
  /**
   * Sends messages with a writer's own statement, for a writer of many at a time (the meter values: one round trip
   * for the write and its messages instead of two): `write` puts the `notify` expression it is given in its
   * statement's select list. On PostgreSQL that expression is the statement's NOTIFYs, delivered when it commits and
   * never when it fails; on the embedded database it is null and the messages are published once `write` resolves.
   */
  publishWith<T>(channel: string, payloads: object[], write: (notify: SQL) => Promise<T>): Promise<T>;
  /** Hears the channel's messages in this process (parsed JSON, one object per message that listeners only read). */
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

/** A channel's name is written into LISTEN: an identifier only. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** NOTIFY's payload limit is 8000 bytes; our messages are far smaller, a bigger one is refused here. */
export const MAX_BUS_PAYLOAD_BYTES = 7900;

/**
 * How long the bus waits for more messages before its statement: at a network's pace they come milliseconds apart
 * (each boot, status and meter value publishes one), and a statement each cost a transaction each. With 25 ms (and the
 * charge points' own writes gathered alike, modules/ocpp/ocpp.station-queue.ts), 4,000 charge points booted in 29 s
 * instead of 50 (docs/benchmarks.md, section 7). What listens (the live board, another process's command) hears it
 * that much later at most.
 */
export const BUS_GATHER_MS = 25;

const checkChannel = (channel: string) => {
  if (!CHANNEL_NAME.test(channel)) {
    throw new Error(`a bus channel must be a lowercase identifier: ${channel}`);
  }
};

const parse = (text: string | undefined): unknown => {
  try {
    return JSON.parse(text ?? 'null') as unknown;
  } catch {
    return null;
  }
};

const encode = (payload: object) => {
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) > MAX_BUS_PAYLOAD_BYTES) {
    throw new Error(`a bus message over ${MAX_BUS_PAYLOAD_BYTES} bytes`);
  }
  return text;
};

export const createBus = async (database: DatabaseHandle): Promise<Bus> => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const subscribe = (channel: string, listener: (payload: unknown) => void) => {
    checkChannel(channel);
    emitter.on(channel, listener);
    return () => {
      emitter.off(channel, listener);
    };
  };
  const pool = database.pool;
  if (database.kind !== 'postgres' || !pool) {
    return {
      async listen(...channels) {
        channels.forEach(checkChannel);
      },
      async publish(channel, payload) {
        checkChannel(channel);
        const text = encode(payload);
        // A copy, delivered after the caller's current step, as a NOTIFY would be.
        queueMicrotask(() => emitter.emit(channel, parse(text)));
      },
      async publishWith(channel, payloads, write) {
        checkChannel(channel);
        const texts = payloads.map(encode);
        const written = await write(sql`null`);
        for (const text of texts) {
          queueMicrotask(() => emitter.emit(channel, parse(text)));
        }
        return written;
      },
      subscribe,
      async close() {
        emitter.removeAllListeners();
      },
    };
  }

  let closed = false;
  const channels = new Set<string>();
  // A client of its own, outside the pool: a LISTEN connection is held for the life of the process, and taken from the
  // pool it would leave the requests one connection short and keep the pool from ending.
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  const reconnect = () => {
    if (!closed) {
      setTimeout(() => void connect().catch(reconnect), 1000).unref();
    }
  };
  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      // pg is loaded on PostgreSQL only (db/client.ts): the embedded database never needs it.
      const { Client } = (await import('pg')).default;
      const client = new Client((pool as unknown as { options: pg.ClientConfig }).options);
      client.on('notification', (message) => {
        // Parsed once for every listener of the channel (the OCPP events' several): listeners only read it.
        if (emitter.listenerCount(message.channel) > 0) {
          emitter.emit(message.channel, parse(message.payload));
        }
      });
      client.on('error', () => {
        // The connection broke: drop it and listen again, to every channel, on a new one.
        void client.end().catch(() => undefined);
        if (listener === client) {
          listener = null;
          connecting = null;
        }
        reconnect();
      });
      try {
        await client.connect();
        for (const channel of channels) {
          await client.query(`LISTEN ${channel}`);
        }
      } catch (error) {
        connecting = null;
        void client.end().catch(() => undefined);
        throw error;
      }
      listener = client;
      return client;
    })();
    return connecting;
  };
  await connect();

  // Messages published within BUS_GATHER_MS go in one statement (a charge point's every boot, MeterValues and
  // StatusNotification publishes one; batch-queue.ts): one round trip instead of one each, each publish resolved once
  // it is sent. Identical messages of one statement arrive once (NOTIFY's rule), which for the bus's idempotent signals
  // is the same; a message NOTIFY refuses (over its 8,000 bytes) fails its own publish only.
  const outbox = createBatchQueue<{ channel: string; text: string }>(
    async (batch) => {
      await pool.query(
        'select pg_notify(c, p) from unnest($1::text[], $2::text[]) with ordinality as t(c, p, n) order by n',
        [batch.map((message) => message.channel), batch.map((message) => message.text)],
      );
    },
    { maxBatch: 200, gatherMs: BUS_GATHER_MS },
  );

  return {
    async listen(...names) {
      const fresh = names.filter((channel) => {
        checkChannel(channel);
        return !channels.has(channel);
      });
      for (const channel of fresh) {
        channels.add(channel);
      }
      const client = listener ?? (await connect());
      for (const channel of fresh) {
        await client.query(`LISTEN ${channel}`);
      }
    },
    async publish(channel, payload) {
      checkChannel(channel);
      await outbox.add({ channel, text: encode(payload) });
    },
    async publishWith(channel, payloads, write) {
      checkChannel(channel);
      // One JSON array of the messages, each sent as its own text (json keeps it as written).
      const messages = `[${payloads.map(encode).join(',')}]`;
      return write(
        sql`(select count(pg_notify(${channel}, m::text)) from json_array_elements(${messages}::json) as m)`,
      );
    },
    subscribe,
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await outbox.idle();
      const client = listener;
      listener = null;
      if (client) {
        await client.end().catch(() => undefined);
      }
    },
  };
};
