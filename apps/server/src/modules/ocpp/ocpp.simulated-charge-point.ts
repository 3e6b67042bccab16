/**
 * A simulated OCPP 1.6J charge point, as a real one behaves toward the central system: it boots, sends heartbeats at
 * the interval it is given and its connectors' status, runs sessions (Authorize, StartTransaction, MeterValues,
 * StopTransaction), and answers every feature profile's commands (docs/product/ocpp.md#4-states-and-rules): Core
 * (Reset, remote start and stop, availability, unlock, configuration, cache, data transfer), Remote Trigger,
 * Reservation, Local Auth List Management, Smart Charging (its sessions draw no more than the profiles allow) and
 * Firmware Management (ocpp.simulated-files.ts: it downloads firmware and uploads diagnostics over HTTP).
 * `npm run simulate`, `npm run bench:ocpp` and the end-to-end tests drive it (package export
 * `@zaryad/server/ocpp-simulator`).
 */
import { ocppRpc } from './ocpp-rpc';
import { answerFileCommands } from './ocpp.simulated-files';
import {
  type ChargingProfile,
  clearProfiles,
  compositeSchedule,
  type InstalledProfile,
  installProfile,
  limitedPowerW,
  type TChargingRateUnit,
} from './ocpp.simulated-smart-charging';

export interface SimulatedChargePointOptions {
  /** `ws://host:port/ocpp` */
  endpoint: string;
  identity: string;
  password: string;
  /** OCPP connectorIds of its connectors (their ocpp_16_id): 1 unless told. */
  connectors?: number[];
  /** Heartbeats at this interval instead of the one BootNotification.conf gives (the benchmark's 10 s). */
  heartbeatMs?: number;
  /** Meter values every this often during a session started remotely (MeterValueSampleInterval): 10 s unless told. */
  meterEveryMs?: number;
  /** Reconnect after a drop, as a real charge point does (the simulator and the benchmark's restart). */
  reconnect?: boolean;
  callTimeoutMs?: number;
  /**
   * A BootNotification that fails (an error answered, no answer in time) is sent again after about this long while the
   * connection stays open, as a real charge point retries its boot (5 s, spread ±50 %).
   */
  bootRetryMs?: number;
  /** Told whenever its sessions or charging profiles change (tests check the power drawn at every step). */
  onChange?: (point: SimulatedChargePoint) => void;
}

interface RunningSession {
  transactionId: number;
  connectorId: number;
  startedAt: number;
  meterWh: number;
  /** What the car would draw; the charging profiles may allow less. */
  powerW: number;
  timer: NodeJS.Timeout;
}

/** A connector held for a driver (ReserveNow) until its expiry. */
interface HeldReservation {
  reservationId: number;
  connectorId: number;
  idTag: string;
  parentIdTag?: string;
  timer: NodeJS.Timeout;
}

interface IdTagInfo {
  status: string;
  expiryDate?: string;
  parentIdTag?: string;
}

/** The configuration keys it reports; the read-only ones refuse ChangeConfiguration. */
const READ_ONLY_KEYS = new Set([
  'NumberOfConnectors',
  'SupportedFeatureProfiles',
  'LocalAuthListMaxLength',
  'SendLocalListMaxLength',
  'ChargeProfileMaxStackLevel',
  'ChargingScheduleAllowedChargingRateUnit',
  'MaxChargingProfilesInstalled',
]);

type TClient = InstanceType<ReturnType<typeof ocppRpc>['RPCClient']>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** StopTransaction's reasons for a session a restart ends. */
type TRestartReason = 'HardReset' | 'SoftReset' | 'Reboot';

