import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { auth } from './http/auth';
import { docs } from './http/docs';
import { errors } from './http/errors';
import { i18n } from './http/i18n';
import { zodValidatorCompiler } from './http/validation';
import { web } from './http/web';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createLoginLimit, type LoginLimitOptions } from './modules/accounts/login-limit';
import { createPasswordResetService } from './modules/accounts/password-reset.service';
import { createRolesService } from './modules/accounts/roles.service';
import { createSessionsService } from './modules/accounts/sessions.service';
import { createAccessTokenSigner } from './modules/accounts/tokens';
import { healthRoutes } from './modules/health/health.routes';
import { createMailer, type Mailer } from './modules/mail/mail.service';
import { createLocalFileStorage } from './modules/media/file-storage';
import { surroundingsRoutes } from './modules/surroundings/surroundings.routes';
import { createSurroundingsService } from './modules/surroundings/surroundings.service';
import { tagsRoutes } from './modules/tags/tags.routes';
import { createTagsService } from './modules/tags/tags.service';
import { connectorsRoutes } from './modules/connectors/connectors.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { partnersRoutes } from './modules/partners/partners.routes';
import { createPartnersService } from './modules/partners/partners.service';
import { ratesRoutes } from './modules/rates/rates.routes';
import { createRatesService } from './modules/rates/rates.service';
import { merchantsRoutes } from './modules/merchants/merchants.routes';
import { createMerchantsService } from './modules/merchants/merchants.service';
import { createMerchantReportService } from './modules/merchants/merchant-report.service';
import { stationsRoutes } from './modules/stations/stations.routes';
import { createStationSecrets } from './modules/stations/station-secret';
import { settingsRoutes } from './modules/settings/settings.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { createGeoCache } from './modules/geo/geo.cache';
import { createGeoService, geocoderUserAgent } from './modules/geo/geo.service';
import { createGeocoderClient } from './modules/geo/geocoder.client';
import { createSettingsService } from './modules/settings/settings.service';

export type { AppConfig } from './config';
export type { DatabaseHandle } from './db/client';

export interface BuildAppOptions {
  config: AppConfig;
  /** An open database; when absent the app opens (and on close, closes) the configured one. */
  database?: DatabaseHandle;
  /** Fastify logger setting; defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  loginLimit?: LoginLimitOptions;
  /** Sees every route as it is registered (the test that checks every route requires a token). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    mailer: Mailer;
  }
}

/** 1 MiB: enough for any JSON form; uploads go through multipart with their own limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
  });
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pgdata') }));
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, log: app.log });
  app.decorate('database', database);
  app.decorate('mailer', mailer);

  if (options.onRoute) {
    app.addHook('onRoute', options.onRoute);
  }
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain body would otherwise reach the schemas as a string.
  app.removeContentTypeParser('text/plain');

  const signer = createAccessTokenSigner(config.jwtSecret, config.accessTokenTtl);
  const sessions = createSessionsService({
    db: database.db,
    signer,
    loginLimit: createLoginLimit(database.db, options.loginLimit),
  });
  const accounts = createAccountsService(database.db);
  const passwordReset = createPasswordResetService({ db: database.db, mailer, publicUrl: config.publicUrl });

  await app.register(i18n);
  await app.register(errors);
  await app.register(auth, { authenticate: sessions.authenticate });
  await app.register(docs);
  await app.register(healthRoutes, { ping: database.ping });
  await app.register(accountsRoutes, {
    prefix: '/api/v1/accounts',
    accounts,
    roles: createRolesService(database.db),
    sessions,
    passwordReset,
  });
  await app.register(tagsRoutes, { prefix: '/api/v1/common/tags', tags: createTagsService(database.db) });
  await app.register(surroundingsRoutes, {
    prefix: '/api/v1/common/surroundings',
    surroundings: createSurroundingsService(
      database.db,
      createLocalFileStorage(join(config.dataDir, 'uploads'), 'surroundings'),
    ),
  });
  await app.register(settingsRoutes, { prefix: '/api/v1/accounts/settings', settings: createSettingsService(database.db) });
  await app.register(connectorsRoutes, { prefix: '/api/v1/stations/connectors-types-positions' });
  await app.register(stationsRoutes, {
    prefix: '/api/v1/stations',
    db: database.db,
    storage: createLocalFileStorage(join(config.dataDir, 'uploads'), 'stations'),
    secrets: createStationSecrets(config.stationSecretKey ?? config.jwtSecret),
  });
  await app.register(ratesRoutes, { prefix: '/api/v1/payments', rates: createRatesService(database.db) });
  await app.register(locationsRoutes, { prefix: '/api/v1/common/locations' });
  await app.register(partnersRoutes, { prefix: '/api/v1/software-rental-partners', partners: createPartnersService(database.db) });
  await app.register(merchantsRoutes, {
    prefix: '/api/v1/merchants',
    merchants: createMerchantsService(database.db),
    reports: createMerchantReportService(database.db),
  });
  await app.register(geoRoutes, {
    prefix: '/api/v1/geo',
    geo: createGeoService({
      tileUrl: config.mapTileUrl,
      cache: createGeoCache(database.db),
      client: createGeocoderClient({
        baseUrl: config.geocoderUrl,
        userAgent: geocoderUserAgent(config.publicUrl),
        countryCodes: 'kg',
      }),
    }),
  });
  await app.register(web, { webDistDir: config.webDistDir, uploadsDir: join(config.dataDir, 'uploads') });

  app.addHook('onClose', async () => {
    await mailer.close();
    if (ownsDatabase) {
      await database.close();
    }
  });
  return app;
};
