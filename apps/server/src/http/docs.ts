import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { MultipartBodySchema } from '../platform/multipart-docs';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The OpenAPI schema of a multipart body (`multipartBodySchema`, platform/multipart-docs.ts), for the document only:
     * Fastify does not validate a multipart body, the route reads its parts. Put under `requestBody` here.
     */
    multipartBody?: MultipartBodySchema;
  }
}

/** The OpenAPI document, generated from the routes' Zod contracts, and Swagger UI to browse it. */
const docsPlugin = async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Zaryad API',
        description:
          'Back-office API of the Zaryad charging network. Send `Authorization: Bearer <access>` (from login) and `Accept-Language: ru|en|ky`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    // Only the API belongs in the document; static files and the docs' own routes do not.
    transform: (input) => {
      if (!input.url.startsWith('/api/v1/')) {
        return { schema: { ...input.schema, hide: true }, url: input.url };
      }
      const { multipartBody, ...schema } = input.schema;
      const transformed = jsonSchemaTransform({ ...input, schema });
      if (multipartBody) {
        // With `consumes: ['multipart/form-data']` the swagger plugin writes the body under that media type.
        return { ...transformed, schema: { ...transformed.schema, body: multipartBody } };
      }
      return transformed;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/v1/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
};

export const docs = fp(docsPlugin, { name: 'docs' });
