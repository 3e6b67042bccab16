import {
  translateMessage,
  ZErrorBody,
  ZGeoAddress,
  ZGeoConfig,
  ZGeoPlaces,
  ZGeoReverseQuery,
  ZGeoSearchQuery,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { GeoService } from './geo.service';
import { GeocoderUnavailableError } from './geocoder.client';

export interface GeoRoutesOptions {
  geo: GeoService;
}

const tags = ['geo'];

/** The upstream geocoder's trouble is not the caller's: a 502 with a translated detail. */
const answerUpstream = async <T>(request: FastifyRequest, reply: FastifyReply, load: () => Promise<T>) => {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof GeocoderUnavailableError)) {
      throw error;
    }
    request.log.warn({ err: error }, 'geocoder unavailable');
    return reply.code(502).send({ detail: translateMessage('geocoder_unavailable', request.language) });
  }
};

/**
 * /api/v1/geo/: map configuration and a proxy to the Nominatim-compatible geocoder (GEOCODER_URL), so that
 * the browser never calls it directly: the server identifies itself, caches answers and keeps one rate.
 */
export const geoRoutes = async (fastify: FastifyInstance, options: GeoRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { geo } = options;

  app.get(
    '/config/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags,
        summary: 'Tile URL template, attribution, and the centre and zoom the map opens on',
        response: { 200: ZGeoConfig, 401: ZErrorBody },
      },
    },
    async () => geo.config(),
  );

  app.get(
    '/reverse/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags,
        summary: 'The address of a point in the request language; an empty display_name when there is none',
        querystring: ZGeoReverseQuery,
        response: { 200: ZGeoAddress, 400: ZValidationErrorBody, 401: ZErrorBody, 502: ZErrorBody },
      },
    },
    async (request, reply) =>
      answerUpstream(request, reply, () => geo.reverse(request.query.lat, request.query.lon, request.language)),
  );

  app.get(
    '/search/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags,
        summary: 'Up to 5 places matching a text, in the request language',
        querystring: ZGeoSearchQuery,
        response: { 200: ZGeoPlaces, 400: ZValidationErrorBody, 401: ZErrorBody, 502: ZErrorBody },
      },
    },
    async (request, reply) => answerUpstream(request, reply, () => geo.search(request.query.q, request.language)),
  );
};
