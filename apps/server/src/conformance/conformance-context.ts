/**
 * One running server per conformance file (docs/ocpp-conformance.md): the real app on a fresh embedded database,
 * listening on a free port, with the dashboard calls a test needs (commands, the command log, a charge point's
 * state) and the database reads that show what each scenario left behind.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildAccount, signIn } from '../test/builders';
import { buildMerchant } from '../test/network-builders';
import { buildChargePointStation, listenForChargePoints } from '../test/ocpp-builders';
import { createTestContext, type TestContext } from '../test/test-app';
import { buildEntry, buildUser } from '../test/user-builders';
import { charges } from '../modules/charges';
import { appUsers, balanceEntries } from '../modules/users';
import { ConformanceChargePoint } from './charge-point';

/** The central system's settings the suite runs with (read when the app mounts the ocpp domain). */
export const CONFORMANCE_ENV = {
  OCPP_HEARTBEAT_INTERVAL: '120',
  OCPP_CALL_TIMEOUT_MS: '2000',
  OCPP_MIN_BALANCE: '10.00',
  OCPP_RATE_LIMIT: '500',
} as const;

export interface CommandLogEntry {
  action: string;
  status: string;
  request: unknown;
  response: unknown;
  account: string | null;
}

export interface ChargePointStateBody {
  online: boolean;
  connected: boolean;
  heartbeat_interval: number;
  last_heartbeat: string | null;
  vendor: string | null;
  model: string | null;
  serial_number: string | null;
  firmware_version: string | null;
  connectors: {
    connector_id: number;
    status: string;
    error_code: string;
    info: string | null;
    power_w: number | null;
  }[];
}

export interface Conformance {
  context: TestContext;
  endpoint: string;
  headers: { authorization: string };
  /** A station with `connectors` connectors (OCPP ids 1..n) at 20 som per kWh. */
  station(connectors?: number): Promise<{ id: number; identity: string }>;
  /** The suite's charge point for a station, connected (closed at the end of the file). */
  connect(identity: string): Promise<ConformanceChargePoint>;
  /** A station, its charge point connected and booted (BootNotification accepted), every connector Available. */
  booted(connectors?: number): Promise<{ id: number; identity: string; cp: ConformanceChargePoint }>;
  /** A driver with an RFID id tag and this balance in som. */
  driver(idTag: string, balance: string, options?: { blocked?: boolean }): Promise<number>;
  /** POST /ocpp/stations/{id}/commands/ as a superadmin. */
  command(
    stationId: number,
    action: string,
    payload: object,
  ): Promise<{ statusCode: number; body: { status: string; response: unknown } }>;
  /** The commands staff sent the station, newest first (the server's own, such as its status request, left out). */
  commandLog(stationId: number): Promise<CommandLogEntry[]>;
  stateOf(stationId: number): Promise<ChargePointStateBody>;
  chargeOf(transactionId: number): Promise<typeof charges.$inferSelect | undefined>;
  /** Every charge booked at a station. */
  chargesAt(stationId: number): Promise<(typeof charges.$inferSelect)[]>;
  /** The ledger entries written for a charge. */
  ledgerOf(chargeId: number): Promise<(typeof balanceEntries.$inferSelect)[]>;
  balanceOf(userId: number): Promise<bigint | undefined>;
  close(): Promise<void>;
}

let sequence = 0;

