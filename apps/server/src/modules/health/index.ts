// GET /healthz for load balancers: outside /api/v1, no token.
import { defineDomain } from '../../platform/domain';
import { healthRoutes } from './health.routes';

export const healthDomain = defineDomain({
  name: 'health',
  prefix: '',
  services: ({ ping }) => ({ ping }),
  routes: healthRoutes,
});
