/**
 * OpenTelemetry traces (docs/design.md, section 6, "Watching it"), only when OTEL_EXPORTER_OTLP_ENDPOINT is set: each
 * HTTP request is a span (@fastify/otel: the route's pattern, the method, the status) with its handler's span, and
 * each SQL statement on PostgreSQL a child span of the work that ran it (@opentelemetry/instrumentation-pg), sent to
 * the collector in OTLP/HTTP's JSON. An incoming `traceparent` continues the caller's trace. Without the variable
 * nothing of OpenTelemetry is loaded: every package below is imported here, dynamically, and main.ts imports this
 * file only when the variable is set (the server's start-up time matters; the build leaves packages external, so
 * these imports stay imports).
 */
import { createRequire } from 'node:module';

export const SERVICE_NAME = 'zaryad-server';

/** What the balancer and Prometheus poll every few seconds: no trace for each. */
const UNTRACED = /^\/(?:healthz|readyz|metrics)(?:[/?]|$)/;

export interface Tracing {
  /** Sends the spans still buffered; the process's shutdown waits for it. */
  shutdown(): Promise<void>;
}

/**
 * Starts tracing before the app is built (main.ts). The standard variables apply: OTEL_EXPORTER_OTLP_ENDPOINT (the
 * collector's base URL; spans go to its /v1/traces), OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME (default
 * zaryad-server), OTEL_RESOURCE_ATTRIBUTES.
 */
export const startTracing = async (env: NodeJS.ProcessEnv = process.env): Promise<Tracing | undefined> => {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    return undefined;
  }
  const [
    api,
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    { defaultResource, detectResources, envDetector, resourceFromAttributes },
    { BatchSpanProcessor, TracerProvider },
    { OTLPTraceExporter },
    { registerInstrumentations },
    { PgInstrumentation },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);
  const provider = new TracerProvider({
    // The service is ours unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES say otherwise (read by envDetector).
    resource: defaultResource()
      .merge(resourceFromAttributes({ 'service.name': SERVICE_NAME }))
      .merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // A statement's span only inside a request's or another span's work: no trace for each scheduler tick's SQL.
      new PgInstrumentation({ requireParentSpan: true }),
      // Registered on each Fastify instance as it is created (the app's), before any route or hook: a span for the
      // request and one for its handler, none for each of the app's hooks (a dozen a request).
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: ({ url }) => UNTRACED.test(url),
      }),
    ],
  });
  // The instrumentation patches pg when pg is required. The server imports pg as an ES module (db/client.ts, on
  // PostgreSQL only), which require's hooks never see: requiring it here, with the hooks in, patches the client's
  // prototype that every pool's clients share, whichever way pg was loaded first.
  createRequire(import.meta.url)('pg');
  return {
    // At most 2 s: a collector that does not answer must not hold the process's 10 s to stop.
    shutdown: () =>
      Promise.race([provider.shutdown(), new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref())]),
  };
};
