import { ZErrorBody, ZIdParam, ZMerchantReport, ZMerchantReportQuery, ZValidationErrorBody } from '@zaryad/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachmentHeader, reportStream } from './merchant-report.export';
import type { MerchantReportService } from './merchant-report.service';
import { EXPORT_CONTENT_TYPES } from '../../platform/export';
import { REPORT_PERIOD_NOTE } from '../../platform/route-schemas';

/** GET /merchants/{id}/report/: JSON for the screen, or a download with format=xlsx|csv. */
export const merchantReportRoute = (app: FastifyInstance, reports: MerchantReportService) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/:id/report/',
    {
      config: { permission: 'merchants.view', downloadPermission: 'merchants.export' },
      schema: {
        tags: ['merchants'],
        summary: 'Charges, energy (kWh) and turnover (som) per station over a period; format=xlsx|csv downloads it',
        description: REPORT_PERIOD_NOTE,
        params: ZIdParam,
        querystring: ZMerchantReportQuery,
        response: {
          // Downloads are streams, which Fastify sends as they are, past the serializer.
          200: ZMerchantReport,
          400: ZValidationErrorBody,
          401: ZErrorBody,
          404: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const report = await reports.report(request.params.id, request.query, request.language);
      const { format } = request.query;
      if (!format) {
        return report;
      }
      const body = reportStream(report, request.language, format);
      // The typed reply only accepts the JSON shapes; a download goes through the plain reply.
      const download: FastifyReply = reply;
      return download
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', attachmentHeader(report, format))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
