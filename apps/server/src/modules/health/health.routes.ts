import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });
const PING_TIMEOUT_MS = 2000;

/** GET /healthz: for load balancers and the footprint script; 503 when the database does not answer in time. */
export const healthRoutes = async (fastify: FastifyInstance, options: { ping: () => Promise<void> }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/healthz', { config: { permission: 'public' }, schema: { hide: true, response: { 200: ZHealth, 503: ZHealth } } }, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([options.ping(), timeout]);
      return { status: 'ok' as const, database: 'up' as const };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    } finally {
      clearTimeout(timer);
    }
  });
};
