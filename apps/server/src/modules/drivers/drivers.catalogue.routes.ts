import type { FastifyInstance } from 'fastify';

/** /api/app/v1/stations/ and /api/app/v1/content/: what the app shows before a charge. */
export const driverCatalogueRoutes = async (_fastify: FastifyInstance) => {};
