import { and, eq } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { signInDriver, type SignedInDriver } from '../../test/driver-builders';
import { openEventStream } from '../../test/event-stream';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, connectChargePoint, listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry } from '../../test/user-builders';
import { charges } from '../charges';
import { stationConnectors, stations } from '../stations';
import { balanceEntries } from '../users';

// Issue 38, item 4: charging from the drivers' app (docs/product/app-api.md#charging) against a real charge point on a
// real websocket: start (and every refusal), the live session by polling and by server-sent events, stop, the receipt.

let context: TestContext;
let endpoint: string;
let baseUrl: string;
let merchantId: number;
const clients: RPCClient[] = [];

const db = () => context.database.db;

beforeAll(async () => {
  process.env.OCPP_CALL_TIMEOUT_MS = '1500';
  process.env.OCPP_MIN_BALANCE = '10.00';
  context = await createTestContext();
  endpoint = await listenForChargePoints(context.app);
  baseUrl = endpoint.replace('ws://', 'http://').replace(/\/ocpp$/, '');
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  for (const client of clients) {
    await client.close({ force: true });
  }
  await context.close();
  delete process.env.OCPP_CALL_TIMEOUT_MS;
  delete process.env.OCPP_MIN_BALANCE;
});

interface Point {
  stationId: number;
  /** station_connectors.id of OCPP connectors 1 and 2. */
  connectors: number[];
  client: RPCClient;
  /** Remote starts the charge point was asked for. */
  asked: { connectorId: number; idTag: string }[];
}

/** Open every day, all day (an end at midnight is the day's end): the tests run at any hour. */
const ROUND_THE_CLOCK = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  start_time: '00:00:00',
  end_time: '00:00:00',
  is_break: false,
}));

/** A station with two connectors priced 20 som/kWh whose charge point is connected, told Available, and says yes. */
const chargePoint = async (options: { answer?: 'Accepted' | 'Rejected'; schedule?: object[] } = {}): Promise<Point> => {
  const built = await buildChargePointStation(db(), context.config, {
    merchantId,
    schedule: ROUND_THE_CLOCK,
    connectors: [
      { evse_id: 1, custom_fee: '20.00' },
      { evse_id: 1, custom_fee: '20.00' },
    ],
  });
  if (options.schedule) {
    await db()
      .update(stations)
      .set({ schedule: options.schedule as never })
      .where(eq(stations.id, built.id));
  }
  const client = await connectChargePoint({ endpoint, identity: built.identity });
  clients.push(client);
  const asked: Point['asked'] = [];
  client.handle('RemoteStartTransaction', async ({ params }) => {
    asked.push(params as Point['asked'][number]);
    return { status: options.answer ?? 'Accepted' };
  });
  client.handle('RemoteStopTransaction', async () => ({ status: 'Accepted' }));
  for (const connectorId of [1, 2]) {
    await client.call('StatusNotification', { connectorId, errorCode: 'NoError', status: 'Available' });
  }
  const connectors = await db()
    .select({ id: stationConnectors.id })
    .from(stationConnectors)
    .where(eq(stationConnectors.stationId, built.id))
    .orderBy(stationConnectors.ocpp16Id);
  return { stationId: built.id, connectors: connectors.map((row) => row.id), client, asked };
};

/** A signed-in driver with some money. */
const driverWith = async (som: string, headers: Record<string, string> = {}) => {
  const driver = await signInDriver(context.app, db(), { headers, language: 'en' });
  if (som !== '0') {
    await buildEntry(db(), driver.user.id, { credit: som });
  }
  return driver;
};

const start = (driver: SignedInDriver, connectorId: number) =>
  context.app.inject({
    method: 'POST',
    url: '/api/app/v1/charging/start/',
    headers: { ...driver.headers, 'accept-language': 'en' },
    payload: { connector_id: connectorId },
  });

const session = async (driver: SignedInDriver) =>
  (await context.app.inject({ method: 'GET', url: '/api/app/v1/charging/', headers: driver.headers })).json();

/** The charge point does what an accepted remote start makes it do: StartTransaction with the tag it was sent. */
const startTransaction = async (point: Point, connectorId = 1) => {
  const tag = point.asked.at(-1)!.idTag;
  await point.client.call('StatusNotification', { connectorId, errorCode: 'NoError', status: 'Charging' });
  return (await point.client.call('StartTransaction', {
    connectorId,
    idTag: tag,
    meterStart: 1_000,
    timestamp: new Date().toISOString(),
  })) as { transactionId: number };
};

