// `npm run simulate -- --stations N`: N simulated OCPP 1.6J charge points connected to a running server, so that a
// fresh demo install shows live status and real charges. Each boots, sends heartbeats and status, now and then runs a
// session with meter values for a demo driver's RFID tag, and answers every feature profile's commands as a real
// charge point does (docs/product/ocpp.md#4-states-and-rules): remote start and stop, reset, availability, unlock,
// configuration, trigger, reservations, the local list, charging profiles (its sessions draw what they allow), firmware
// updates (downloaded, installed, rebooted) and diagnostics (uploaded). Ctrl+C disconnects them.
//
//   --stations N       how many (10)
//   --url URL          the central system (ws://127.0.0.1:$PORT/ocpp, PORT 8080 unless set)
//   --identities a,b   these station identities instead of the demo seed's (ZRD-1-1, ZRD-1-2, ...)
//   --password P       their OCPP password (the demo seed's unless set; SIMULATOR_PASSWORD too)
//   --heartbeat S      heartbeat every S seconds instead of the interval the server gives
//   --session-every S  on average, each charge point starts a session every S seconds (600)
//   --meter-every S    meter values every S seconds during a session (10)
import { parseArgs } from 'node:util';
import {
  DEMO_STATION_PASSWORD,
  demoRfidTags,
  demoStationIdentities,
  SimulatedChargePoint,
} from '@zaryad/server/ocpp-simulator';

const { values } = parseArgs({
  options: {
    stations: { type: 'string', default: '10' },
    url: { type: 'string' },
    identities: { type: 'string' },
    password: { type: 'string' },
    heartbeat: { type: 'string' },
    'session-every': { type: 'string', default: '600' },
    'meter-every': { type: 'string', default: '10' },
  },
});

const wanted = Math.max(1, Number(values.stations) || 10);
const endpoint = values.url ?? `ws://127.0.0.1:${process.env.PORT ?? 8080}/ocpp`;
const password = values.password ?? process.env.SIMULATOR_PASSWORD ?? DEMO_STATION_PASSWORD;
const sessionEveryMs = Math.max(5, Number(values['session-every']) || 600) * 1000;
const meterEveryMs = Math.max(1, Number(values['meter-every']) || 10) * 1000;
const heartbeatMs = values.heartbeat ? Math.max(1, Number(values.heartbeat)) * 1000 : undefined;
const tags = demoRfidTags(400);

const given = values.identities?.split(',').map((identity) => identity.trim());
const identities: Iterator<string> = given ? given.values() : demoStationIdentities();

const points: SimulatedChargePoint[] = [];
let refused = 0;
// Unknown identities are refused at the handshake (404): the demo seed's list is walked until N have connected.
while (points.length < wanted && refused < wanted * 10 + 50) {
  const next = identities.next();
  if (next.done) {
    break;
  }
  const point = new SimulatedChargePoint({
    endpoint,
    identity: next.value,
    password,
    heartbeatMs,
    meterEveryMs,
    reconnect: true,
  });
  try {
    await point.connect();
    await point.boot();
    points.push(point);
  } catch (error) {
    refused += 1;
    await point.close().catch(() => undefined);
    if (refused === 1) {
      console.warn(`${next.value}: ${(error as Error).message} (trying the next identities)`);
    }
  }
}
console.log(
  `${points.length} charge points connected to ${endpoint}${refused ? ` (${refused} identities refused)` : ''}.`,
);
if (points.length === 0) {
  process.exit(1);
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;

/** A session with the first demo tag the central system accepts (a few tries), for one to five minutes. */
const runSession = async (point: SimulatedChargePoint) => {
  // Not while a session (a remote start too) runs there or the connector is reserved.
  if (point.hasSession(1) || point.reservationOf(1)) {
    return;
  }
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const transactionId = await point.startSession(1, pick(tags), { meterEveryMs }).catch(() => null);
    if (transactionId !== null) {
      console.log(`${point.identity}: session ${transactionId} started`);
      const minutes = 1 + Math.random() * 4;
      setTimeout(() => {
        void point
          .stopSession(1, 'EVDisconnected')
          .then(() => console.log(`${point.identity}: session ${transactionId} finished`))
          .catch(() => undefined);
      }, minutes * 60_000);
      return;
    }
  }
};

// Each charge point starts a session now and then (an exponential wait around --session-every).
const schedule = (point: SimulatedChargePoint) => {
  const wait = -Math.log(1 - Math.random()) * sessionEveryMs;
  setTimeout(() => {
    void runSession(point).finally(() => schedule(point));
  }, wait);
};
for (const point of points) {
  schedule(point);
}

const stop = async () => {
  console.log('disconnecting the charge points');
  await Promise.all(points.map((point) => point.close().catch(() => undefined)));
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
