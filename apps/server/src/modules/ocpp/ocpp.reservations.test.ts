import type { TPermission } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, connectChargePoint, listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { runJobOnce } from '../../platform/scheduler';
// eslint-disable-next-line zaryad/domain-boundaries -- a test role with chosen permissions: the accounts index exports no table
import { roles } from '../accounts/accounts.tables';
import { charges } from '../charges';
import { chargeHolds } from '../users';
import { expiredReservationsJob } from './ocpp.reservations';

// Issue 34, Reservation: ReserveNow and CancelReservation through the reservations calls against a real charge point
// on a real websocket, the reservations listed, expired ones cleared by the scheduler, and StartTransaction honouring
// a reservation (used by its driver, refused to another).
let context: TestContext;
let endpoint: string;
let headers: { authorization: string };
let merchantId: number;
const clients: RPCClient[] = [];
let roleSerial = 0;

const db = () => context.database.db;
const HOUR = 3_600_000;

beforeAll(async () => {
  process.env.OCPP_CALL_TIMEOUT_MS = '1000';
  context = await createTestContext();
  endpoint = await listenForChargePoints(context.app);
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  for (const client of clients) {
    await client.close({ force: true });
  }
  await context.close();
  delete process.env.OCPP_CALL_TIMEOUT_MS;
});

const station = () =>
  buildChargePointStation(db(), context.config, {
    merchantId,
    connectors: [
      { evse_id: 1, custom_fee: '20.00' },
      { evse_id: 1, custom_fee: '20.00' },
    ],
  });

/** A charge point that answers ReserveNow and CancelReservation as told, noting what it was sent. */
const connect = async (identity: string, answers: { reserve?: string; cancel?: string } = {}) => {
  const client = await connectChargePoint({ endpoint, identity });
  clients.push(client);
  const asked: { method: string; params: Record<string, unknown> }[] = [];
  client.handle('ReserveNow', async ({ params }) => {
    asked.push({ method: 'ReserveNow', params: params as Record<string, unknown> });
    return { status: answers.reserve ?? 'Accepted' };
  });
  client.handle('CancelReservation', async ({ params }) => {
    asked.push({ method: 'CancelReservation', params: params as Record<string, unknown> });
    return { status: answers.cancel ?? 'Accepted' };
  });
  return { client, asked };
};

const driver = async (idTags: { idTag: string; kind: 'rfid' | 'app' }[], status: 0 | 1 = 0) => {
  const user = await buildUser(db(), { idTags, status });
  await buildEntry(db(), user.id, { credit: '500.00' });
  return user;
};

interface ReservationResult {
  reservation: {
    id: number;
    connector_id: number;
    id_tag: string;
    user_id: number | null;
    user_name: string | null;
    status: string;
    charge_id: number | null;
    expires_at: string;
    account: string | null;
  };
  command: { status: string; response: unknown };
}

const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const reserve = (stationId: number, body: object, options: { as?: { authorization: string }; language?: string } = {}) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/ocpp/stations/${stationId}/reservations/`,
    headers: { ...(options.as ?? headers), 'accept-language': options.language ?? 'en' },
    payload: body,
  });

const cancel = (stationId: number, reservationId: number, as: { authorization: string } = headers) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/ocpp/stations/${stationId}/reservations/${reservationId}/cancel/`,
    headers: as,
  });

const listOf = async (stationId: number, query = '') =>
  (
    await context.app.inject({ method: 'GET', url: `/api/v1/ocpp/stations/${stationId}/reservations/${query}`, headers })
  ).json<{ total: number; items: ReservationResult['reservation'][] }>();

const startTransaction = (client: RPCClient, params: { connectorId: number; idTag: string; reservationId?: number }) =>
  client.call('StartTransaction', { meterStart: 0, timestamp: new Date().toISOString(), ...params }) as Promise<{
    transactionId: number;
    idTagInfo: { status: string };
  }>;

const accountWith = async (permissions: TPermission[]) => {
  roleSerial += 1;
  const key = `ocpp-reservations-${roleSerial}`;
  await db().insert(roles).values({ key, name: `OCPP reservations ${roleSerial}`, permissions });
  return (await signIn(context.app, await buildAccount(db(), { roleKey: key }))).headers;
};

