import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countedDatabase } from '../../test/counted-database';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, listenForChargePoints, refusalOf } from '../../test/ocpp-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import type { OcppBus } from './ocpp.bus';
import { readOcppConfig } from './ocpp.config';
import { createOcppHandlers } from './ocpp.handlers';
import { recordServerCommandsMany, type ServerCommandRecord } from './ocpp.history';
import { chargePointStatusHistory } from './ocpp.history.tables';
import { createStationQueue } from './ocpp.station-queue';
import { chargePointCommands, chargePointConnectors, chargePoints } from './ocpp.tables';

// The charge points' state written many to a statement (ocpp.station-queue.ts): a network's boots, their
// StatusNotifications and the server's own command log entries are a few statements, not one each; every call is
// answered with its own charge point's answer, a station is never twice in one statement (its own writes stay in
// order), and a bad row fails its own call only.
let context: TestContext;
let merchantId: number;

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  await context.close();
});

/** The database with its statements counted. */
const counted = () => countedDatabase(db());

/** The handlers on a counted database, with the events they publish. */
const countedHandlers = () => {
  const { database, counter } = counted();
  const published: { type: string; stationId: number; connectorId: number }[] = [];
  const bus: OcppBus = {
    publish: (_channel, payload) => {
      published.push(payload as (typeof published)[number]);
      return Promise.resolve();
    },
    publishWith: async (_channel, payloads, write) => {
      const written = await write(sql`null`);
      published.push(...(payloads as typeof published));
      return written;
    },
    subscribe: () => () => undefined,
  };
  const handlers = createOcppHandlers(database, readOcppConfig({}), bus, { warn: () => undefined });
  return { handlers, counter, published };
};

const newStations = (count: number) =>
  Promise.all(Array.from({ length: count }, async () => (await buildStation(db(), { merchantId })).id));

const session = (stationId: number) => ({ stationId, identity: `CP-${stationId}` });

const statusHistory = (stationIds: number[]) =>
  db()
    .select({
      stationId: chargePointStatusHistory.stationId,
      connectorId: chargePointStatusHistory.connectorId,
      kind: chargePointStatusHistory.kind,
      status: chargePointStatusHistory.status,
      info: chargePointStatusHistory.info,
    })
    .from(chargePointStatusHistory)
    .where(inArray(chargePointStatusHistory.stationId, stationIds))
    .orderBy(asc(chargePointStatusHistory.id));

it("writes 40 charge points' StatusNotifications in one statement, each answered whether it changed", async () => {
  const stationIds = await newStations(40);
  // One connector already reports Available: told again, it is no change (no event, no history row).
  const unchanged = stationIds[5] ?? 0;
  await db()
    .insert(chargePointConnectors)
    .values({ stationId: unchanged, connectorId: 1, status: 'Available', errorCode: 'NoError', powerW: 7000 });
  const { handlers, counter, published } = countedHandlers();

  await Promise.all(
    stationIds.map((stationId, index) =>
      handlers.statusNotification(session(stationId), {
        connectorId: 1,
        status: 'Available',
        errorCode: 'NoError',
        // Text of any content goes through as given.
        info: index === 0 ? 'quote " comma , brace { backslash \\' : undefined,
      }),
    ),
  );

  // The queue waits STATION_GATHER_MS for the rest before its statement: all 40 in one (two on a machine too busy to
  // make the 40 calls within that wait; one each without the queue).
  expect(counter.statements).toBeLessThanOrEqual(2);
  expect(published.map((event) => event.stationId).sort()).toEqual(
    stationIds.filter((stationId) => stationId !== unchanged).sort(),
  );
  const connectors = await db()
    .select({
      stationId: chargePointConnectors.stationId,
      status: chargePointConnectors.status,
      powerW: chargePointConnectors.powerW,
      info: chargePointConnectors.info,
    })
    .from(chargePointConnectors)
    .where(inArray(chargePointConnectors.stationId, stationIds));
  expect(connectors).toHaveLength(40);
  expect(connectors.every((row) => row.status === 'Available' && row.powerW === null)).toBe(true);
  expect(connectors.find((row) => row.stationId === stationIds[0])?.info).toBe('quote " comma , brace { backslash \\');
  const history = await statusHistory(stationIds);
  expect(history).toHaveLength(39);
  expect(history.some((row) => row.stationId === unchanged)).toBe(false);
});

it("writes a station's second StatusNotification by the next statement, in the order they came", async () => {
  const [stationId = 0, other = 0] = await newStations(2);
  const { handlers, counter } = countedHandlers();

  await Promise.all([
    handlers.statusNotification(session(stationId), { connectorId: 1, status: 'Preparing', errorCode: 'NoError' }),
    handlers.statusNotification(session(other), { connectorId: 1, status: 'Preparing', errorCode: 'NoError' }),
    handlers.statusNotification(session(stationId), { connectorId: 1, status: 'Charging', errorCode: 'NoError' }),
    handlers.statusNotification(session(stationId), { connectorId: 2, status: 'Faulted', errorCode: 'GroundFailure' }),
  ]);

  // The first at once; then the other station's and this one's second; then this one's third.
  expect(counter.statements).toBe(3);
  expect((await statusHistory([stationId])).map((row) => `${row.connectorId}:${row.status}`)).toEqual([
    '1:Preparing',
    '1:Charging',
    '2:Faulted',
  ]);
  const [last] = await db()
    .select({ status: chargePointConnectors.status })
    .from(chargePointConnectors)
    .where(and(eq(chargePointConnectors.stationId, stationId), eq(chargePointConnectors.connectorId, 1)));
  expect(last?.status).toBe('Charging');
});