describe('starting a charge', () => {
  it('starts on a free connector with the driver’s app id tag; the charge is booked to them as an app charge', async () => {
    const point = await chargePoint();
    const driver = await driverWith('300.00', { 'x-app-platform': 'ios', 'x-app-version': '3.1.0' });
    const response = await start(driver, point.connectors[0]!);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      detail: 'The charge point is starting the charge. Plug the cable into your car if you have not yet.',
      station_id: point.stationId,
      charge: null,
    });
    expect(point.asked).toHaveLength(1);
    expect(point.asked[0]!.connectorId).toBe(1);
    expect((await session(driver)).starting).toHaveLength(1);

    const { transactionId } = await startTransaction(point);
    const [charge] = await db().select().from(charges).where(eq(charges.ocppTransactionId, transactionId));
    expect(charge).toMatchObject({ userId: driver.user.id, source: 'app', platform: 1, appVersion: '3.1.0' });
    const now = await session(driver);
    expect(now.starting).toEqual([]);
    expect(now.charges).toHaveLength(1);
    expect(now.charges[0]).toMatchObject({ id: charge!.id, running: true, status: 'in_progress', cost: '0.00' });
  });

  it('refuses a driver without enough money, before asking the charge point', async () => {
    const point = await chargePoint();
    const poor = await driverWith('5.00');
    const response = await start(poor, point.connectors[0]!);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'Top up your balance: more than 10.00 som is needed to start a charge.',
    });
    const russian = await context.app.inject({
      method: 'POST',
      url: '/api/app/v1/charging/start/',
      headers: { ...poor.headers, 'accept-language': 'ru' },
      payload: { connector_id: point.connectors[0] },
    });
    expect(russian.json().detail).toBe('Пополните баланс: чтобы начать зарядку, нужно больше 10,00 сом.');
    expect(point.asked).toEqual([]);
  });

  it('refuses a busy connector, a faulted one, an offline station and a closed one', async () => {
    const point = await chargePoint();
    const driver = await driverWith('300.00');
    await point.client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' });
    await point.client.call('StatusNotification', { connectorId: 2, errorCode: 'GroundFailure', status: 'Faulted' });
    expect((await start(driver, point.connectors[0]!)).json()).toEqual({
      detail: 'This connector is busy. Choose another one.',
    });
    expect((await start(driver, point.connectors[1]!)).json()).toEqual({
      detail: 'This connector is out of order. Choose another one.',
    });

    const offline = await chargePoint();
    await offline.client.close({ force: true });
    await expect
      .poll(async () => (await start(driver, offline.connectors[0]!)).json().detail)
      .toBe('The station is not connected now. Try another station.');

    // Open only on a day that is not today (day 0 is Monday, in Bishkek).
    const bishkekDay = (new Date(Date.now() + 6 * 3_600_000).getUTCDay() + 6) % 7;
    const closed = await chargePoint({
      schedule: [{ day: (bishkekDay + 3) % 7, start_time: '08:00:00', end_time: '20:00:00', is_break: false }],
    });
    const refused = await start(driver, closed.connectors[0]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'The station is closed now by its schedule.' });
    expect([...point.asked, ...offline.asked, ...closed.asked]).toEqual([]);
  });

  it('answers 404 for an unknown connector and one of an inactive station, and 400 for a malformed one', async () => {
    const point = await chargePoint();
    const driver = await driverWith('300.00');
    expect((await start(driver, 2_000_000_000)).statusCode).toBe(404);
    await db().update(stations).set({ status: 1 }).where(eq(stations.id, point.stationId));
    const inactive = await start(driver, point.connectors[0]!);
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json()).toEqual({ detail: 'Connector not found.' });
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/api/app/v1/charging/start/',
      headers: driver.headers,
      payload: { connector_id: 'one' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('lets one of two drivers starting one connector at once win', async () => {
    const point = await chargePoint();
    const [first, second] = await Promise.all([driverWith('300.00'), driverWith('300.00')]);
    const answers = await Promise.all([start(first!, point.connectors[0]!), start(second!, point.connectors[0]!)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({
      detail: 'This connector is busy. Choose another one.',
    });
    expect(point.asked).toHaveLength(1);
  });

  it('says when the charge point refuses, and lets the driver try again', async () => {
    const point = await chargePoint({ answer: 'Rejected' });
    const driver = await driverWith('300.00');
    const refused = await start(driver, point.connectors[0]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'The charge point refused to start the charge. Try again or choose another connector.',
    );
    expect((await start(driver, point.connectors[0]!)).statusCode).toBe(409);
    expect(point.asked).toHaveLength(2);
  });

  it('refuses a second charge while the driver’s first runs', async () => {
    const point = await chargePoint();
    const driver = await driverWith('300.00');
    expect((await start(driver, point.connectors[0]!)).statusCode).toBe(202);
    const second = await start(driver, point.connectors[1]!);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: 'You already have a charge in progress. Stop it first.' });
  });
});

