// The server's own state for superadmins: GET /api/v1/system/jobs/ (the scheduled jobs, their due times and failures).
import { defineDomain } from '../../platform/domain';
import { systemRoutes } from './system.routes';

export const systemDomain = defineDomain({
  name: 'system',
  prefix: '/api/v1/system',
  services: ({ db }) => ({ db }),
  routes: systemRoutes,
});