export class SimulatedChargePoint {
  readonly identity: string;
  readonly client: TClient;
  readonly connectors: number[];
  /** Reported in BootNotification; an installed firmware update changes it. */
  firmwareVersion = '1.0.0-sim';
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private readonly sessions = new Map<number, RunningSession>();
  /** Reservations by connector (ReserveNow). */
  private readonly reservations = new Map<number, HeldReservation>();
  /** The local authorization list (SendLocalList) and its version; 0 while empty. */
  readonly localList = { version: 0, entries: new Map<string, IdTagInfo>() };
  /** Charging profiles installed (SetChargingProfile). */
  readonly profiles: InstalledProfile[] = [];
  /** The status it last reported of each connector. */
  private readonly reported = new Map<number, { status: string; errorCode: string }>();
  /** Connectors where a session is being started (between Authorize and Charging). */
  private readonly starting = new Set<number>();
  /** Connectors made Inoperative (ChangeAvailability). */
  private readonly inoperative = new Set<number>();
  private readonly configuration: Map<string, string>;
  /** The meter of each connector keeps counting across sessions, as a real energy register does. */
  private readonly registers = new Map<number, number>();
  /** Heartbeat round trips in milliseconds, for the benchmark. */
  readonly heartbeatTimes: number[] = [];
  /** MeterValues round trips in milliseconds and how many were sent, for the benchmark. */
  readonly meterTimes: number[] = [];
  meterSent = 0;
  /** Calls sent whose answer never came (the benchmark's "no message lost"). */
  lost = 0;
  sent = 0;
  /** Calls sent and not answered yet. */
  inFlight = 0;

