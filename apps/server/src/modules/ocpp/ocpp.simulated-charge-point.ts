/**
 * A simulated OCPP 1.6J charge point, as a real one behaves toward the central system: it boots, sends heartbeats at
 * the interval it is given and its connectors' status, runs sessions (Authorize, StartTransaction, MeterValues,
 * StopTransaction), and answers Reset and RemoteStopTransaction. `npm run simulate`, `npm run bench:ocpp` and the
 * end-to-end tests drive it (package export `@zaryad/server/ocpp-simulator`).
 */
import { RPCClient } from './ocpp-rpc';

export interface SimulatedChargePointOptions {
  /** `ws://host:port/ocpp` */
  endpoint: string;
  identity: string;
  password: string;
  /** OCPP connectorIds of its connectors (their ocpp_16_id): 1 unless told. */
  connectors?: number[];
  /** Heartbeats at this interval instead of the one BootNotification.conf gives (the benchmark's 10 s). */
  heartbeatMs?: number;
  /** Reconnect after a drop, as a real charge point does (the simulator and the benchmark's restart). */
  reconnect?: boolean;
  callTimeoutMs?: number;
}

interface RunningSession {
  transactionId: number;
  connectorId: number;
  meterWh: number;
  powerW: number;
  timer: NodeJS.Timeout;
}

type TClient = InstanceType<typeof RPCClient>;

export class SimulatedChargePoint {
  readonly identity: string;
  readonly client: TClient;
  private readonly connectors: number[];
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private readonly sessions = new Map<number, RunningSession>();
  /** The meter of each connector keeps counting across sessions, as a real energy register does. */
  private readonly registers = new Map<number, number>();
  /** Heartbeat round trips in milliseconds, for the benchmark. */
  readonly heartbeatTimes: number[] = [];
  /** Calls sent whose answer never came (the benchmark's "no message lost"). */
  lost = 0;
  sent = 0;

  constructor(private readonly options: SimulatedChargePointOptions) {
    this.identity = options.identity;
    this.connectors = options.connectors ?? [1];
    this.client = new RPCClient({
      endpoint: options.endpoint,
      identity: options.identity,
      password: options.password,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: options.reconnect ?? false,
      callTimeoutMs: options.callTimeoutMs ?? 30_000,
      maxReconnects: Infinity,
      backoff: { initialDelay: 500, maxDelay: 5_000, factor: 2, randomisationFactor: 0.5 },
    } as never);
    this.client.handle('Reset', async () => {
      setTimeout(() => void this.reboot(), 200).unref();
      return { status: 'Accepted' };
    });
    this.client.handle('RemoteStopTransaction', async ({ params }) => {
      const transactionId = (params as { transactionId: number }).transactionId;
      const session = [...this.sessions.values()].find((running) => running.transactionId === transactionId);
      if (!session) {
        return { status: 'Rejected' };
      }
      setTimeout(() => void this.stopSession(session.connectorId, 'Remote').catch(() => undefined), 100).unref();
      return { status: 'Accepted' };
    });
    this.client.handle('TriggerMessage', async ({ params }) => {
      const requested = (params as { requestedMessage: string }).requestedMessage;
      setTimeout(() => {
        if (requested === 'Heartbeat') {
          void this.heartbeat().catch(() => undefined);
        } else if (requested === 'StatusNotification') {
          void this.reportAll().catch(() => undefined);
        }
      }, 50).unref();
      return { status: ['Heartbeat', 'StatusNotification'].includes(requested) ? 'Accepted' : 'NotImplemented' };
    });
    this.client.handle('ChangeAvailability', async ({ params }) => {
      const { connectorId, type } = params as { connectorId: number; type: string };
      const status = type === 'Inoperative' ? 'Unavailable' : 'Available';
      setTimeout(() => {
        const targets = connectorId === 0 ? [0, ...this.connectors] : [connectorId];
        for (const target of targets) {
          void this.status(target, status).catch(() => undefined);
        }
      }, 50).unref();
      return { status: 'Accepted' };
    });
    this.client.handle('UnlockConnector', async () => ({ status: 'Unlocked' }));
    this.client.handle('GetConfiguration', async () => ({
      configurationKey: [
        {
          key: 'HeartbeatInterval',
          readonly: false,
          value: String(Math.round((options.heartbeatMs ?? 300_000) / 1000)),
        },
        { key: 'MeterValueSampleInterval', readonly: false, value: '10' },
      ],
    }));
    this.client.handle('ChangeConfiguration', async () => ({ status: 'Accepted' }));
    this.client.on('open', () => {
      // After a reconnect (a server restart) a charge point boots again and tells its status.
      if (this.booted) {
        void this.boot().catch(() => undefined);
      }
    });
  }

  private booted = false;

  private async call<T>(action: string, payload: object): Promise<T> {
    this.sent += 1;
    try {
      return (await this.client.call(action, payload)) as T;
    } catch (error) {
      this.lost += 1;
      throw error;
    }
  }

  async connect() {
    await this.client.connect();
  }

