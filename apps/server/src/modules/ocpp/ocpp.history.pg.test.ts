import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import {
  clearConnectorPowerMany,
  recordBootMany,
  recordConnectedMany,
  recordConnectorStatusMany,
  recordDisconnectedMany,
  recordHeard,
} from './ocpp.history';

// The charge points' state is written many stations to a statement, by several queues at once (boots, connections,
// last-seen, statuses: ocpp.station-queue.ts), each statement in its own transaction on its own connection. Their
// rows must be taken in one order (by station, then connector), or two statements holding each other's next row
// deadlock and PostgreSQL fails one of them: seen at 200 boots a second with 10,000 charge points (docs/benchmarks.md,
// section 7). Runs in the PostgreSQL run only (the embedded database has one connection).
let context: TestContext;
let stationIds: number[];
const db = () => context.database.db;

const shuffled = <T>(items: T[]) => {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
};

beforeAll(async () => {
  context = await createTestContext();
  const merchant = await buildMerchant(db());
  stationIds = (
    await Promise.all(Array.from({ length: 150 }, () => buildStation(db(), { merchantId: merchant.id })))
  ).map((station) => station.id);
}, 60_000);

afterAll(async () => {
  await context.close();
});

it('writes boots, connections, last-seen times and statuses of the same stations at once without a deadlock', async () => {
  const processId = 'process-a';
  const connect = (ids: number[]) =>
    recordConnectedMany(
      db(),
      ids.map((stationId) => ({ stationId, processId, at: new Date() })),
    );
  await connect(stationIds);
  const statuses = (ids: number[], status: string) =>
    recordConnectorStatusMany(
      db(),
      ids.flatMap((stationId) =>
        [1, 2].map((connectorId) => ({
          stationId,
          connectorId,
          status,
          errorCode: 'NoError',
          info: null,
          vendorErrorCode: null,
          at: new Date(),
        })),
      ),
    );
  await statuses(stationIds, 'Available');

  for (let round = 0; round < 8; round += 1) {
    const outcomes = await Promise.allSettled([
      recordBootMany(
        db(),
        stationIds.map((stationId) => ({
          stationId,
          vendor: 'Zaryad',
          model: 'ZR-60',
          serialNumber: null,
          firmwareVersion: null,
          heartbeatIntervalS: 60,
          at: new Date(),
        })),
      ),
      connect([...stationIds].reverse()),
      recordHeard(db(), shuffled(stationIds), new Date(), shuffled(stationIds)),
      recordDisconnectedMany(
        db(),
        shuffled(stationIds).map((stationId) => ({ stationId, processId: 'process-b', at: new Date() })),
      ),
      statuses(shuffled(stationIds), round % 2 === 0 ? 'Charging' : 'Available'),
      clearConnectorPowerMany(
        db(),
        [...stationIds].reverse().flatMap((stationId) => [2, 1].map((connectorId) => ({ stationId, connectorId }))),
      ),
    ]);
    const failures = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [String((outcome.reason as Error).cause ?? outcome.reason)] : [],
    );
    expect(failures).toEqual([]);
  }
});
