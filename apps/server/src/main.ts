import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { listenForBackups } from './db/backup';
import { ensurePgliteCluster, startPglite } from './db/pglite';

const startedAt = Date.now();

const readConfig = () => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};

/**
 * The start, as one function rather than top-level statements: the production build is one CommonJS file, which V8's
 * code cache can be kept for (`launcher.ts`, docs/design.md#8-toolchain-facts), and CommonJS has no top-level `await`.
 */
const start = async () => {
  const config = readConfig();
  // Traces only when a collector is named: before the database and the app load, so that their instrumentation is in
  // place first (platform/tracing.ts); otherwise nothing of OpenTelemetry is even read from disk.
  const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await (await import('./platform/tracing')).startTracing()
    : undefined;
  const pgliteDir = join(config.dataDir, 'pgdata');
  // The embedded database starts before the server's own modules are initialised, not after: PGlite's WebAssembly
  // compiles in the background and its files are read meanwhile (docs/design.md#8-toolchain-facts). A new database is
  // first created in a child process.
  const pgliteStarted = config.databaseUrl
    ? undefined
    : ensurePgliteCluster(pgliteDir).then(() => startPglite(pgliteDir));
  // Its failure is thrown where it is awaited, below, not reported as unhandled while the code still loads.
  pgliteStarted?.catch(() => undefined);
  const [{ buildApp }, { openDatabase }, { ensureFirstAdmin }, { seedReferenceData }] = await Promise.all([
    import('./app'),
    import('./db/client'),
    import('./modules/accounts'),
    import('./seed/reference'),
  ]);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, pgliteStarted, seedReferenceData });
  // An uploads' store that cannot be used (S3_* naming a bucket that does not answer) stops the start like a bad variable.
  const app = await buildApp({ config, database }).catch(async (error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  });

  const firstAdmin = await ensureFirstAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
  // `npm run backup` asks the server that owns the embedded database for a consistent snapshot (db/backup.ts).
  const backupControl = database.pglite ? await listenForBackups(config.dataDir, database.pglite) : undefined;

  /**
   * Connections the kernel may hold for the server to accept. A network's charge points all reconnect within a
   * second or two of a restart; with Node's default of 511, thousands of their SYNs were dropped at once and each
   * charge point retried at TCP's own pace (1, 3, 7, 15… s): the last of 10,000 reconnected after 105–180 s, 441,824
   * listen overflows counted (docs/benchmarks.md, section 7). The kernel caps it at net.core.somaxconn (4096 here).
   */
  const LISTEN_BACKLOG = 8192;

  /** A deployment waits this long for a process to stop (docs/design.md, "Stopping"); past it, the process exits anyway. */
  const SHUTDOWN_LIMIT_MS = 10_000;

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) {
      return;
    }
    isClosing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error({ signal, limitMs: SHUTDOWN_LIMIT_MS }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    try {
      // app.close() stops accepting connections and waits for requests in flight; only then may the database go.
      await app.close();
      backupControl?.close();
      await database.close();
      // The last requests' spans, still buffered, go to the collector before the process exits.
      await tracing?.shutdown().catch((error: unknown) => app.log.warn({ err: error }, 'traces not sent'));
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await database.close();
    process.exit(1);
  }

  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Zaryad is running at ${url} (ready in ${Date.now() - startedAt} ms, database: ${database.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'})`,
    `API documentation: ${url}/api/docs`,
  ];
  if (firstAdmin) {
    lines.push(
      'First administrator created. Sign in with:',
      `  email:    ${firstAdmin.email}`,
      firstAdmin.generatedPassword
        ? `  password: ${firstAdmin.generatedPassword}   (generated: shown only this once, change it after signing in)`
        : '  password: the ADMIN_PASSWORD you set',
    );
  } else {
    lines.push('Sign in with an existing account (the first administrator was created on the first start).');
  }
  console.log(`${lines.join('\n')}\n`);
};

/** Settled once the server listens; the launcher then keeps V8's code cache of the start (`launcher.ts`). */
export const started = start();
