import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_API_PREFIX } from '@zaryad/contracts/app';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** The drivers' API document (registered inside the drivers domain's routes only). */
    appSwagger?: () => unknown;
  }
}

/**
 * The drivers' API has its own OpenAPI document, `/api/app/v1/openapi.json`, browsable at `/api/app/v1/docs`: a
 * second document generator registered inside the domain's routes, so that it sees only them (the dashboard's
 * document hides them in turn, http/docs.ts).
 */
export const registerDriverDocs = async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    decorator: 'appSwagger',
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Zaryad drivers’ API',
        description: [
          'The API of the network’s drivers’ app (docs/product/app-api.md). Sign in with POST /auth/code/ and /auth/verify/, then send `Authorization: Bearer <access>`.',
          'Send `Accept-Language: ru|en|ky` (messages and content), and `X-App-Platform: ios|android|web` and `X-App-Version` to describe the app.',
          'A dashboard token is refused here, and a driver token on the dashboard’s /api/v1/.',
        ].join(' '),
        version: '1.0.0',
      },
      components: { securitySchemes: { driverBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ driverBearer: [] }],
    },
    transform: (input) =>
      input.url.startsWith(`${APP_API_PREFIX}/`) && !input.url.includes('/docs')
        ? jsonSchemaTransform(input)
        : { schema: { ...input.schema, hide: true }, url: input.url },
  } as Parameters<typeof fastifySwagger>[1]);
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    transformSpecification: () => (app.appSwagger?.() ?? {}) as Record<string, unknown>,
    transformSpecificationClone: false,
  });
  app.get('/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () =>
    app.appSwagger?.(),
  );
};