describe('the session, the stop and the receipt', () => {
  it('streams the session as the meter rises, stops on the driver’s word, and the receipt matches the ledger', async () => {
    const point = await chargePoint();
    const driver = await driverWith('300.00');
    const stream = await openEventStream(`${baseUrl}/api/app/v1/charging/events/`, driver.headers);
    expect(await stream.readUntil('"charges":[]')).toContain('data: ');
    expect((await start(driver, point.connectors[0]!)).statusCode).toBe(202);
    expect(await stream.readUntil('"starting":[{')).toContain(`"station_id":${point.stationId}`);
    const { transactionId } = await startTransaction(point);
    expect(await stream.readUntil('"status":"in_progress"')).toContain('"running":true');
    await point.client.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [
            { value: '6000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: '7200', measurand: 'Power.Active.Import', unit: 'W' },
          ],
        },
      ],
    });
    const metered = await stream.readUntil('"consumption_kwh":"5.000"');
    expect(metered).toContain('"cost":"100.00"');
    expect(metered).toContain('"power_w":7200');

    const [charge] = await db().select().from(charges).where(eq(charges.ocppTransactionId, transactionId));
    const stopped = await context.app.inject({
      method: 'POST',
      url: `/api/app/v1/charging/${charge!.id}/stop/`,
      headers: driver.headers,
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().detail).toBe(
      'The charge point is stopping the charge. The receipt will be ready in a moment.',
    );
    await point.client.call('StopTransaction', {
      transactionId,
      meterStop: 6_000,
      timestamp: new Date().toISOString(),
      reason: 'Remote',
    });
    // The session empties once the charge is booked.
    expect(await stream.readUntil('data: {"charges":[]', 10_000, metered.length)).toContain(
      '{"charges":[],"starting":[]}',
    );
    stream.close();

    const receipt = (
      await context.app.inject({ method: 'GET', url: `/api/app/v1/charges/${charge!.id}/`, headers: driver.headers })
    ).json();
    expect(receipt).toMatchObject({ id: charge!.id, running: false, consumption_kwh: '5.000', cost: '100.00' });
    expect(receipt.cost_breakdown).toMatchObject({ amount: '100.00' });
    const [debit] = await db()
      .select()
      .from(balanceEntries)
      .where(and(eq(balanceEntries.userId, driver.user.id), eq(balanceEntries.chargeId, charge!.id)));
    expect(debit).toMatchObject({ debit: 10_000n });
    const statement = (
      await context.app.inject({ method: 'GET', url: '/api/app/v1/statement/', headers: driver.headers })
    ).json();
    expect(statement.items[0]).toMatchObject({ debit: '100.00', deposit: '200.00', charge_id: charge!.id });
    const history = (
      await context.app.inject({ method: 'GET', url: '/api/app/v1/charges/', headers: driver.headers })
    ).json();
    expect(history).toMatchObject({ total: 1, items: [{ id: charge!.id, cost: '100.00' }] });

    // The dashboard's charges list tells the same charge, from the app.
    const operator = await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }));
    const listed = (
      await context.app.inject({
        method: 'GET',
        url: `/api/v1/users/transactions/?user=${driver.user.id}`,
        headers: operator.headers,
      })
    ).json();
    expect(listed.items[0]).toMatchObject({ id: charge!.id, total_cost: '100.00', source: 'app' });
  });

  it('answers 404 for another driver’s charge and 409 for an ended one, changing nothing', async () => {
    const point = await chargePoint();
    const owner = await driverWith('300.00');
    const other = await driverWith('300.00');
    await start(owner, point.connectors[0]!);
    const { transactionId } = await startTransaction(point);
    const [charge] = await db().select().from(charges).where(eq(charges.ocppTransactionId, transactionId));
    for (const url of [`/api/app/v1/charging/${charge!.id}/stop/`]) {
      const response = await context.app.inject({ method: 'POST', url, headers: other.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Charge not found.' });
    }
    expect(
      (await context.app.inject({ method: 'GET', url: `/api/app/v1/charges/${charge!.id}/`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    await point.client.call('StopTransaction', {
      transactionId,
      meterStop: 1_500,
      timestamp: new Date().toISOString(),
    });
    const ended = await context.app.inject({
      method: 'POST',
      url: `/api/app/v1/charging/${charge!.id}/stop/`,
      headers: owner.headers,
    });
    expect(ended.statusCode).toBe(409);
  });
});