export const startConformance = async (): Promise<Conformance> => {
  Object.assign(process.env, CONFORMANCE_ENV);
  const context = await createTestContext();
  const db = context.database.db;
  const endpoint = await listenForChargePoints(context.app);
  const headers = (await signIn(context.app, await buildAccount(db, { roleKey: 'superadmin' }))).headers;
  const merchantId = (await buildMerchant(db)).id;
  const chargePoints: ConformanceChargePoint[] = [];

  const station = async (connectors = 1) => {
    sequence += 1;
    const built = await buildChargePointStation(db, context.config, {
      merchantId,
      identity: `OCTT-${process.pid}-${sequence}`,
      connectors: Array.from({ length: connectors }, () => ({ evse_id: 1, custom_fee: '20.00' })),
    });
    return { id: built.id, identity: built.identity };
  };

  const connect = async (identity: string) => {
    const cp = new ConformanceChargePoint(identity);
    chargePoints.push(cp);
    return cp.connect(endpoint);
  };

  return {
    context,
    endpoint,
    headers,
    station,
    connect,

    async booted(connectors = 1) {
      const built = await station(connectors);
      const cp = await connect(built.identity);
      // After a boot the server asks for every connector's status (TriggerMessage): answered as a charge point does,
      // the statuses sent before the answer, so that they are in before the test's own.
      answerStatusTrigger(cp, connectors);
      await cp.call('BootNotification', { chargePointVendor: 'OCTT', chargePointModel: 'Conformance' });
      for (let connectorId = 0; connectorId <= connectors; connectorId += 1) {
        await cp.call('StatusNotification', { connectorId, status: 'Available', errorCode: 'NoError' });
      }
      await expect.poll(() => cp.answeredOf('TriggerMessage'), { timeout: 5_000 }).toBeGreaterThan(0);
      return { ...built, cp };
    },

    async driver(idTag, balance, options = {}) {
      const user = await buildUser(db, { status: options.blocked ? 1 : 0, idTags: [{ idTag, kind: 'rfid' }] });
      if (balance !== '0.00') {
        await buildEntry(db, user.id, { credit: balance });
      }
      return user.id;
    },

    async command(stationId, action, payload) {
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/v1/ocpp/stations/${stationId}/commands/`,
        headers,
        payload: { action, payload },
      });
      // The outcome as the charge point gave it (the translated detail and the reboot flag are the API's own).
      const { status, response: answer } = response.json<{ status: string; response: unknown }>();
      return { statusCode: response.statusCode, body: { status, response: answer } };
    },

    async commandLog(stationId) {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/v1/ocpp/stations/${stationId}/commands/?size=50`,
        headers,
      });
      return response.json<{ items: CommandLogEntry[] }>().items.filter((entry) => entry.account !== null);
    },

    async stateOf(stationId) {
      const response = await context.app.inject({ method: 'GET', url: `/api/v1/ocpp/stations/${stationId}/`, headers });
      return response.json<ChargePointStateBody>();
    },

    async chargeOf(transactionId) {
      const [charge] = await db.select().from(charges).where(eq(charges.ocppTransactionId, transactionId));
      return charge;
    },

    chargesAt: (stationId) => db.select().from(charges).where(eq(charges.stationId, stationId)),

    ledgerOf: (chargeId) => db.select().from(balanceEntries).where(eq(balanceEntries.chargeId, chargeId)),

    async balanceOf(userId) {
      const [row] = await db.select({ balance: appUsers.balance }).from(appUsers).where(eq(appUsers.id, userId));
      return row?.balance;
    },

    async close() {
      await Promise.all(chargePoints.map((cp) => cp.close()));
      await context.close();
      for (const key of Object.keys(CONFORMANCE_ENV)) {
        delete process.env[key];
      }
    },
  };
};

/**
 * Answers TriggerMessage(StatusNotification) as a charge point does: Accepted, with the status of connectors 0..n sent
 * first (Available).
 */
export const answerStatusTrigger = (cp: ConformanceChargePoint, connectors: number) =>
  cp.answer('TriggerMessage', async (payload) => {
    if (payload.requestedMessage !== 'StatusNotification') {
      return { status: 'Rejected' };
    }
    const targets =
      typeof payload.connectorId === 'number'
        ? [payload.connectorId]
        : Array.from({ length: connectors + 1 }, (_, index) => index);
    for (const connectorId of targets) {
      await cp.call('StatusNotification', { connectorId, status: 'Available', errorCode: 'NoError' });
    }
    return { status: 'Accepted' };
  });

/** A meter reading of the energy register in Wh, as a charge point samples it. */
export const energyReading = (wh: number, powerW?: number) => ({
  timestamp: new Date().toISOString(),
  sampledValue: [
    { value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
    ...(powerW === undefined ? [] : [{ value: String(powerW), measurand: 'Power.Active.Import', unit: 'W' }]),
  ],
});
