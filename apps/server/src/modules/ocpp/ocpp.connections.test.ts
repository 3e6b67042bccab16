import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countedDatabase } from '../../test/counted-database';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createConnectionBook } from './ocpp.connections';
import { chargePointStatusHistory } from './ocpp.history.tables';
import { chargePoints } from './ocpp.tables';

// The connection records written many to a statement (ocpp.connections.ts): a storm of websockets opening is a few
// statements, each caller answered with its own charge point's answer, a station never twice in one statement.
let context: TestContext;
let merchantId: number;

const db = () => context.database.db;
const PROCESS_A = '00000000-0000-4000-8000-00000000000a';
const PROCESS_B = '00000000-0000-4000-8000-00000000000b';

beforeAll(async () => {
  context = await createTestContext();
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  await context.close();
});

/** The database with its statements counted. */
const counted = () => countedDatabase(db());

const historyOf = async (stationIds: number[]) =>
  db()
    .select({ stationId: chargePointStatusHistory.stationId, kind: chargePointStatusHistory.kind })
    .from(chargePointStatusHistory)
    .where(inArray(chargePointStatusHistory.stationId, stationIds))
    .orderBy(chargePointStatusHistory.id);

it('records 40 websockets opening at once in one statement, each answered whether it had booted', async () => {
  const stationIds = await Promise.all(
    Array.from({ length: 40 }, async () => (await buildStation(db(), { merchantId })).id),
  );
  const booted = stationIds[7] ?? 0;
  await db().insert(chargePoints).values({ stationId: booted, bootedAt: new Date() });
  const { database, counter } = counted();
  const book = createConnectionBook(database);

  const answers = await Promise.all(stationIds.map((stationId) => book.connected(stationId, PROCESS_A)));

  // The queue waits STATION_GATHER_MS for the rest before its statement: all 40 in one (two on a machine too busy to
  // make the 40 calls within that wait; one each without the queue).
  expect(counter.statements).toBeLessThanOrEqual(2);
  expect(answers).toEqual(stationIds.map((stationId) => stationId === booted));
  const rows = await db()
    .select({ stationId: chargePoints.stationId, process: chargePoints.connectedProcess, at: chargePoints.connectedAt })
    .from(chargePoints)
    .where(inArray(chargePoints.stationId, stationIds));
  expect(rows).toHaveLength(40);
  expect(rows.every((row) => row.process === PROCESS_A && row.at !== null)).toBe(true);
  const history = await historyOf(stationIds);
  expect(history.filter((row) => row.kind === 'connected')).toHaveLength(40);
});

it("writes a station's second record by the next statement, and leaves a record another process holds", async () => {
  const stationId = (await buildStation(db(), { merchantId })).id;
  const { database, counter } = counted();
  const book = createConnectionBook(database);

  // The charge point opens a websocket to process A, then at once to process B (newest connection wins).
  await Promise.all([book.connected(stationId, PROCESS_A), book.connected(stationId, PROCESS_B)]);
  expect(counter.statements).toBe(2);
  // Process A's websocket closing afterwards must not mark the charge point disconnected: B holds it.
  await book.disconnected(stationId, PROCESS_A);
  const [held] = await db()
    .select({ process: chargePoints.connectedProcess })
    .from(chargePoints)
    .where(eq(chargePoints.stationId, stationId));
  expect(held?.process).toBe(PROCESS_B);
  await book.disconnected(stationId, PROCESS_B);
  const [closed] = await db()
    .select({ process: chargePoints.connectedProcess, at: chargePoints.connectedAt })
    .from(chargePoints)
    .where(eq(chargePoints.stationId, stationId));
  expect(closed).toEqual({ process: null, at: null });
  expect((await historyOf([stationId])).map((row) => row.kind)).toEqual(['connected', 'connected', 'disconnected']);
});