  /** BootNotification, heartbeats from then on, and every connector's status. */
  async boot() {
    const answer = await this.call<{ status: string; interval: number }>('BootNotification', {
      chargePointVendor: 'Zaryad',
      chargePointModel: 'SIM-60',
      chargePointSerialNumber: `SIM-${this.identity}`.slice(0, 25),
      firmwareVersion: '1.0.0-sim',
    });
    this.booted = true;
    if (this.heartbeatTimer) {
      clearInterval(this.heartbeatTimer);
    }
    const every = this.options.heartbeatMs ?? Math.max(answer.interval, 1) * 1000;
    this.heartbeatTimer = setInterval(() => void this.heartbeat().catch(() => undefined), every);
    this.heartbeatTimer.unref();
    await this.reportAll();
    return answer;
  }

  async heartbeat() {
    const started = performance.now();
    await this.call('Heartbeat', {});
    this.heartbeatTimes.push(performance.now() - started);
  }

  async status(connectorId: number, status: string, errorCode = 'NoError') {
    await this.call('StatusNotification', { connectorId, status, errorCode, timestamp: new Date().toISOString() });
  }

  private async reportAll() {
    await this.status(0, 'Available');
    for (const connectorId of this.connectors) {
      await this.status(connectorId, this.sessions.has(connectorId) ? 'Charging' : 'Available');
    }
  }

  /**
   * A session on a connector for an id tag: Authorize first; only when accepted Preparing, StartTransaction, Charging,
   * and meter values every `meterEveryMs`. Answers the transaction id, or null when the tag is not accepted.
   */
  async startSession(connectorId: number, idTag: string, options: { powerW?: number; meterEveryMs?: number } = {}) {
    const authorized = await this.call<{ idTagInfo: { status: string } }>('Authorize', { idTag });
    if (authorized.idTagInfo.status !== 'Accepted') {
      return null;
    }
    await this.status(connectorId, 'Preparing');
    const meterStart = this.registers.get(connectorId) ?? 100_000;
    const started = await this.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId,
      idTag,
      meterStart,
      timestamp: new Date().toISOString(),
    });
    if (started.idTagInfo.status !== 'Accepted') {
      await this.status(connectorId, 'Available');
      return null;
    }
    await this.status(connectorId, 'Charging');
    const powerW = options.powerW ?? 22_000;
    const every = options.meterEveryMs ?? 10_000;
    const session: RunningSession = {
      transactionId: started.transactionId,
      connectorId,
      meterWh: meterStart,
      powerW,
      timer: setInterval(() => {
        session.meterWh += Math.round((powerW * every) / 3_600_000);
        void this.call('MeterValues', {
          connectorId,
          transactionId: session.transactionId,
          meterValue: [
            {
              timestamp: new Date().toISOString(),
              sampledValue: [
                { value: String(session.meterWh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
                { value: String(powerW), measurand: 'Power.Active.Import', unit: 'W' },
              ],
            },
          ],
        }).catch(() => undefined);
      }, every),
    };
    session.timer.unref();
    this.sessions.set(connectorId, session);
    return started.transactionId;
  }

  /** Ends the session on a connector: Finishing, StopTransaction with the meter, Available. */
  async stopSession(connectorId: number, reason: 'Local' | 'Remote' | 'EVDisconnected' = 'Local') {
    const session = this.sessions.get(connectorId);
    if (!session) {
      return;
    }
    clearInterval(session.timer);
    this.sessions.delete(connectorId);
    this.registers.set(connectorId, session.meterWh);
    await this.status(connectorId, 'Finishing');
    await this.call('StopTransaction', {
      transactionId: session.transactionId,
      meterStop: session.meterWh,
      timestamp: new Date().toISOString(),
      reason,
    });
    await this.status(connectorId, 'Available');
  }

  hasSession(connectorId: number) {
    return this.sessions.has(connectorId);
  }

  /** A restart after Reset: sessions end as a real charge point ends them, then it boots again. */
  private async reboot() {
    for (const connectorId of [...this.sessions.keys()]) {
      await this.stopSession(connectorId, 'Local').catch(() => undefined);
    }
    await this.boot().catch(() => undefined);
  }

  async close() {
    if (this.heartbeatTimer) {
      clearInterval(this.heartbeatTimer);
    }
    for (const session of this.sessions.values()) {
      clearInterval(session.timer);
    }
    this.sessions.clear();
    await this.client.close({ force: true });
  }
}

export { DEMO_STATION_PASSWORD } from '../stations';

/** Identities of the demo seed's stations (stations.seed.ts): `ZRD-{merchant}-{n}`, 2 to 5 per merchant, in order. */
export function* demoStationIdentities(): Generator<string> {
  for (let merchant = 1; merchant < 100_000; merchant += 1) {
    const count = 2 + ((merchant * 7) % 4);
    for (let index = 1; index <= count; index += 1) {
      yield `ZRD-${merchant}-${index}`;
    }
  }
}

const hex32 = (value: number) => (value >>> 0).toString(16).toUpperCase().padStart(8, '0');

/**
 * RFID id tags of the demo seed's drivers (users.seed.ts gives driver i this tag when it gives one): some drivers have
 * none, so a charge point that tries one gets Invalid and tries the next, as a driver with a wrong card would.
 */
export const demoRfidTags = (count: number) =>
  Array.from({ length: count }, (_, index) => hex32(Math.imul(index, 0x9e3779b1) ^ 0x5a17c3e1));

// The benchmark seals its stations' password as the server will read it (STATION_SECRET_KEY).
export { createStationSecrets } from '../stations';
