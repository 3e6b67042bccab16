import type { Database } from '../db/client';

/**
 * A database whose `execute` calls are counted, for the tests that hold a batching queue to its number of
 * statements (ocpp.connections.test.ts, ocpp.state-batches.test.ts). Only `execute` is offered: the queues use no
 * other method, and a test that reaches for one fails loudly.
 */
export const countedDatabase = (db: Database) => {
  const counter = { statements: 0 };
  const database = {
    execute: (query: Parameters<Database['execute']>[0]) => {
      counter.statements += 1;
      return db.execute(query);
    },
  } as unknown as Database;
  return { database, counter };
};