describe('ReserveNow', () => {
  it('by id tag: the charge point is sent the connector, expiry, tag and the reservation id; listed active', async () => {
    const built = await station();
    const { asked } = await connect(built.identity);
    const user = await driver([{ idTag: 'RSV-TAG-01', kind: 'rfid' }]);
    const expiresAt = inHours(1);
    const response = await reserve(built.id, { connector_id: 2, id_tag: 'RSV-TAG-01', expires_at: expiresAt });
    expect(response.statusCode).toBe(201);
    const result = response.json<ReservationResult>();
    expect(result.command).toEqual({ status: 'accepted', response: { status: 'Accepted' } });
    expect(result.reservation).toMatchObject({
      connector_id: 2,
      id_tag: 'RSV-TAG-01',
      user_id: user.id,
      user_name: user.name,
      status: 'active',
      charge_id: null,
      expires_at: expiresAt,
    });
    expect(result.reservation.account).not.toBeNull();
    expect(asked).toEqual([
      {
        method: 'ReserveNow',
        params: { connectorId: 2, expiryDate: expiresAt, idTag: 'RSV-TAG-01', reservationId: result.reservation.id },
      },
    ]);
    const list = await listOf(built.id);
    expect(list.total).toBe(1);
    expect(list.items[0]).toEqual(result.reservation);
    const log = await context.app.inject({ method: 'GET', url: `/api/v1/ocpp/stations/${built.id}/commands/`, headers });
    expect(log.json<{ items: { action: string; status: string }[] }>().items[0]).toMatchObject({
      action: 'ReserveNow',
      status: 'accepted',
    });
  });

  it("by app user: that user's RFID card is reserved for", async () => {
    const built = await station();
    const { asked } = await connect(built.identity);
    const user = await driver([
      { idTag: 'RSV-APP-02', kind: 'app' },
      { idTag: 'RSV-CARD-02', kind: 'rfid' },
    ]);
    const result = (await reserve(built.id, { connector_id: 1, user_id: user.id, expires_at: inHours(2) })).json<ReservationResult>();
    expect(result.reservation).toMatchObject({ id_tag: 'RSV-CARD-02', user_id: user.id, status: 'active' });
    expect(asked[0]?.params).toMatchObject({ idTag: 'RSV-CARD-02' });
  });

  it('a refusal, or no charge point to ask, leaves the reservation rejected', async () => {
    await driver([{ idTag: 'RSV-TAG-03', kind: 'rfid' }]);
    const occupied = await station();
    await connect(occupied.identity, { reserve: 'Occupied' });
    const refused = (await reserve(occupied.id, { connector_id: 1, id_tag: 'RSV-TAG-03', expires_at: inHours(1) })).json<ReservationResult>();
    expect(refused.command).toEqual({ status: 'rejected', response: { status: 'Occupied' } });
    expect(refused.reservation.status).toBe('rejected');

    const absent = await station();
    const unreachable = (await reserve(absent.id, { connector_id: 1, id_tag: 'RSV-TAG-03', expires_at: inHours(1) })).json<ReservationResult>();
    expect(unreachable.command.status).toBe('not_connected');
    expect(unreachable.reservation.status).toBe('rejected');
    // A rejected reservation does not hold the connector.
    expect(
      (await reserve(occupied.id, { connector_id: 1, id_tag: 'RSV-TAG-03', expires_at: inHours(1) })).statusCode,
    ).toBe(201);
  });

  it('refuses bad input with translated messages, and a second reservation of a reserved connector', async () => {
    const built = await station();
    await connect(built.identity);
    const user = await driver([{ idTag: 'RSV-TAG-04', kind: 'rfid' }]);
    await driver([{ idTag: 'RSV-BLOCKED-04', kind: 'rfid' }], 1);
    const both = await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-04', user_id: user.id, expires_at: inHours(1) });
    expect(both.statusCode).toBe(400);
    const past = await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-04', expires_at: inHours(-1) }, { language: 'ru' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ expires_at: ['Срок брони должен быть в будущем'] });
    const far = await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-04', expires_at: inHours(25) }, { language: 'ky' });
    expect(far.json()).toEqual({ expires_at: ['Брондоо 24 сааттан ашпайт'] });
    const noConnector = await reserve(built.id, { connector_id: 7, id_tag: 'RSV-TAG-04', expires_at: inHours(1) });
    expect(noConnector.statusCode).toBe(400);
    expect(noConnector.json()).toHaveProperty('connector_id');
    const unknown = await reserve(built.id, { connector_id: 1, id_tag: 'RSV-NOBODY', expires_at: inHours(1) });
    expect(unknown.json()).toEqual({ id_tag: ['No driver of the network has this id tag'] });
    const blocked = await reserve(built.id, { connector_id: 1, id_tag: 'RSV-BLOCKED-04', expires_at: inHours(1) });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toHaveProperty('id_tag');
    // 500 som, all of it held by a running charge: nothing is available, not above the minimum.
    const held = await driver([{ idTag: 'RSV-HELD-04', kind: 'rfid' }]);
    await db().insert(chargeHolds).values({ chargeId: 7_000_000_000 + held.id, userId: held.id, amount: 500_00n });
    const heldBack = await reserve(built.id, { connector_id: 1, id_tag: 'RSV-HELD-04', expires_at: inHours(1) });
    expect(heldBack.json()).toEqual({
      id_tag: ['The driver may not charge: blocked, or the balance is not above the minimum'],
    });
    const badDate = await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-04', expires_at: 'tomorrow' });
    expect(badDate.statusCode).toBe(400);

    expect((await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-04', expires_at: inHours(1) })).statusCode).toBe(201);
    const twice = await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-04', expires_at: inHours(1) }, { language: 'ru' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'У коннектора уже есть действующая бронь' });
    // Nothing but the one reservation was stored.
    expect((await listOf(built.id)).total).toBe(1);
  });
});

describe('CancelReservation', () => {
  it('cancels on Accepted (or Rejected: the charge point holds none); a reservation no longer active is a 409', async () => {
    const built = await station();
    const { asked } = await connect(built.identity);
    await driver([{ idTag: 'RSV-TAG-05', kind: 'rfid' }]);
    const made = (await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-05', expires_at: inHours(1) })).json<ReservationResult>();
    const cancelled = await cancel(built.id, made.reservation.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<ReservationResult>()).toMatchObject({
      reservation: { id: made.reservation.id, status: 'cancelled' },
      command: { status: 'accepted' },
    });
    expect(asked.at(-1)).toEqual({ method: 'CancelReservation', params: { reservationId: made.reservation.id } });
    const again = await cancel(built.id, made.reservation.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Бронь уже не действует' });
    expect((await cancel(built.id, 999_999)).statusCode).toBe(404);
    const other = await station();
    expect((await cancel(other.id, made.reservation.id)).statusCode).toBe(404);

    const forgetful = await station();
    await connect(forgetful.identity, { cancel: 'Rejected' });
    const held = (await reserve(forgetful.id, { connector_id: 1, id_tag: 'RSV-TAG-05', expires_at: inHours(1) })).json<ReservationResult>();
    expect((await cancel(forgetful.id, held.reservation.id)).json<ReservationResult>().reservation.status).toBe('cancelled');
  });

  it('without an answer the reservation stays active', async () => {
    const built = await station();
    const { client } = await connect(built.identity);
    await driver([{ idTag: 'RSV-TAG-06', kind: 'rfid' }]);
    const made = (await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-06', expires_at: inHours(1) })).json<ReservationResult>();
    client.handle('CancelReservation', () => new Promise(() => undefined));
    const silent = (await cancel(built.id, made.reservation.id)).json<ReservationResult>();
    expect(silent).toMatchObject({ reservation: { status: 'active' }, command: { status: 'timeout' } });
  });
});

describe('StartTransaction and reservations', () => {
  it("the reserving driver's start uses the reservation: used, with the driver's charge", async () => {
    const built = await station();
    const { client } = await connect(built.identity);
    const user = await driver([{ idTag: 'RSV-TAG-07', kind: 'rfid' }]);
    const made = (await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-07', expires_at: inHours(1) })).json<ReservationResult>();
    const started = await startTransaction(client, { connectorId: 1, idTag: 'RSV-TAG-07', reservationId: made.reservation.id });
    expect(started.idTagInfo.status).toBe('Accepted');
    const [charge] = await db().select().from(charges).where(eq(charges.ocppTransactionId, started.transactionId));
    expect(charge).toMatchObject({ userId: user.id, stationId: built.id, status: 'in_progress' });
    const [used] = (await listOf(built.id)).items;
    expect(used).toMatchObject({ id: made.reservation.id, status: 'used', charge_id: charge!.id });
  });

  it("another driver's id tag on a reserved connector is refused and books nothing; the reservation stays", async () => {
    const built = await station();
    const { client } = await connect(built.identity);
    await driver([{ idTag: 'RSV-TAG-08', kind: 'rfid' }]);
    await driver([{ idTag: 'RSV-OTHER-08', kind: 'rfid' }]);
    const made = (await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-08', expires_at: inHours(1) })).json<ReservationResult>();
    const byConnector = await startTransaction(client, { connectorId: 1, idTag: 'RSV-OTHER-08' });
    expect(byConnector.idTagInfo.status).toBe('Invalid');
    const byId = await startTransaction(client, { connectorId: 2, idTag: 'RSV-OTHER-08', reservationId: made.reservation.id });
    expect(byId.idTagInfo.status).toBe('Invalid');
    expect(await db().select().from(charges).where(eq(charges.stationId, built.id))).toEqual([]);
    expect((await listOf(built.id)).items[0]?.status).toBe('active');
    // The other connector, not reserved, takes the other driver.
    const free = await startTransaction(client, { connectorId: 2, idTag: 'RSV-OTHER-08' });
    expect(free.idTagInfo.status).toBe('Accepted');
  });

  it("a reservation of the whole charge point (0) is its driver's on any connector, without its id; others start elsewhere", async () => {
    const built = await station();
    const { client, asked } = await connect(built.identity);
    const user = await driver([{ idTag: 'RSV-TAG-CP0', kind: 'rfid' }]);
    await driver([{ idTag: 'RSV-OTHER-CP0', kind: 'rfid' }]);
    const made = (await reserve(built.id, { connector_id: 0, id_tag: 'RSV-TAG-CP0', expires_at: inHours(1) })).json<ReservationResult>();
    expect(made.reservation).toMatchObject({ connector_id: 0, status: 'active' });
    expect(asked[0]?.params).toMatchObject({ connectorId: 0, reservationId: made.reservation.id });
    const other = await startTransaction(client, { connectorId: 1, idTag: 'RSV-OTHER-CP0' });
    expect(other.idTagInfo.status).toBe('Accepted');
    expect((await listOf(built.id)).items[0]?.status).toBe('active');
    const started = await startTransaction(client, { connectorId: 2, idTag: 'RSV-TAG-CP0' });
    expect(started.idTagInfo.status).toBe('Accepted');
    const [charge] = await db().select().from(charges).where(eq(charges.ocppTransactionId, started.transactionId));
    expect(charge).toMatchObject({ userId: user.id });
    expect((await listOf(built.id)).items[0]).toMatchObject({ status: 'used', charge_id: charge!.id });
  });

  it('an expired reservation holds nothing: the scheduler marks it expired and anyone may start', async () => {
    const built = await station();
    const { client } = await connect(built.identity);
    await driver([{ idTag: 'RSV-TAG-09', kind: 'rfid' }]);
    await driver([{ idTag: 'RSV-OTHER-09', kind: 'rfid' }]);
    const made = (await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-09', expires_at: inHours(1) })).json<ReservationResult>();
    const later = new Date(Date.now() + 2 * HOUR);
    expect(await runJobOnce(db(), expiredReservationsJob, later)).toBe(true);
    expect((await listOf(built.id, '?status=expired')).items.map((item) => item.id)).toEqual([made.reservation.id]);
    expect((await listOf(built.id, '?status=active')).total).toBe(0);
    const started = await startTransaction(client, { connectorId: 1, idTag: 'RSV-OTHER-09' });
    expect(started.idTagInfo.status).toBe('Accepted');
    expect((await cancel(built.id, made.reservation.id)).statusCode).toBe(409);
  });
});

describe('permissions', () => {
  it('making and cancelling need stations.manage_charge_point; the list needs stations.view', async () => {
    const built = await station();
    await connect(built.identity);
    await driver([{ idTag: 'RSV-TAG-10', kind: 'rfid' }]);
    const made = (await reserve(built.id, { connector_id: 1, id_tag: 'RSV-TAG-10', expires_at: inHours(1) })).json<ReservationResult>();
    const resetOnly = await accountWith(['stations.view', 'stations.reset']);
    expect((await reserve(built.id, { connector_id: 2, id_tag: 'RSV-TAG-10', expires_at: inHours(1) }, { as: resetOnly })).statusCode).toBe(403);
    expect((await cancel(built.id, made.reservation.id, resetOnly)).statusCode).toBe(403);
    const list = await context.app.inject({ method: 'GET', url: `/api/v1/ocpp/stations/${built.id}/reservations/`, headers: resetOnly });
    expect(list.statusCode).toBe(200);
    const nobody = await accountWith(['merchants.view']);
    expect(
      (await context.app.inject({ method: 'GET', url: `/api/v1/ocpp/stations/${built.id}/reservations/`, headers: nobody })).statusCode,
    ).toBe(403);
    const manager = await accountWith(['stations.view', 'stations.manage_charge_point']);
    expect((await cancel(built.id, made.reservation.id, manager)).statusCode).toBe(200);
    const badStatus = await context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${built.id}/reservations/?status=sometime`,
      headers,
    });
    expect(badStatus.statusCode).toBe(400);
  });
});
