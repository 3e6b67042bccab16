import { createHash } from 'node:crypto';
import { ZErrorBody, ZValidationErrorBody } from '@zaryad/contracts';
import {
  APP_CONTENT_MAX_AGE_S,
  ZAppBannerList,
  ZAppFullscreenList,
  ZAppFullscreenQuery,
  ZAppNewsPage,
  ZAppNewsQuery,
  ZAppPromotionList,
  ZAppStation,
  ZAppStationFilterQuery,
  ZAppStationIdParam,
  ZAppStationListQuery,
  ZAppStationPage,
} from '@zaryad/contracts/app-catalogue';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { createDriverCatalogue } from './drivers.catalogue';
import { createDriverContent } from './drivers.content';

export interface DriverCatalogueRoutesOptions {
  db: Database;
}

const signedIn = { permission: 'signed_in' } as const;
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const notModified = { 304: z.null().meta({ description: 'Not modified: the If-None-Match ETag is still current.' }) };
const CACHE_DESCRIPTION =
  `Answered with Cache-Control: private, max-age=${APP_CONTENT_MAX_AGE_S} and a weak ETag of the body; ` +
  'If-None-Match with it answers 304 without a body while nothing changed.';

/** `W/"…"` of the answer as sent: the language is in the body, so each language has its own tag. */
const weakEtagOf = (body: unknown) =>
  `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;

/** Whether If-None-Match names this tag (weak comparison, RFC 9110 13.1.2) or is `*`. */
const isStillCurrent = (request: FastifyRequest, etag: string) => {
  const header = request.headers['if-none-match'];
  if (!header) {
    return false;
  }
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
};

/**
 * The app's content changes seldom and is asked on every screen: the phone keeps it a minute, then revalidates with
 * its ETag. `private`: the answer is a signed-in driver's (shared caches must not keep it).
 */
const sendCached = <T>(request: FastifyRequest, reply: FastifyReply, body: T): T | null => {
  const etag = weakEtagOf(body);
  reply
    .header('cache-control', `private, max-age=${APP_CONTENT_MAX_AGE_S}`)
    .header('etag', etag)
    .header('vary', 'Accept-Language, Authorization');
  if (isStillCurrent(request, etag)) {
    reply.code(304);
    return null;
  }
  return body;
};

/** /api/app/v1/stations/ and /api/app/v1/content/: what the app shows before a charge. */
export const driverCatalogueRoutes = async (fastify: FastifyInstance, { db }: DriverCatalogueRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const catalogue = createDriverCatalogue(db);
  const content = createDriverContent(db);

  app.get(
    '/stations/',
    {
      config: signedIn,
      schema: {
        tags: ['stations'],
        summary: 'Stations near a point, by distance (or by name without one); searched, filtered and paged',
        description:
          'Only active stations of active merchants. With lat and lon: those within radius km (default 10, at most 100), nearest first, with distance_m. ' +
          'search: a part of a name or an address in any language. connector_type, min_power and available describe one connector that must be there. ' +
          'tags and infrastructure: every one must be the station’s or its merchant’s. Each item summarises its connectors per type: total, available now, the highest power.',
        querystring: ZAppStationListQuery,
        response: { 200: ZAppStationPage, ...errors },
      },
    },
    async (request) => catalogue.listStations(request.query, request.language),
  );

  app.get(
    '/stations/:id/',
    {
      config: signedIn,
      schema: {
        tags: ['stations'],
        summary: 'One station: connectors with live status and the price now, photos, schedule, tags, infrastructure',
        description:
          'Each connector’s price is the price preview’s (its tariff, its prices now and over the next 24 hours). ' +
          'available: its last OCPP status is Available and the station is online. open_now follows the station’s schedule in Bishkek time. ' +
          'An inactive station, or one of an inactive merchant, answers 404.',
        params: ZAppStationIdParam,
        response: { 200: ZAppStation, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => catalogue.station(request.params.id, request.language),
  );

  app.get(
    '/content/banners/',
    {
      config: signedIn,
      schema: {
        tags: ['content'],
        summary: 'The banners on now (active, within their period); with station, only those shown at it',
        description: `A banner of a merchant is shown at its stations (all of them, or those it lists). ${CACHE_DESCRIPTION}`,
        querystring: ZAppStationFilterQuery,
        response: { 200: ZAppBannerList, ...notModified, ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) => sendCached(request, reply, await content.banners(request.query.station)),
  );

  app.get(
    '/content/fullscreens/',
    {
      config: signedIn,
      schema: {
        tags: ['content'],
        summary: 'The fullscreens on now on one of the app’s screens (main, list, maps, stock, notifications)',
        description: CACHE_DESCRIPTION,
        querystring: ZAppFullscreenQuery,
        response: { 200: ZAppFullscreenList, ...notModified, ...errors },
      },
    },
    async (request, reply) => sendCached(request, reply, await content.fullscreens(request.query.category)),
  );

  app.get(
    '/content/news/',
    {
      config: signedIn,
      schema: {
        tags: ['content'],
        summary: 'The network’s news in the driver’s language, newest first, paged',
        description: CACHE_DESCRIPTION,
        querystring: ZAppNewsQuery,
        response: { 200: ZAppNewsPage, ...notModified, ...errors },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await content.news(request.query.page, request.query.size, request.language)),
  );

  app.get(
    '/content/promotions/',
    {
      config: signedIn,
      schema: {
        tags: ['content'],
        summary: 'The promotions running now with their discount and conditions; with station, those that apply there',
        description:
          'A promotion of a merchant applies at its stations (all of them, or those it lists). by_code: only through one of its promo codes. ' +
          CACHE_DESCRIPTION,
        querystring: ZAppStationFilterQuery,
        response: { 200: ZAppPromotionList, ...notModified, ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await content.promotions(request.query.station, request.language)),
  );
};
