// A merchant's report (/api/v1/merchants/{id}/report/): it reads merchants and stations, so it is neither of them.
import type { FastifyInstance } from 'fastify';
import { defineDomain } from '../../platform/domain';
import { merchantReportRoute } from './merchant-report.routes';
import { createMerchantReportService, type MerchantReportService } from './merchant-report.service';

const merchantReportRoutes = async (app: FastifyInstance, options: { reports: MerchantReportService }) => {
  merchantReportRoute(app, options.reports);
};

export const merchantReportDomain = defineDomain({
  name: 'merchant-report',
  prefix: '/api/v1/merchants',
  services: ({ db }) => ({ reports: createMerchantReportService(db) }),
  routes: merchantReportRoutes,
});