it("fails only the call of a charge point whose row cannot be written, the batch's others written", async () => {
  const stationIds = await newStations(10);
  const { handlers } = countedHandlers();
  // A station deleted meanwhile: its connector row breaks the foreign key.
  const gone = 2_000_000_000;

  const outcomes = await Promise.allSettled(
    [stationIds[0] ?? 0, gone, ...stationIds.slice(1)].map((stationId) =>
      handlers.statusNotification(session(stationId), { connectorId: 1, status: 'Available', errorCode: 'NoError' }),
    ),
  );

  expect(outcomes.map((outcome) => outcome.status)).toEqual([
    'fulfilled',
    'rejected',
    ...stationIds.slice(1).map(() => 'fulfilled'),
  ]);
  expect(await statusHistory(stationIds)).toHaveLength(10);
});

it("books 30 charge points' boots in one statement, each with its record and its 'boot' row", async () => {
  const stationIds = await newStations(30);
  const { handlers, counter } = countedHandlers();

  const answers = await Promise.all(
    stationIds.map((stationId) =>
      handlers.bootNotification(session(stationId), {
        chargePointVendor: 'Vendor',
        chargePointModel: `Model-${stationId}`,
        firmwareVersion: '1.0',
      }),
    ),
  );

  // Gathered as the statuses above are: one statement, two on a machine too busy to make the calls within the wait.
  expect(counter.statements).toBeLessThanOrEqual(2);
  expect(answers.every((answer) => answer.status === 'Accepted')).toBe(true);
  const records = await db()
    .select({ stationId: chargePoints.stationId, model: chargePoints.model, bootedAt: chargePoints.bootedAt })
    .from(chargePoints)
    .where(inArray(chargePoints.stationId, stationIds));
  expect(records).toHaveLength(30);
  expect(records.every((row) => row.model === `Model-${row.stationId}` && row.bootedAt !== null)).toBe(true);
  const history = await statusHistory(stationIds);
  expect(history.filter((row) => row.kind === 'boot')).toHaveLength(30);
});

it("writes 25 of the server's own command log entries in one statement, as each was given", async () => {
  const stationIds = await newStations(25);
  const { database, counter } = counted();
  const log = createStationQueue<ServerCommandRecord, true>((batch) => recordServerCommandsMany(database, batch), true);
  const createdAt = new Date('2026-11-30T10:00:00.123Z');

  await Promise.all(
    stationIds.map((stationId, index) =>
      log({
        stationId,
        action: 'TriggerMessage',
        request: { requestedMessage: 'StatusNotification' },
        status: index === 0 ? 'timeout' : 'accepted',
        response: index === 0 ? null : { status: 'Accepted' },
        createdAt,
        durationMs: index,
      }),
    ),
  );

  // Gathered as the statuses above are: one statement, two on a machine too busy to make the calls within the wait.
  expect(counter.statements).toBeLessThanOrEqual(2);
  const rows = await db()
    .select({
      stationId: chargePointCommands.stationId,
      accountId: chargePointCommands.accountId,
      request: chargePointCommands.request,
      status: chargePointCommands.status,
      response: chargePointCommands.response,
      createdAt: chargePointCommands.createdAt,
      durationMs: chargePointCommands.durationMs,
    })
    .from(chargePointCommands)
    .where(inArray(chargePointCommands.stationId, stationIds));
  expect(rows).toHaveLength(25);
  const first = rows.find((row) => row.stationId === stationIds[0]);
  expect(first).toEqual({
    stationId: stationIds[0],
    accountId: null,
    request: { requestedMessage: 'StatusNotification' },
    status: 'timeout',
    response: null,
    createdAt,
    durationMs: 0,
  });
  const other = rows.find((row) => row.stationId === stationIds[3]);
  expect(other?.response).toEqual({ status: 'Accepted' });
  expect(other?.durationMs).toBe(3);
});

it('reads the handshakes of 22 charge points connecting at once together, each answered with its own station', async () => {
  const endpoint = await listenForChargePoints(context.app);
  const built = await Promise.all(
    Array.from({ length: 20 }, () => buildChargePointStation(db(), context.config, { merchantId })),
  );
  const [wrongPassword, otherCase] = built;
  const refusals = await Promise.all([
    ...built.slice(2).map((station) => refusalOf({ endpoint, identity: station.identity })),
    refusalOf({ endpoint, identity: wrongPassword?.identity ?? '', password: 'wrong-password-0001' }),
    // The identity is matched whatever its case, then refused unless it is exactly the station's.
    refusalOf({ endpoint, identity: (otherCase?.identity ?? '').toLowerCase() }),
    refusalOf({ endpoint, identity: 'CP-NOBODY-HERE' }),
    refusalOf({ endpoint, identity: built[5]?.identity ?? '' }),
  ]);
  expect(refusals).toEqual([...built.slice(2).map(() => 'connected'), 401, 404, 404, 'connected']);
});
