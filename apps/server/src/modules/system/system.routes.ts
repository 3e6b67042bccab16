import { ZErrorBody, ZScheduledJobList } from '@zaryad/contracts';
import { asc, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { scheduledJobs } from '../../platform/scheduler.tables';

export interface SystemRoutesOptions {
  db: Database;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** /api/v1/system/: what the server's processes share about their background work (docs/product/settings.md). */
export const systemRoutes = async (fastify: FastifyInstance, options: SystemRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/jobs/',
    {
      // The network's own machinery: for the accounts that manage roles (superadmins).
      config: { permission: 'roles.manage' },
      schema: {
        tags: ['system'],
        summary:
          'The scheduled jobs as the server processes share them: next due time, last run, failures in a row and the last error; failing ones first',
        response: { 200: ZScheduledJobList, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async () => {
      const rows = await options.db
        .select()
        .from(scheduledJobs)
        .orderBy(desc(scheduledJobs.failures), asc(scheduledJobs.name));
      return {
        items: rows.map((row) => ({
          name: row.name,
          next_run_at: row.nextRunAt.toISOString(),
          last_run_at: iso(row.lastRunAt),
          failures: row.failures,
          last_failed_at: iso(row.lastFailedAt),
          last_error: row.lastError,
        })),
      };
    },
  );
};
