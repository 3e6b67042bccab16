import { REPORT_MAX_DAYS, ZErrorBody, ZIdParam, ZValidationErrorBody } from '@zaryad/contracts';
import { ZStationUptime, ZStationUptimeQuery, ZUptimeReport, ZUptimeReportQuery } from '@zaryad/contracts/uptime';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXPORT_CONTENT_TYPES } from '../../platform/export';
import { uptimeAttachment, uptimeReportStream } from './uptime.export';
import type { UptimeService } from './uptime.service';

const PERIOD_NOTE =
  `from and to are Bishkek calendar days (YYYY-MM-DD), both included, at most ${REPORT_MAX_DAYS} days, from not after today; ` +
  'the period is cut at now. Seconds per state (available, charging, occupied, faulted, unavailable, maintenance, ' +
  'offline, unknown); uptime_percent = (available + charging + occupied) / (all but maintenance and unknown), 2 ' +
  'decimals, null when nothing was measured (docs/product/uptime.md).';

/** GET /uptime/stations/{id}/ and GET /uptime/ (the report; format=xlsx|csv downloads it). */
export const uptimeRoutes = async (app: FastifyInstance, { uptime }: { uptime: UptimeService }) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/stations/:id/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags: ['uptime'],
        summary: "A station's uptime and time per state, per connector and per day or month",
        description: PERIOD_NOTE,
        params: ZIdParam,
        querystring: ZStationUptimeQuery,
        response: { 200: ZStationUptime, 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => uptime.station(request.params.id, request.query, request.language),
  );

  typed.get(
    '/',
    {
      config: { permission: 'merchants.view', downloadPermission: 'merchants.export' },
      schema: {
        tags: ['uptime'],
        summary: "Uptime per station of a merchant (merchant_id) or of the network, and their total; format=xlsx|csv downloads it",
        description: PERIOD_NOTE,
        querystring: ZUptimeReportQuery,
        response: { 200: ZUptimeReport, 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const report = await uptime.report(request.query, request.language);
      const { format } = request.query;
      if (!format) {
        return report;
      }
      // The typed reply only accepts the JSON shapes; a download goes through the plain reply.
      const download: FastifyReply = reply;
      return download
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', uptimeAttachment(report, format))
        .header('cache-control', 'no-store')
        .send(uptimeReportStream(report, request.language, format));
    },
  );
};