  constructor(private readonly options: SimulatedChargePointOptions) {
    this.identity = options.identity;
    this.connectors = options.connectors ?? [1];
    this.client = new (ocppRpc().RPCClient)({
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
    this.configuration = new Map([
      ['HeartbeatInterval', String(Math.round((options.heartbeatMs ?? 300_000) / 1000))],
      ['MeterValueSampleInterval', String(Math.max(1, Math.round((options.meterEveryMs ?? 10_000) / 1000)))],
      ['AuthorizeRemoteTxRequests', 'true'],
      ['LocalAuthListEnabled', 'true'],
      ['NumberOfConnectors', String(this.connectors.length)],
      [
        'SupportedFeatureProfiles',
        'Core,FirmwareManagement,LocalAuthListManagement,Reservation,SmartCharging,RemoteTrigger',
      ],
      ['LocalAuthListMaxLength', '10000'],
      ['SendLocalListMaxLength', '10000'],
      ['ChargeProfileMaxStackLevel', '10'],
      ['ChargingScheduleAllowedChargingRateUnit', 'Current,Power'],
      ['MaxChargingProfilesInstalled', '20'],
    ]);
    this.answerCore();
    this.answerReservations();
    this.answerLocalList();
    this.answerSmartCharging();
    answerFileCommands(this);
    this.client.on('open', () => {
      // After a reconnect (a server restart) a charge point boots again and tells its status.
      if (this.booted) {
        void this.boot().catch(() => undefined);
      }
    });
  }

  private booted = false;

  /** Answers the server's `action` calls (ocpp-rpc validates them and the answers against the 1.6 schemas). */
  answer<T extends object>(action: string, handler: (params: T) => object | Promise<object>) {
    this.client.handle(action, async ({ params }) => handler(params as T));
  }

  /** After answering: a moment later, as a charge point acts on a command once it has replied. */
  later(work: () => Promise<unknown>, ms = 50) {
    setTimeout(() => void work().catch(() => undefined), ms).unref();
  }

  private answerCore() {
    this.answer<{ type: 'Hard' | 'Soft' }>('Reset', ({ type }) => {
      this.later(() => this.restart(type === 'Hard' ? 'HardReset' : 'SoftReset'), 200);
      return { status: 'Accepted' };
    });
    this.answer<{ connectorId?: number; idTag: string; chargingProfile?: ChargingProfile }>(
      'RemoteStartTransaction',
      ({ connectorId, idTag, chargingProfile }) => {
        const free = (id: number) =>
          !this.sessions.has(id) &&
          !this.starting.has(id) &&
          !this.inoperative.has(id) &&
          (!this.reservations.has(id) || this.reservations.get(id)?.idTag === idTag);
        const target = connectorId === undefined ? this.connectors.find(free) : connectorId;
        if (target === undefined || !this.connectors.includes(target) || !free(target)) {
          return { status: 'Rejected' };
        }
        this.later(() => this.startSession(target, idTag, { meterEveryMs: this.meterEveryMs(), chargingProfile }));
        return { status: 'Accepted' };
      },
    );
    this.answer<{ transactionId: number }>('RemoteStopTransaction', ({ transactionId }) => {
      const session = [...this.sessions.values()].find((running) => running.transactionId === transactionId);
      if (!session) {
        return { status: 'Rejected' };
      }
      this.later(() => this.stopSession(session.connectorId, 'Remote'), 100);
      return { status: 'Accepted' };
    });
    this.answer<{ requestedMessage: string; connectorId?: number }>(
      'TriggerMessage',
      ({ requestedMessage, connectorId }) => {
        const triggers: Record<string, () => Promise<unknown>> = {
          BootNotification: () => this.boot(),
          Heartbeat: () => this.heartbeat(),
          StatusNotification: () => this.reportAgain(connectorId),
          MeterValues: () => this.sendMeterValues(connectorId),
          FirmwareStatusNotification: () => this.call('FirmwareStatusNotification', { status: this.firmwareStatus }),
          DiagnosticsStatusNotification: () =>
            this.call('DiagnosticsStatusNotification', { status: this.diagnosticsStatus }),
        };
        const trigger = triggers[requestedMessage];
        if (!trigger) {
          return { status: 'NotImplemented' };
        }
        this.later(trigger);
        return { status: 'Accepted' };
      },
    );
    this.answer<{ connectorId: number; type: string }>('ChangeAvailability', ({ connectorId, type }) => {
      const targets = connectorId === 0 ? [0, ...this.connectors] : [connectorId];
      if (connectorId !== 0 && !this.connectors.includes(connectorId)) {
        return { status: 'Rejected' };
      }
      for (const target of targets) {
        if (type === 'Inoperative') {
          this.inoperative.add(target);
        } else {
          this.inoperative.delete(target);
        }
      }
      // A connector charging now changes once its session ends.
      const busy = targets.some((target) => this.sessions.has(target));
      this.later(async () => {
        for (const target of targets) {
          if (!this.sessions.has(target)) {
            await this.status(target, this.statusOf(target));
          }
        }
      });
      return { status: busy ? 'Scheduled' : 'Accepted' };
    });
    this.answer<{ connectorId: number }>('UnlockConnector', ({ connectorId }) => {
      if (!this.connectors.includes(connectorId)) {
        return { status: 'NotSupported' };
      }
      if (this.sessions.has(connectorId)) {
        this.later(() => this.stopSession(connectorId, 'UnlockCommand'));
      }
      return { status: 'Unlocked' };
    });
    this.answer<{ key?: string[] }>('GetConfiguration', ({ key }) => {
      const asked = key && key.length > 0 ? key : [...this.configuration.keys()];
      return {
        configurationKey: asked
          .filter((name) => this.configuration.has(name))
          .map((name) => ({ key: name, readonly: READ_ONLY_KEYS.has(name), value: this.configuration.get(name) })),
        ...(key && key.some((name) => !this.configuration.has(name))
          ? { unknownKey: key.filter((name) => !this.configuration.has(name)) }
          : {}),
      };
    });
    this.answer<{ key: string; value: string }>('ChangeConfiguration', ({ key, value }) => {
      if (!this.configuration.has(key)) {
        return { status: 'NotSupported' };
      }
      if (READ_ONLY_KEYS.has(key)) {
        return { status: 'Rejected' };
      }
      const numeric = ['HeartbeatInterval', 'MeterValueSampleInterval'].includes(key);
      if (numeric && !/^\d{1,6}$/.test(value)) {
        return { status: 'Rejected' };
      }
      this.configuration.set(key, value);
      if (key === 'HeartbeatInterval' && this.options.heartbeatMs === undefined) {
        this.scheduleHeartbeats(Math.max(1, Number(value)) * 1000);
      }
      return { status: 'Accepted' };
    });
    this.answer('ClearCache', () => ({ status: 'Accepted' }));
    this.answer<{ vendorId: string; messageId?: string; data?: string }>('DataTransfer', ({ vendorId, data }) =>
      vendorId === 'Zaryad' ? { status: 'Accepted', data: data ?? '' } : { status: 'UnknownVendorId' },
    );
  }

  private answerReservations() {
    this.answer<{
      connectorId: number;
      expiryDate: string;
      idTag: string;
      parentIdTag?: string;
      reservationId: number;
    }>('ReserveNow', ({ connectorId, expiryDate, idTag, parentIdTag, reservationId }) => {
      // Connector 0: any free one (a reservation of the charge point).
      const target = connectorId === 0 ? this.connectors.find((id) => !this.sessions.has(id)) : connectorId;
      if (target === undefined || !this.connectors.includes(target)) {
        return { status: 'Rejected' };
      }
      if (this.inoperative.has(target)) {
        return { status: 'Unavailable' };
      }
      const held = this.reservations.get(target);
      if (this.sessions.has(target) || (held && held.reservationId !== reservationId)) {
        return { status: 'Occupied' };
      }
      this.dropReservation(target);
      const expiresIn = Math.max(0, Date.parse(expiryDate) - Date.now());
      const timer = setTimeout(
        () => {
          if (this.reservations.get(target)?.reservationId === reservationId) {
            this.reservations.delete(target);
            void this.status(target, this.statusOf(target)).catch(() => undefined);
          }
        },
        Math.min(expiresIn, 2_147_483_647),
      );
      timer.unref();
      this.reservations.set(target, { reservationId, connectorId: target, idTag, parentIdTag, timer });
      this.later(() => this.status(target, 'Reserved'));
      return { status: 'Accepted' };
    });
    this.answer<{ reservationId: number }>('CancelReservation', ({ reservationId }) => {
      const held = [...this.reservations.values()].find((entry) => entry.reservationId === reservationId);
      if (!held) {
        return { status: 'Rejected' };
      }
      this.dropReservation(held.connectorId);
      this.later(() => this.status(held.connectorId, this.statusOf(held.connectorId)));
      return { status: 'Accepted' };
    });
  }

  private dropReservation(connectorId: number) {
    const held = this.reservations.get(connectorId);
    if (held) {
      clearTimeout(held.timer);
      this.reservations.delete(connectorId);
    }
    return held;
  }

  /** The reservation a connector holds, if any. */
  reservationOf(connectorId: number) {
    const held = this.reservations.get(connectorId);
    return held ? { reservationId: held.reservationId, idTag: held.idTag } : null;
  }

  private answerLocalList() {
    this.answer('GetLocalListVersion', () => ({ listVersion: this.localList.version }));
    this.answer<{
      listVersion: number;
      updateType: 'Full' | 'Differential';
      localAuthorizationList?: { idTag: string; idTagInfo?: IdTagInfo }[];
    }>('SendLocalList', ({ listVersion, updateType, localAuthorizationList = [] }) => {
      if (localAuthorizationList.length > 10_000) {
        return { status: 'Failed' };
      }
      if (updateType === 'Differential' && listVersion <= this.localList.version) {
        return { status: 'VersionMismatch' };
      }
      if (updateType === 'Full') {
        this.localList.entries.clear();
      }
      for (const entry of localAuthorizationList) {
        if (entry.idTagInfo) {
          this.localList.entries.set(entry.idTag, entry.idTagInfo);
        } else {
          this.localList.entries.delete(entry.idTag);
        }
      }
      // An empty full list empties it: version 0 again.
      this.localList.version = updateType === 'Full' && localAuthorizationList.length === 0 ? 0 : listVersion;
      return { status: 'Accepted' };
    });
  }

  private answerSmartCharging() {
    this.answer<{ connectorId: number; csChargingProfiles: ChargingProfile }>(
      'SetChargingProfile',
      ({ connectorId, csChargingProfiles }) => {
        if (connectorId !== 0 && !this.connectors.includes(connectorId)) {
          return { status: 'Rejected' };
        }
        const session = this.sessions.get(connectorId);
        if (
          csChargingProfiles.chargingProfilePurpose === 'TxProfile' &&
          csChargingProfiles.transactionId !== undefined &&
          session?.transactionId !== csChargingProfiles.transactionId
        ) {
          return { status: 'Rejected' };
        }
        const status = installProfile(this.profiles, connectorId, csChargingProfiles, session !== undefined);
        this.options.onChange?.(this);
        return { status };
      },
    );
    this.answer<{ id?: number; connectorId?: number; chargingProfilePurpose?: string; stackLevel?: number }>(
      'ClearChargingProfile',
      (criteria) => {
        const status = clearProfiles(this.profiles, criteria);
        this.options.onChange?.(this);
        return { status };
      },
    );
    this.answer<{ connectorId: number; duration: number; chargingRateUnit?: TChargingRateUnit }>(
      'GetCompositeSchedule',
      ({ connectorId, duration, chargingRateUnit }) => {
        if (connectorId !== 0 && !this.connectors.includes(connectorId)) {
          return { status: 'Rejected' };
        }
        const session = this.sessions.get(connectorId);
        const schedule = compositeSchedule(
          this.profiles,
          connectorId,
          duration,
          chargingRateUnit ?? 'W',
          session ? { id: session.transactionId, startedAt: session.startedAt } : null,
        );
        return schedule
          ? {
              status: 'Accepted',
              connectorId,
              scheduleStart: schedule.startSchedule,
              chargingSchedule: schedule,
            }
          : { status: 'Accepted', connectorId };
      },
    );
  }

  /** The power a session on this connector draws now, under the charging profiles. */
  powerOf(connectorId: number) {
    const session = this.sessions.get(connectorId);
    if (!session) {
      return 0;
    }
    return this.profiles.length === 0
      ? session.powerW
      : limitedPowerW(this.profiles, connectorId, session.powerW, {
          id: session.transactionId,
          startedAt: session.startedAt,
        });
  }

  /** The last FirmwareStatusNotification and DiagnosticsStatusNotification it sent (TriggerMessage repeats them). */
  firmwareStatus = 'Idle';
  diagnosticsStatus = 'Idle';

  private meterEveryMs() {
    return Math.max(1, Number(this.configuration.get('MeterValueSampleInterval')) || 10) * 1000;
  }

  /** What StatusNotification says of a connector now. */
  private statusOf(connectorId: number) {
    if (this.inoperative.has(connectorId)) {
      return 'Unavailable';
    }
    if (this.sessions.has(connectorId)) {
      return 'Charging';
    }
    return this.reservations.has(connectorId) ? 'Reserved' : 'Available';
  }

  /** Sends a call, counted for the benchmark (sent, and lost when no answer came). */
  async call<T>(action: string, payload: object): Promise<T> {
    this.sent += 1;
    this.inFlight += 1;
    try {
      return (await this.client.call(action, payload)) as T;
    } catch (error) {
      this.lost += 1;
      throw error;
    } finally {
      this.inFlight -= 1;
    }
  }

  async connect() {
    await this.client.connect();
  }

  /** The boot under way (one at a time: a reconnect while a Pending boot waits joins it). */
  private booting: Promise<{ status: string; interval: number }> | null = null;

  /**
   * BootNotification, heartbeats from then on, and every connector's status. Pending or Rejected is tried again after
   * the interval the central system gave (OCPP 1.6, 4.2: how a central system spreads a network's boots), and nothing
   * else is sent meanwhile.
   */
  boot() {
    this.booting ??= this.bootUntilAccepted().finally(() => {
      this.booting = null;
    });
    return this.booting;
  }

  private async bootUntilAccepted() {
    for (;;) {
      let answer: { status: string; interval: number };
      try {
        answer = await this.call<{ status: string; interval: number }>('BootNotification', {
          chargePointVendor: 'Zaryad',
          chargePointModel: 'SIM-60',
          chargePointSerialNumber: `SIM-${this.identity}`.slice(0, 25),
          firmwareVersion: this.firmwareVersion,
        });
      } catch (error) {
        // A closed connection ends this boot: the next `open` boots again (the constructor's handler).
        if (this.client.state !== ocppRpc().RPCClient.OPEN) {
          throw error;
        }
        const retryMs = this.options.bootRetryMs ?? 5_000;
        await pause(retryMs * (0.5 + Math.random()));
        continue;
      }
      if (answer.status !== 'Accepted') {
        // An interval of 0 leaves the wait to the charge point: a few seconds, spread.
        const waitMs = answer.interval > 0 ? answer.interval * 1000 : 2_000 + Math.random() * 3_000;
        await pause(waitMs);
        continue;
      }
      this.booted = true;
      this.configuration.set('HeartbeatInterval', String(Math.max(answer.interval, 1)));
      this.scheduleHeartbeats(this.options.heartbeatMs ?? Math.max(answer.interval, 1) * 1000);
      await this.reportAll();
      return answer;
    }
  }

  private scheduleHeartbeats(every: number) {
    if (this.heartbeatTimer) {
      clearInterval(this.heartbeatTimer);
    }
    this.heartbeatTimer = setInterval(() => void this.heartbeat().catch(() => undefined), every);
    this.heartbeatTimer.unref();
  }

  async heartbeat() {
    const started = performance.now();
    await this.call('Heartbeat', {});
    this.heartbeatTimes.push(performance.now() - started);
  }

  async status(connectorId: number, status: string, errorCode = 'NoError') {
    this.reported.set(connectorId, { status, errorCode });
    await this.call('StatusNotification', { connectorId, status, errorCode, timestamp: new Date().toISOString() });
  }

  /** What it last told of each connector (or of the one given) told again, as TriggerMessage asks. */
  private async reportAgain(connectorId?: number) {
    const targets = connectorId === undefined ? [0, ...this.connectors] : [connectorId];
    for (const target of targets) {
      const last = this.reported.get(target);
      await this.status(target, last?.status ?? this.statusOf(target), last?.errorCode);
    }
  }

  private async reportAll() {
    await this.status(0, this.inoperative.has(0) ? 'Unavailable' : 'Available');
    for (const connectorId of this.connectors) {
      await this.status(connectorId, this.statusOf(connectorId));
    }
  }

  /** MeterValues of the running sessions (of one connector when given), as a trigger asks. */
  private async sendMeterValues(connectorId?: number) {
    for (const session of this.sessions.values()) {
      if (connectorId === undefined || session.connectorId === connectorId) {
        await this.meterValues(session, this.powerOf(session.connectorId));
      }
    }
  }

  private async meterValues(session: RunningSession, powerW: number) {
    const started = performance.now();
    this.meterSent += 1;
    await this.call('MeterValues', {
      connectorId: session.connectorId,
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
    });
    this.meterTimes.push(performance.now() - started);
  }

  /**
   * Stops sending the running sessions' meter values (the benchmark, before it checks what was booked): answers each
   * session's transaction id and the meter value it last sent.
   */
  pauseMeterValues(): [number, number][] {
    return [...this.sessions.values()].map((session) => {
      clearInterval(session.timer);
      return [session.transactionId, session.meterWh];
    });
  }

  /**
   * A session on a connector for an id tag: Authorize first; only when accepted Preparing, StartTransaction (with the
   * reservation it holds for that tag), Charging, and meter values every `meterEveryMs` at the power the charging
   * profiles allow. Answers the transaction id, or null when the tag is not accepted or the connector is reserved for
   * another.
   */
  async startSession(
    connectorId: number,
    idTag: string,
    options: { powerW?: number; meterEveryMs?: number; chargingProfile?: ChargingProfile } = {},
  ) {
    this.starting.add(connectorId);
    try {
      return await this.runSession(connectorId, idTag, options);
    } finally {
      this.starting.delete(connectorId);
    }
  }

  private async runSession(
    connectorId: number,
    idTag: string,
    options: { powerW?: number; meterEveryMs?: number; chargingProfile?: ChargingProfile },
  ) {
    const reserved = this.reservations.get(connectorId);
    if (reserved && reserved.idTag !== idTag && reserved.parentIdTag === undefined) {
      return null;
    }
    const authorized = await this.call<{ idTagInfo: IdTagInfo }>('Authorize', { idTag });
    if (authorized.idTagInfo.status !== 'Accepted') {
      return null;
    }
    if (reserved && reserved.idTag !== idTag && authorized.idTagInfo.parentIdTag !== reserved.parentIdTag) {
      return null;
    }
    await this.status(connectorId, 'Preparing');
    const meterStart = this.registers.get(connectorId) ?? 100_000;
    const held = reserved ? this.dropReservation(connectorId) : undefined;
    const started = await this.call<{ transactionId: number; idTagInfo: { status: string } }>('StartTransaction', {
      connectorId,
      idTag,
      meterStart,
      timestamp: new Date().toISOString(),
      ...(held ? { reservationId: held.reservationId } : {}),
    });
    if (started.idTagInfo.status !== 'Accepted') {
      await this.status(connectorId, 'Available');
      return null;
    }
    const every = options.meterEveryMs ?? 10_000;
    const session: RunningSession = {
      transactionId: started.transactionId,
      connectorId,
      startedAt: Date.now(),
      meterWh: meterStart,
      powerW: options.powerW ?? 22_000,
      timer: setInterval(() => {
        const powerW = this.powerOf(connectorId);
        session.meterWh += Math.round((powerW * every) / 3_600_000);
        void this.meterValues(session, powerW).catch(() => undefined);
      }, every),
    };
    session.timer.unref();
    // The transaction is its own from StartTransaction.conf on: a TxProfile for it may come before Charging is told.
    this.sessions.set(connectorId, session);
    // A remote start's charging profile is the transaction's from its start (before a later one replaces it).
    if (options.chargingProfile) {
      installProfile(
        this.profiles,
        connectorId,
        { ...options.chargingProfile, transactionId: started.transactionId },
        true,
      );
    }
    this.options.onChange?.(this);
    await this.status(connectorId, 'Charging');
    return started.transactionId;
  }

  /** Ends the session on a connector: Finishing, StopTransaction with the meter, then its status (Available). */
  async stopSession(
    connectorId: number,
    reason: 'Local' | 'Remote' | 'EVDisconnected' | 'UnlockCommand' | TRestartReason = 'Local',
  ) {
    const session = this.sessions.get(connectorId);
    if (!session) {
      return;
    }
    clearInterval(session.timer);
    this.sessions.delete(connectorId);
    this.registers.set(connectorId, session.meterWh);
    // A TxProfile ends with its transaction.
    clearProfiles(this.profiles, { connectorId, chargingProfilePurpose: 'TxProfile' });
    this.options.onChange?.(this);
    await this.status(connectorId, 'Finishing');
    await this.call('StopTransaction', {
      transactionId: session.transactionId,
      meterStop: session.meterWh,
      timestamp: new Date().toISOString(),
      reason,
    });
    await this.status(connectorId, this.statusOf(connectorId));
  }

  hasSession(connectorId: number) {
    return this.sessions.has(connectorId);
  }

  /** A restart (Reset, a firmware installed): sessions end as a real charge point ends them, then it boots again. */
  async restart(reason: TRestartReason = 'Reboot') {
    for (const connectorId of [...this.sessions.keys()]) {
      await this.stopSession(connectorId, reason).catch(() => undefined);
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
    for (const connectorId of [...this.reservations.keys()]) {
      this.dropReservation(connectorId);
    }
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
