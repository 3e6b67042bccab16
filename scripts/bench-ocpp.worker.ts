// One process of bench:ocpp's load generator (scripts/bench-ocpp.ts forks OCPP_BENCH_WORKERS of them): it holds a
// slice of the simulated charge points and does what the parent asks over IPC, answering with its figures and its own
// CPU time, so that the generator is spread over the cores and its cost is measured beside the server's.
import { SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';

export type TWorkerRequest =
  /** Charge points OCPPB-n for n = first, first + step, … up to count. */
  | { kind: 'connect'; endpoint: string; password: string; first: number; step: number; count: number; batch: number }
  | { kind: 'heartbeats'; spreadMs: number }
  /** Sessions on this process's charge points numbered up to `upTo` (driver n's tag BTAGn on OCPPB-n). */
  | { kind: 'sessions'; upTo: number; meterEveryMs: number; lanes: number }
  | { kind: 'pauseMeters' }
  /** The sessions stopped as they were started, `lanes` at a time. */
  | { kind: 'stopSessions'; lanes: number }
  /**
   * bench:live: for `seconds`, each second a `share` of this process's charge points (spread over the second) each
   * report connector 1 in its next state of Available, Charging, Faulted.
   */
  | { kind: 'statusChanges'; share: number; seconds: number }
  | { kind: 'close' };

export interface WorkerAnswer {
  kind: string;
  /** CPU time (user + system, ms) this process used for the request. */
  cpuMs: number;
  /** When each charge point's boot was answered (epoch ms). */
  bootedAt?: number[];
  /** Heartbeat or MeterValues round trips (ms); of MeterValues, those sent once every session had started. */
  times?: number[];
  /** MeterValues round trips (ms) of the calls sent while the sessions were still starting. */
  rampTimes?: number[];
  started?: number;
  /** Transaction id and the meter value each session last sent (its meter values paused). */
  sessions?: [number, number][];
  sent?: number;
  lost?: number;
  meterSent?: number;
  /** bench:live's state changes: [charge point number n of OCPPB-n, epoch ms before it was sent, status sent]. */
  changes?: [number, number, string][];
}

/** bench:live's cycle of connector 1's states: each changes the station's state on the live board. */
const CYCLE = ['Charging', 'Faulted', 'Available'] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** `each` of the items in turn, `lanes` at a time, each after a random pause of up to 20 ms. */
const inLanes = async <T>(items: T[], lanes: number, each: (item: T) => Promise<unknown>) => {
  let next = 0;
  const lane = async () => {
    for (let item = items[next]; item !== undefined; item = items[next]) {
      next += 1;
      await sleep(Math.random() * 20);
      await each(item);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
};

let points: SimulatedChargePoint[] = [];
let numbers: number[] = [];
let sessionPoints: SimulatedChargePoint[] = [];
/** Each session point's MeterValues round trips taken while the sessions were starting (the first ones of its list). */
let rampMeters: number[] = [];
let loadCpu = process.cpuUsage();

const handle = async (request: TWorkerRequest): Promise<WorkerAnswer> => {
  const cpu = process.cpuUsage();
  switch (request.kind) {
    case 'connect': {
      points = [];
      numbers = [];
      for (let index = request.first; index <= request.count; index += request.step) {
        numbers.push(index);
        points.push(
          new SimulatedChargePoint({
            endpoint: request.endpoint,
            identity: `OCPPB-${index}`,
            password: request.password,
            reconnect: true,
          }),
        );
      }
      const bootedAt: number[] = [];
      // A few hundred opening at once per process: a real network does not all connect in the same millisecond.
      let next = 0;
      const lane = async () => {
        while (next < points.length) {
          const point = points[next];
          next += 1;
          await point?.connect();
          await point?.boot();
          bootedAt.push(Date.now());
        }
      };
      await Promise.all(Array.from({ length: request.batch }, lane));
      return { kind: request.kind, cpuMs: cpuMs(cpu), bootedAt };
    }
    case 'heartbeats': {
      for (const point of points) {
        point.heartbeatTimes.length = 0;
      }
      await Promise.all(
        points.map(async (point) => {
          await sleep(Math.random() * request.spreadMs);
          await point.heartbeat().catch(() => undefined);
        }),
      );
      return { kind: request.kind, cpuMs: cpuMs(cpu), times: points.flatMap((point) => point.heartbeatTimes) };
    }
    case 'sessions': {
      sessionPoints = points.filter((_, at) => (numbers[at] ?? Infinity) <= request.upTo);
      let started = 0;
      // Each point's first meter value at a random moment of the interval.
      await inLanes(sessionPoints, request.lanes, async (point) => {
        const id = await point.startSession(1, `BTAG${point.identity.slice('OCPPB-'.length)}`, {
          meterEveryMs: request.meterEveryMs,
          powerW: 22_000,
        });
        if (id !== null) {
          started += 1;
        }
      });
      loadCpu = process.cpuUsage();
      rampMeters = sessionPoints.map((point) => point.meterTimes.length);
      const meterSent = sessionPoints.reduce((sum, point) => sum + point.meterSent, 0);
      return { kind: request.kind, cpuMs: cpuMs(cpu), started, meterSent };
    }
    case 'pauseMeters': {
      // No more meter values; the ones in flight answered (up to 30 s) before the figures are taken.
      const sessions = sessionPoints.flatMap((point) => point.pauseMeterValues());
      for (let waited = 0; waited < 30_000 && sessionPoints.some((point) => point.inFlight > 0); waited += 50) {
        await sleep(50);
      }
      const rampTimes = sessionPoints.flatMap((point, at) => point.meterTimes.slice(0, rampMeters[at]));
      const times = sessionPoints.flatMap((point, at) => point.meterTimes.slice(rampMeters[at]));
      const meterSent = sessionPoints.reduce((sum, point) => sum + point.meterSent, 0);
      // The CPU of the whole load (since the sessions were started), not only of this request.
      return { kind: request.kind, cpuMs: cpuMs(loadCpu), times, rampTimes, sessions, meterSent };
    }
    case 'stopSessions': {
      // A network's drivers do not all unplug in the same instant.
      await inLanes(sessionPoints, request.lanes, (point) => point.stopSession(1).catch(() => undefined));
      const sent = points.reduce((sum, point) => sum + point.sent, 0);
      const lost = points.reduce((sum, point) => sum + point.lost, 0);
      return { kind: request.kind, cpuMs: cpuMs(cpu), sent, lost };
    }
    case 'statusChanges': {
      const changes: [number, number, string][] = [];
      const steps = new Map<number, number>();
      const lastDue = new Map<number, number>();
      const perSecond = Math.max(1, Math.round(points.length * request.share));
      const sends: Promise<unknown>[] = [];
      const startedAt = Date.now();
      for (let second = 0; second < request.seconds; second += 1) {
        for (let change = 0; change < perSecond; change += 1) {
          const due = startedAt + second * 1000 + Math.random() * 1000;
          // A charge point changes at most once in 2 s: two changes inside one of the board's 250 ms windows would
          // be one event, and the first change's state never seen.
          let at = Math.floor(Math.random() * points.length);
          for (let tries = 0; tries < 20 && (lastDue.get(at) ?? -Infinity) > due - 2_000; tries += 1) {
            at = Math.floor(Math.random() * points.length);
          }
          const point = points[at];
          const number = numbers[at];
          if (!point || number === undefined || (lastDue.get(at) ?? -Infinity) > due - 2_000) {
            continue;
          }
          lastDue.set(at, due);
          sends.push(
            sleep(Math.max(0, due - Date.now())).then(async () => {
              const step = steps.get(number) ?? 0;
              steps.set(number, step + 1);
              const status = CYCLE[step % CYCLE.length] ?? 'Available';
              const sentAt = Date.now();
              changes.push([number, sentAt, status]);
              await point.status(1, status, status === 'Faulted' ? 'GroundFailure' : 'NoError').catch(() => undefined);
            }),
          );
        }
      }
      await Promise.all(sends);
      return { kind: request.kind, cpuMs: cpuMs(cpu), changes };
    }
    case 'close': {
      await Promise.all(points.map((point) => point.close().catch(() => undefined)));
      return { kind: request.kind, cpuMs: cpuMs(cpu) };
    }
  }
};

process.on('message', (request: TWorkerRequest) => {
  void handle(request).then(
    (answer) => process.send?.(answer),
    (error: unknown) => process.send?.({ kind: 'error', cpuMs: 0, error: String(error) }),
  );
  if (request.kind === 'close') {
    setTimeout(() => process.exit(0), 2_000).unref();
  }
});
