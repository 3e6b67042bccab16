// SMS (issue 38): one sender for the whole app, the outbox table that keeps every SMS, and /api/v1/sms-outbox/ where
// superadmins read it. The drivers' sign-in codes are its first SMS (modules/drivers).
import { DEFAULT_APP_CONFIG } from '../../config';
import { defineDomain } from '../../platform/domain';
import { scheduleJob } from '../../platform/scheduler';
import { smsRoutes } from './sms.routes';
import { createSmsOutbox, smsPruneJob } from './sms.service';
import * as smsTables from './sms.tables';

export { smsOutbox } from './sms.tables';
export { createSmsSender, type Sms, type SmsSender } from './sms.service';

export const smsDomain = defineDomain({
  name: 'sms',
  prefix: '/api/v1/sms-outbox',
  tables: smsTables,
  services: ({ db, config }) => {
    const gateway = Boolean((config.app ?? DEFAULT_APP_CONFIG).smsGatewayUrl);
    return { db, outbox: createSmsOutbox(db, () => gateway) };
  },
  plugins: async (app, { db }) => {
    scheduleJob(app, db, smsPruneJob);
  },
  routes: smsRoutes,
});
