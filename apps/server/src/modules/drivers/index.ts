// The drivers' API (issue 38, docs/product/app-api.md): /api/app/v1/, the other half of the backend, for the
// network's mobile app and the driver web app. Its own tokens (drivers.auth.ts), its own OpenAPI document
// (drivers.docs.ts); the dashboard sees the drivers' devices at /api/v1/users/{id}/devices/ (modules/users). Comes after every domain
// it serves: users, referrals, promo codes, stations, charges, ocpp, banners, promotions.
import { APP_API_PREFIX } from '@zaryad/contracts/app';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_APP_CONFIG } from '../../config';
import { chargePointsOf } from '../../platform/charge-points';
import { defineDomain } from '../../platform/domain';
import { scheduleJob } from '../../platform/scheduler';
import { DEFAULT_LOGIN_LIMIT, type LoginLimitOptions } from '../accounts';
import { ocppBusOf, readOcppConfig } from '../ocpp';
import { createPromoCodesService } from '../promo-codes';
import { createSmsSender, type SmsSender } from '../sms';
import { createDriverTokenSigner, registerDriverAuth } from './drivers.auth';
import { createCharging } from './drivers.charging';
import { driverCatalogueRoutes } from './drivers.catalogue.routes';
import { registerDriverDocs } from './drivers.docs';
import { driverMapRoutes } from './drivers.map.routes';
import { createDriverAccount } from './drivers.me';
import { driverRoutes, type DriverRuntime } from './drivers.routes';
import { createSignIn } from './drivers.sign-in';
import { otpPruneJob } from './drivers.jobs';
import { seedDriverDevices } from './drivers.seed';
import * as driverTables from './drivers.tables';

export { appChargeStarts, appOtpCodes } from './drivers.tables';
export { currentDriver } from './drivers.auth';

export const driversDomain = defineDomain({
  name: 'drivers',
  prefix: APP_API_PREFIX,
  tables: driverTables,
  services: ({ db, config, loginLimit, clock }) => {
    const appConfig = config.app ?? DEFAULT_APP_CONFIG;
    const signer = createDriverTokenSigner(config.jwtSecret, config.accessTokenTtl);
    const { minBalanceTyiyn } = readOcppConfig();
    // Filled by the plugin, which has the app's logger and charge points; no route runs before it.
    const runtime: DriverRuntime & { sms: SmsSender | null; app: FastifyInstance | null } = {
      bus: null,
      streams: new Set(),
      sms: null,
      app: null,
    };
    const failureLimit: LoginLimitOptions = loginLimit ?? DEFAULT_LOGIN_LIMIT;
    return {
      db,
      appConfig,
      mapTileUrl: config.mapTileUrl,
      signer,
      runtime,
      signIn: createSignIn({
        db,
        signer,
        accessTtlSeconds: config.accessTokenTtl,
        config: appConfig,
        sms: () => runtime.sms!,
        failureLimit,
        clock,
      }),
      account: createDriverAccount(db, { minBalanceTyiyn, promoCodes: createPromoCodesService(db) }),
      charging: createCharging({ db, minBalanceTyiyn, gateway: () => chargePointsOf(runtime.app!) }),
    };
  },
  plugins: async (app, { db, signer, runtime, appConfig }) => {
    runtime.app = app;
    runtime.bus = ocppBusOf(app);
    runtime.sms = createSmsSender(db, { url: appConfig.smsGatewayUrl, token: appConfig.smsGatewayToken, log: app.log });
    registerDriverAuth(app, db, signer);
    scheduleJob(app, db, otpPruneJob);
    app.addHook('preClose', async () => {
      for (const stream of runtime.streams) {
        stream.end();
      }
      runtime.streams.clear();
    });
  },
  seed: { demo: ({ db }) => seedDriverDevices(db) },
  routes: async (app, { db, signIn, account, charging, runtime, mapTileUrl }) => {
    await registerDriverDocs(app);
    // Passing on only what the routes use keeps the domain's prefix from being added twice.
    await app.register(driverRoutes, { signIn, account, charging, runtime });
    await app.register(driverCatalogueRoutes, { db });
    await app.register(driverMapRoutes, { db, tileUrl: mapTileUrl });
  },
});
