import { ZAuditExportQuery, ZAuditListQuery, ZAuditPage, ZErrorBody, ZValidationErrorBody } from '@zaryad/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvStream } from '../../platform/csv';
import type { AuditLogService } from './audit-log.service';

export interface AuditLogRoutesOptions {
  auditLog: AuditLogService;
}

const openApiTags = ['audit-log'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/**
 * /api/v1/audit-log/: reading the log. There is deliberately no POST, PATCH or DELETE here: entries are written by the
 * changes themselves, and the database refuses to update or delete one (`src/db/routines/audit-log.sql`).
 */
export const auditLogRoutes = async (fastify: FastifyInstance, options: AuditLogRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auditLog } = options;

  app.get(
    '/',
    {
      config: { permission: 'audit.view' },
      schema: {
        tags: openApiTags,
        summary:
          'Audit entries, newest first. Filters: account_id, entity, action, period__from/period__to (Asia/Bishkek days, ' +
          'both included); entity with entity_id is one record\'s History. `names` gives the names of the cities, ' +
          'countries and merchants the changes hold by id, in the request language',
        querystring: ZAuditListQuery,
        response: { 200: ZAuditPage, ...errors },
      },
    },
    async (request) => auditLog.list(request.query, request.language),
  );

  app.get(
    '/export/',
    {
      config: { permission: 'audit.export' },
      schema: {
        tags: openApiTags,
        summary: 'The entries the same filters select, as CSV (UTF-8 with a BOM, titles in the request language, Asia/Bishkek times)',
        querystring: ZAuditExportQuery,
        // The download is a stream, which Fastify sends as it is, past the serializer.
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const download: FastifyReply = reply;
      return download
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(csvStream(auditLog.exportRows(request.query, request.language)));
    },
  );
};
