import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobOnce } from '../../platform/scheduler';
import { buildSimulatedStation, type SimulatedChargePoint } from '../../test/alert-builders';
import { buildPricedStation, buildRunningCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { ocppBusOf } from '../ocpp';
import { alertsSweepJob, createIncidentNotifier, evaluateRules } from './alerts.evaluate';
import { incidentEvents, incidents } from './alerts.tables';

// Two server processes on one PostgreSQL database, as far as the alerts go: two apps, each with its own LISTEN
// connection, hear every OCPP event and evaluate it; the signals and the unique partial index leave one incident with
// one 'opened' event. Runs in the PostgreSQL run only.
let context: TestContext;
let other: FastifyInstance;
let endpoint: string;
let merchantId: number;
const points: SimulatedChargePoint[] = [];

const db = () => context.database.db;

beforeAll(async () => {
  process.env.OCPP_STATUS_ON_CONNECT = 'off';
  context = await createTestContext();
  other = await context.buildAnotherApp();
  await other.ready();
  endpoint = await listenForChargePoints(context.app);
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  for (const point of points) {
    await point.close().catch(() => undefined);
  }
  await context.close();
  delete process.env.OCPP_STATUS_ON_CONNECT;
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two processes evaluating the same events', () => {
  it('open one incident for a Faulted connector, fold a repeat once and clear it once', async () => {
    const heardByOther: unknown[] = [];
    ocppBusOf(other)?.subscribe('ocpp_events', (message) => heardByOther.push(message));
    const { station, point } = await buildSimulatedStation(db(), context.config, endpoint, { merchantId });
    points.push(point);
    const rows = () =>
      db()
        .select()
        .from(incidents)
        .where(and(eq(incidents.stationId, station.id), eq(incidents.rule, 'connector_faulted')));
    await point.status(1, 'Faulted', 'GroundFailure');
    const deadline = Date.now() + 1_000;
    while ((await rows()).length === 0 && Date.now() < deadline) {
      await wait(25);
    }
    await wait(800);
    const [incident, ...more] = await rows();
    expect(more).toHaveLength(0);
    expect(incident).toMatchObject({ count: 1, status: 'open' });
    await point.status(1, 'Faulted', 'HighTemperature');
    await wait(1_000);
    await point.status(1, 'Available');
    await wait(1_000);
    const events = await db()
      .select({ event: incidentEvents.event })
      .from(incidentEvents)
      .where(eq(incidentEvents.incidentId, incident!.id))
      .orderBy(incidentEvents.id);
    expect(events.map((row) => row.event)).toEqual(['opened', 'repeated', 'resolved']);
    expect((await rows())[0]).toMatchObject({ count: 2, status: 'resolved', resolution: 'cleared' });
    // The other process heard the incident's messages, sent by NOTIFY at the commit.
    expect(heardByOther).toContainEqual({ type: 'incident', incidentId: incident!.id, stationId: station.id });
  });

  it('evaluating the same condition in concurrent transactions opens one incident', async () => {
    const stationId = await buildPricedStation(db());
    await buildRunningCharge(db(), stationId, { silentS: 30 * 60 });
    const now = new Date();
    await Promise.all(
      Array.from({ length: 4 }, () =>
        db().transaction((tx) => evaluateRules(tx, { stationIds: [stationId] }, now, ['charge_no_meter_values'])),
      ),
    );
    const opened = await db()
      .select()
      .from(incidents)
      .where(and(eq(incidents.stationId, stationId), eq(incidents.rule, 'charge_no_meter_values')));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.count).toBe(1);
  });

  it('runs the sweep once across processes under its lock', async () => {
    const notify = createIncidentNotifier('postgres', null);
    const job = alertsSweepJob(notify);
    await db().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${job.lockKey})`);
      expect(await runJobOnce(other.database.db, job)).toBe(false);
    });
    expect(await runJobOnce(other.database.db, job)).toBe(true);
  });
});
