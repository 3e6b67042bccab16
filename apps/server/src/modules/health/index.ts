// GET /healthz, /readyz and /metrics for load balancers and monitoring: outside /api/v1, no account.
import { defineDomain } from '../../platform/domain';
import { healthRoutes } from './health.routes';

export const healthDomain = defineDomain({
  name: 'health',
  prefix: '',
  services: ({ ping, config }) => ({ ping, metricsToken: config.metricsToken }),
  routes: healthRoutes,
});
