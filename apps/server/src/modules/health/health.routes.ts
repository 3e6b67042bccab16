import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../http/api-errors';

const ZAlive = z.object({ status: z.literal('ok') });
const ZReady = z.object({ status: z.enum(['ready', 'unavailable']), database: z.enum(['up', 'down']) });
const PING_TIMEOUT_MS = 2000;

export interface HealthOptions {
  ping: () => Promise<void>;
  /** METRICS_TOKEN: GET /metrics answers only a bearer of it; without one, /metrics is off (404, not the web app). */
  metricsToken: string | undefined;
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * For load balancers and monitoring, outside /api/v1 and without an account (docs/design.md, section 6):
 * GET /healthz, the process is alive; GET /readyz, it may take traffic: its database answers (migrations ran before
 * it listened) and it is not stopping (Fastify answers 503 to every request then); GET /metrics, Prometheus's text.
 */
export const healthRoutes = async (fastify: FastifyInstance, options: HealthOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // HEAD too (the app adds no HEAD routes of its own, app.ts): a load balancer may probe with it.
  const hidden = { config: { permission: 'public' as const }, exposeHeadRoute: true };
  app.get('/healthz', { ...hidden, schema: { hide: true, response: { 200: ZAlive } } }, () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { ...hidden, schema: { hide: true, response: { 200: ZReady, 503: ZReady } } },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([options.ping(), timeout]);
        return { status: 'ready' as const, database: 'up' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: 'down' });
      } finally {
        clearTimeout(timer);
      }
    },
  );

  app.get('/metrics', { ...hidden, schema: { hide: true } }, async (request, reply) => {
    const token = options.metricsToken;
    if (!token) {
      throw new ApiError(404, 'not_found');
    }
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      throw new ApiError(401, given ? 'token_invalid' : 'not_authenticated');
    }
    const text = await fastify.metrics.scrape();
    return reply.type(fastify.metrics.registry.contentType).send(text);
  });
};
