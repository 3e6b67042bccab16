import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceChargePoint } from './charge-point';
import { type Conformance, startConformance } from './conformance-context';

// OCPP 1.6J Reservation, the Central System's side of the Open Charge Alliance's test cases (docs/ocpp-conformance.md):
// reservations made and cancelled the way staff make them, answered as the case's charge point answers, and the
// reservation's life as the server keeps it.
let s: Conformance;

beforeAll(async () => {
  s = await startConformance();
});

afterAll(async () => {
  await s.close();
});

const iso = (msAhead = 0) => new Date(Date.now() + msAhead).toISOString();

interface ReservationBody {
  reservation: {
    id: number;
    status: string;
    charge_id: number | null;
    connector_id: number;
    id_tag: string;
  };
  command: { status: string; response: unknown };
}

const reserve = async (stationId: number, body: object) => {
  const response = await s.context.app.inject({
    method: 'POST',
    url: `/api/v1/ocpp/stations/${stationId}/reservations/`,
    headers: s.headers,
    payload: body,
  });
  return {
    statusCode: response.statusCode,
    body: response.json<ReservationBody>(),
  };
};

const cancel = async (stationId: number, reservationId: number) => {
  const response = await s.context.app.inject({
    method: 'POST',
    url: `/api/v1/ocpp/stations/${stationId}/reservations/${reservationId}/cancel/`,
    headers: s.headers,
  });
  return {
    statusCode: response.statusCode,
    body: response.json<ReservationBody>(),
  };
};

