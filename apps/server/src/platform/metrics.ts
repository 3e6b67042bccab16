/**
 * The process's Prometheus metrics (docs/design.md, section 6, "Watching it"; docs/api.md lists them): one registry per app, so that tests
 * building many apps in one process never share or double a metric. Domains record into the instruments here; the
 * health module serves them at GET /metrics.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds, from a fast answer of a cached read to a long export's first byte. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const createMetrics = () => {
  const registry = new Registry();
  let hasDefaults = false;
  let countOcppConnections = () => 0;
  const instruments = {
    registry,
    httpRequests: new Histogram({
      name: 'zaryad_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, with their duration',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    jobRuns: new Histogram({
      name: 'zaryad_job_duration_seconds',
      help: "Scheduled jobs' ticks by job and outcome (ran; skipped: another process held the lock; not_due: another process ran it this period, or it waits after a failure; failed)",
      labelNames: ['job', 'outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    exportsInProgress: new Gauge({
      name: 'zaryad_exports_in_progress',
      help: 'File exports being streamed, by format',
      labelNames: ['format'] as const,
      registers: [registry],
    }),
    ocppConnections: new Gauge({
      name: 'zaryad_ocpp_connections',
      help: 'Charge points connected to this process',
      registers: [registry],
      collect() {
        this.set(countOcppConnections());
      },
    }),
    /** The OCPP module tells how to count its connections, read at each scrape. */
    countOcppConnectionsBy(count: () => number) {
      countOcppConnections = count;
    },
    ocppMessages: new Histogram({
      name: 'zaryad_ocpp_message_duration_seconds',
      help: "Calls from charge points by OCPP action and outcome (accepted or error), with the central system's time",
      labelNames: ['action', 'outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    ocppCommands: new Counter({
      name: 'zaryad_ocpp_commands_total',
      help: 'Commands sent to charge points, by OCPP action and outcome',
      labelNames: ['action', 'outcome'] as const,
      registers: [registry],
    }),
    notifications: new Counter({
      name: 'zaryad_notifications_total',
      help: 'Notification deliveries by channel and outcome (sent, retried, failed)',
      labelNames: ['channel', 'outcome'] as const,
      registers: [registry],
    }),
    /**
     * Node's own figures (memory, event-loop lag, garbage collection), added at the first scrape: the event loop's
     * monitor costs nothing in a process nobody scrapes, such as a test's.
     */
    async scrape() {
      if (!hasDefaults) {
        collectDefaultMetrics({ register: registry, prefix: 'zaryad_' });
        hasDefaults = true;
      }
      return registry.metrics();
    },
  };
  return instruments;
};

export type Metrics = ReturnType<typeof createMetrics>;

/** Times a piece of work into a histogram with the labels known once it ends (its outcome). */
export const startTimer = () => {
  const startedAt = process.hrtime.bigint();
  return () => Number(process.hrtime.bigint() - startedAt) / 1e9;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's metrics (platform/metrics.ts), decorated by app.ts before any domain mounts. */
    metrics: Metrics;
  }
}

/** The connection pool's use, read at each scrape (PostgreSQL only: the embedded database has one connection). */
export const observePool = (
  metrics: Metrics,
  pool: { totalCount: number; idleCount: number; waitingCount: number } | undefined,
) => {
  if (!pool) {
    return;
  }
  new Gauge({
    name: 'zaryad_db_pool_connections',
    help: "The database pool's connections: busy, idle, and requests waiting for one",
    labelNames: ['state'] as const,
    registers: [metrics.registry],
    collect() {
      this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
};
