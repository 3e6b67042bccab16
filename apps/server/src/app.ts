import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { compression } from './http/compression';
import { docs } from './http/docs';
import { errors } from './http/errors';
import { i18n } from './http/i18n';
import { securityHeaders } from './http/security-headers';
import { zodValidatorCompiler } from './http/validation';
import { readPrerendered } from './http/prerendered';
import { media } from './http/media';
import { web } from './http/web';
import { driverApp } from './http/driver-app';
import { DOMAINS } from './modules';
import type { LoginLimitOptions } from './modules/accounts';
import { createMailer } from './modules/mail';
import {
  createFileStorage,
  createObjectStore,
  createPrivateFileStorage,
  PRIVATE_UPLOADS_FOLDER,
} from './modules/media';
import { createBus } from './platform/bus';
import type { Clock } from './platform/clock';
import type { DomainContext } from './platform/domain';
import { compactListChanges } from './platform/list-versions';
import { createMetrics, observePool } from './platform/metrics';
import { requestIdMixin, requestIdOf, requestLoggerFactory, trackRequestIds } from './platform/request-context';
import { scheduleJob } from './platform/scheduler';
import { seedReferenceData } from './seed/reference';

export type { AppConfig } from './config';
export type { DatabaseHandle } from './db/client';

export interface BuildAppOptions {
  config: AppConfig;
  /** An open database; when absent the app opens (and on close, closes) the configured one. */
  database?: DatabaseHandle;
  /** Fastify logger setting; defaults to pino at config.logLevel. Either way its lines carry their request's id. */
  logger?: FastifyServerOptions['logger'];
  loginLimit?: LoginLimitOptions;
  /** The sign-in and recovery limits' clock (tests); the system clock when absent. */
  clock?: Clock;
  /** Sees every route as it is registered (the test that checks every route requires a token). */
  onRoute?: (route: RouteOptions) => void;
}

/** TRUST_PROXY as Fastify takes it: a number of hops becomes the function Fastify's types ask for. */
const trustProxySetting = (setting: AppConfig['trustProxy']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/** pino's options with the mixin that gives a line written inside a request's work that request's id. */
const loggerOptions = (logger: NonNullable<FastifyServerOptions['logger']>) =>
  typeof logger === 'object' ? { mixin: requestIdMixin, ...logger } : logger;

/**
 * Zod's compilers as the factories Fastify builds its compilers with: the same compilers `setValidatorCompiler` and
 * `setSerializerCompiler` take, behind a cast because the factories' types describe ajv's.
 */
const zodCompilers = {
  buildValidator: () => zodValidatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** 1 MiB: enough for any JSON form; uploads go through multipart with their own limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const { config } = options;
  // Every upload's bytes: the local folder DATA_DIR/uploads or the S3_* bucket, checked before anything opens.
  const uploads = await createObjectStore(config);
  await uploads.verify();
  const app = Fastify({
    logger: loggerOptions(options.logger ?? { level: config.logLevel }),
    // The caller's x-request-id when it is a plain token, else a new UUID; echoed, and in every line the request
    // causes, through the mixin (platform/request-context.ts).
    genReqId: requestIdOf,
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: JSON_BODY_LIMIT,
    // No HEAD twin of every GET route: the API, the dashboard and the drivers' app are read with GET, and the twins
    // doubled the routes a start registers and prepares (docs/benchmarks.md, section 2). The health checks keep theirs
    // (a load balancer may probe with HEAD), static files and media answer HEAD themselves, and a HEAD for a page of the
    // dashboard is answered by its fallback as a GET is.
    exposeHeadRoutes: false,
    routerOptions: { maxParamLength: 200 },
    // Only behind a proxy the operator named does X-Forwarded-For say who the client is (limits, audit, sessions).
    trustProxy: trustProxySetting(config.trustProxy),
    // Every route's schemas are Zod's, checked and written by Zod's compilers. Given here rather than set afterwards,
    // Fastify never loads its default ones (ajv and fast-json-stringify), which no route uses: 0.1-0.2 s of a start
    // (docs/benchmarks.md, section 2).
    schemaController: { compilersFactory: zodCompilers },
  });
  // Every request timed by its route's pattern (bounded labels: an unknown URL counts as `unmatched`).
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  trackRequestIds(app);
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: join(config.dataDir, 'pgdata'),
      seedReferenceData,
    }));
  observePool(metrics, database.pool);
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, log: app.log });
  // The process's one LISTEN connection, every module's channels on it (platform/bus.ts). Its onClose is added first,
  // so that it runs last (Fastify runs onClose hooks newest first): after every domain has stopped publishing.
  const bus = await createBus(database);
  app.addHook('onClose', () => bus.close());
  app.decorate('database', database);
  app.decorate('mailer', mailer);
  app.decorate('bus', bus);
  // The list versions' change rows are folded in the background (platform/list-versions.ts).
  scheduleJob(app, database.db, compactListChanges);

  if (options.onRoute) {
    app.addHook('onRoute', options.onRoute);
  }
  // JSON only: a text/plain body would otherwise reach the schemas as a string.
  app.removeContentTypeParser('text/plain');

  const context: DomainContext = {
    config,
    db: database.db,
    ping: database.ping,
    mailer,
    bus,
    storage: (folder) => createFileStorage(uploads, folder),
    privateStorage: (folder) => createPrivateFileStorage(uploads, folder),
    loginLimit: options.loginLimit ?? config.loginLimit,
    clock: options.clock,
  };
  // Services first, then every domain's app-wide plugins (auth), the API document, and only then the routes, in the
  // order of modules/index.ts: a route sees every hook, and the document sees every route.
  const domains = DOMAINS.map((domain) => domain.mount(context));
  const prerendered = readPrerendered(config.webDistDir);
  await app.register(securityHeaders, { config, scriptHashes: prerendered.scriptHashes });
  await app.register(compression);
  await app.register(i18n);
  await app.register(errors);
  for (const domain of domains) {
    await domain.registerPlugins(app);
  }
  await app.register(docs);
  for (const domain of domains) {
    await domain.registerRoutes(app);
  }
  await app.register(media, {
    store: uploads,
    privateFolder: PRIVATE_UPLOADS_FOLDER,
    presign: config.s3?.presign,
  });
  await app.register(web, { webDistDir: config.webDistDir, prerendered });
  await app.register(driverApp, { driverDistDir: config.driverDistDir });

  app.addHook('onClose', async () => {
    await mailer.close();
    if (ownsDatabase) {
      await database.close();
    }
  });
  return app;
};
