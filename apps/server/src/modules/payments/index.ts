// The wallet's card payments (issue 39, docs/product/payments.md): top-ups through the payment provider (FreedomPay),
// its callbacks and status checks, refunds to the card, the daily reconciliation; the dashboard's card payments at
// /api/v1/card-payments/ and the app's at /api/app/v1/payments/. Comes after users (the ledger), charges and drivers
// (the app's sign-in, whose hook guards the app's routes).
import { APP_API_PREFIX } from '@zaryad/contracts/app';
import type { FastifyInstance } from 'fastify';
import { defineDomain } from '../../platform/domain';
import { scheduleJob } from '../../platform/scheduler';
import { readPaymentsConfig } from './payments.config';
import { createFreedomPay } from './payments.freedompay';
import { type AutoTopUps, createAutoTopUps } from './payments.auto-top-up';
import { autoTopUpJob, paymentsCheckJob, reconcileJob } from './payments.jobs';
import { appPaymentRoutes, cardPaymentRoutes } from './payments.routes';
import { seedCardPayments } from './payments.seed';
import { createPayments, type Payments } from './payments.service';
import * as paymentTables from './payments.tables';

export { autoTopUps, cardPayments, cardRefunds, paymentEvents, savedCards } from './payments.tables';
export { paymentMismatches } from './payments.service';

export const paymentsDomain = defineDomain({
  name: 'payments',
  prefix: '/api',
  tables: paymentTables,
  services: ({ db, config }) => {
    const settings = readPaymentsConfig();
    const provider = settings.freedomPay ? createFreedomPay(settings.freedomPay) : null;
    return {
      db,
      payments: createPayments({
        db,
        provider,
        publicUrl: config.publicUrl,
        lifetimeS: settings.lifetimeS,
        checkAfterS: settings.checkAfterS,
      }),
      autoTopUps: createAutoTopUps({
        db,
        provider,
        publicUrl: config.publicUrl,
        pauseS: settings.autoTopUp.pauseS,
      }),
      checkAfterS: settings.checkAfterS,
      autoTopUpCheckS: settings.autoTopUp.checkS,
    };
  },
  plugins: async (app, { db, payments, autoTopUps, checkAfterS, autoTopUpCheckS }) => {
    scheduleJob(app, db, paymentsCheckJob(payments, checkAfterS));
    scheduleJob(app, db, reconcileJob(payments, app.log));
    if (payments.available()) {
      scheduleJob(app, db, autoTopUpJob(autoTopUps, autoTopUpCheckS, app.log));
    }
  },
  seed: { demo: ({ db, scale }) => seedCardPayments(db, scale) },
  routes: async (app: FastifyInstance, { payments, autoTopUps }: { payments: Payments; autoTopUps: AutoTopUps }) => {
    await app.register(appPaymentRoutes, { payments, autoTopUps, prefix: `${APP_API_PREFIX.replace(/^\/api/, '')}/payments` });
    await app.register(cardPaymentRoutes, { payments, autoTopUps, prefix: '/v1/card-payments' });
  },
});
