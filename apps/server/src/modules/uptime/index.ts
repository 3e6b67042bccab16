// Uptime (issue 35, item 5): availability per connector and station per day and month, and the report per merchant or
// for the network, from the status history the ocpp domain writes (charge_point_status_history). It reads stations,
// merchants and ocpp, so it comes after them.
import { defineDomain } from '../../platform/domain';
import { uptimeRoutes } from './uptime.routes';
import { seedUptimeHistory } from './uptime.seed';
import { createUptimeService } from './uptime.service';

export { createUptimeService, stateSeconds, type UptimeService } from './uptime.service';

export const uptimeDomain = defineDomain({
  name: 'uptime',
  prefix: '/api/v1/uptime',
  services: ({ db }) => ({ uptime: createUptimeService(db) }),
  routes: async (app, { uptime }) => uptimeRoutes(app, { uptime }),
  seed: {
    demo: async ({ db }) => {
      const rows = await seedUptimeHistory(db);
      return rows > 0 ? `Status history rows added: ${rows}.` : 'Status history already there.';
    },
  },
});