const reservationsOf = async (stationId: number) =>
  (
    await s.context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${stationId}/reservations/`,
      headers: s.headers,
    })
  ).json<{ items: ReservationBody['reservation'][] }>().items;

const answerReserve = (cp: ConformanceChargePoint, status: string) =>
  cp.answer('ReserveNow', (payload) => {
    if (status === 'Accepted') {
      // As a charge point does after accepting; a test that already closed the connection needs no answer.
      setTimeout(() => {
        cp.call('StatusNotification', {
          connectorId: payload.connectorId,
          status: 'Reserved',
          errorCode: 'NoError',
        }).catch(() => undefined);
      }, 20);
    }
    return { status };
  });

describe('Reservation', () => {
  it("TC_046_CSMS Reservation of a Connector - Transaction: ReserveNow, then its driver's StartTransaction uses it", async () => {
    const { id, cp } = await s.booted();
    const userId = await s.driver('OCTT-RESERVE', '500.00');
    answerReserve(cp, 'Accepted');
    const made = await reserve(id, {
      connector_id: 1,
      id_tag: 'OCTT-RESERVE',
      expires_at: iso(30 * 60_000),
    });
    expect(made.statusCode).toBe(201);
    expect(made.body.command).toEqual({
      status: 'accepted',
      response: { status: 'Accepted' },
    });
    const [asked] = cp.receivedOf('ReserveNow');
    expect(asked).toMatchObject({
      connectorId: 1,
      idTag: 'OCTT-RESERVE',
      reservationId: made.body.reservation.id,
    });
    await expect
      .poll(async () => (await s.stateOf(id)).connectors.find((c) => c.connector_id === 1)?.status)
      .toBe('Reserved');
    const started = await cp.call<{
      transactionId: number;
      idTagInfo: { status: string };
    }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-RESERVE',
      meterStart: 0,
      timestamp: iso(),
      reservationId: made.body.reservation.id,
    });
    expect(started.idTagInfo.status).toBe('Accepted');
    const charge = await s.chargeOf(started.transactionId);
    expect(charge?.userId).toBe(userId);
    const [kept] = await reservationsOf(id);
    expect(kept).toMatchObject({ status: 'used', charge_id: charge?.id });
  });

  it("TC_049_CSMS Reservation of a Charge Point - Transaction: ReserveNow of connector 0, its driver's start on any connector uses it", async () => {
    const { id, cp } = await s.booted(2);
    const userId = await s.driver('OCTT-RESERVE-CP', '500.00');
    await s.driver('OCTT-OTHER-CP', '500.00');
    cp.answer('ReserveNow', () => ({ status: 'Accepted' }));
    const made = await reserve(id, { connector_id: 0, id_tag: 'OCTT-RESERVE-CP', expires_at: iso(30 * 60_000) });
    expect(made.statusCode).toBe(201);
    expect(made.body.reservation).toMatchObject({ connector_id: 0, status: 'active' });
    expect(cp.receivedOf('ReserveNow')[0]).toMatchObject({ connectorId: 0, reservationId: made.body.reservation.id });
    // Another driver on connector 1: the charge point keeps the other connector free, the server does not refuse.
    const other = await cp.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-OTHER-CP',
      meterStart: 0,
      timestamp: iso(),
    });
    expect(other.idTagInfo.status).toBe('Accepted');
    expect((await reservationsOf(id))[0]).toMatchObject({ status: 'active' });
    const started = await cp.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 2,
      idTag: 'OCTT-RESERVE-CP',
      meterStart: 0,
      timestamp: iso(),
      reservationId: made.body.reservation.id,
    });
    expect(started.idTagInfo.status).toBe('Accepted');
    const charge = await s.chargeOf(started.transactionId);
    expect(charge?.userId).toBe(userId);
    expect((await reservationsOf(id))[0]).toMatchObject({ status: 'used', charge_id: charge?.id });
  });

  it('TC_047_CSMS Reservation of a Connector - Expire: past its expiry the reservation is expired and frees the connector', async () => {
    const { id, cp } = await s.booted();
    await s.driver('OCTT-RESERVE-EXP', '500.00');
    answerReserve(cp, 'Accepted');
    const made = await reserve(id, {
      connector_id: 1,
      id_tag: 'OCTT-RESERVE-EXP',
      expires_at: iso(700),
    });
    expect(made.body.reservation.status).toBe('active');
    await new Promise((resolve) => setTimeout(resolve, 800));
    // The charge point drops it and says so; another driver may then reserve the connector.
    await cp.call('StatusNotification', {
      connectorId: 1,
      status: 'Available',
      errorCode: 'NoError',
    });
    await s.driver('OCTT-RESERVE-NEXT', '500.00');
    const next = await reserve(id, {
      connector_id: 1,
      id_tag: 'OCTT-RESERVE-NEXT',
      expires_at: iso(30 * 60_000),
    });
    expect(next.statusCode).toBe(201);
    const statuses = Object.fromEntries((await reservationsOf(id)).map((entry) => [entry.id, entry.status]));
    expect(statuses).toEqual({
      [made.body.reservation.id]: 'expired',
      [next.body.reservation.id]: 'active',
    });
  });

  it.each([
    ['TC_048_1_CSMS Reservation of a Connector - Faulted', 'Faulted'],
    ['TC_048_2_CSMS Reservation of a Connector - Occupied', 'Occupied'],
    ['TC_048_3_CSMS Reservation of a Connector - Unavailable', 'Unavailable'],
    ['TC_048_4_CSMS Reservation of a Connector - Rejected', 'Rejected'],
  ])('%s: the refusal is recorded and the reservation rejected', async (_title, answer) => {
    const { id, cp } = await s.booted();
    await s.driver(`OCTT-RES-${answer}`.slice(0, 20), '500.00');
    answerReserve(cp, answer);
    const made = await reserve(id, {
      connector_id: 1,
      id_tag: `OCTT-RES-${answer}`.slice(0, 20),
      expires_at: iso(30 * 60_000),
    });
    expect(made.body.command).toEqual({
      status: 'rejected',
      response: { status: answer },
    });
    expect(made.body.reservation.status).toBe('rejected');
  });

  it('TC_051_CSMS Cancel Reservation: CancelReservation Accepted, the reservation cancelled', async () => {
    const { id, cp } = await s.booted();
    await s.driver('OCTT-RES-CANCEL', '500.00');
    answerReserve(cp, 'Accepted');
    cp.answer('CancelReservation', () => ({ status: 'Accepted' }));
    const made = await reserve(id, {
      connector_id: 1,
      id_tag: 'OCTT-RES-CANCEL',
      expires_at: iso(30 * 60_000),
    });
    const cancelled = await cancel(id, made.body.reservation.id);
    expect(cancelled.body.command).toEqual({
      status: 'accepted',
      response: { status: 'Accepted' },
    });
    expect(cancelled.body.reservation.status).toBe('cancelled');
    expect(cp.receivedOf('CancelReservation')).toEqual([{ reservationId: made.body.reservation.id }]);
  });

  it('TC_052_CSMS Cancel Reservation - Rejected: the charge point holds no such reservation, so it is cancelled here', async () => {
    const { id, cp } = await s.booted();
    await s.driver('OCTT-RES-CANCEL-R', '500.00');
    answerReserve(cp, 'Accepted');
    cp.answer('CancelReservation', () => ({ status: 'Rejected' }));
    const made = await reserve(id, {
      connector_id: 1,
      id_tag: 'OCTT-RES-CANCEL-R',
      expires_at: iso(30 * 60_000),
    });
    const cancelled = await cancel(id, made.body.reservation.id);
    expect(cancelled.body.command).toEqual({
      status: 'rejected',
      response: { status: 'Rejected' },
    });
    expect(cancelled.body.reservation.status).toBe('cancelled');
  });

  it("a reserved connector refuses another driver's StartTransaction (Invalid, nothing booked)", async () => {
    const { id, cp } = await s.booted();
    await s.driver('OCTT-RES-OWNER', '500.00');
    await s.driver('OCTT-RES-OTHER', '500.00');
    answerReserve(cp, 'Accepted');
    await reserve(id, {
      connector_id: 1,
      id_tag: 'OCTT-RES-OWNER',
      expires_at: iso(30 * 60_000),
    });
    const started = await cp.call<{ idTagInfo: { status: string } }>('StartTransaction', {
      connectorId: 1,
      idTag: 'OCTT-RES-OTHER',
      meterStart: 0,
      timestamp: iso(),
    });
    expect(started.idTagInfo.status).toBe('Invalid');
    expect(await s.chargesAt(id)).toEqual([]);
  });
});
