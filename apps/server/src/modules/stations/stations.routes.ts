import {
  translateMessage,
  ZErrorBody,
  ZIdParam,
  ZStation,
  ZStationConnectorsBody,
  ZStationListQuery,
  ZStationOptionPage,
  ZStationOptionQuery,
  ZStationPage,
  ZStationResetBody,
  ZStationResetResult,
  ZStationCreateFields,
  ZStationRow,
  ZStationUpdateFields,
  ZPricePreview,
  ZPriceQuery,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import { ZHeatMap, ZHeatMapQuery } from '@zaryad/contracts/analytics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentAccount } from '../../http/auth';
import { chargePointsOf } from '../../platform/charge-points';
import { registerMultipart } from '../../platform/multipart';
import { multipartBodySchema } from '../../platform/multipart-docs';
import { bulkStatusRoute, deleteWhenInactiveResponses } from '../../platform/route-schemas';
import type { FileStorage } from '../media';
import { connectorPrice } from './connector-tariff';
import { changeStationConnectors } from './station-connectors.service';
import type { StationSecrets } from './station-secret';
import {
  MEDIA_FIELD,
  readStationCreateForm,
  readStationUpdateForm,
  STATION_CREATE_FORM,
  STATION_UPDATE_FORM,
} from './stations.form';
import { createStationQueries } from './stations.queries';
import { loadStation } from './stations.read';
import { createStationWrites } from './stations.service';

export interface StationsRoutesOptions {
  db: Database;
  storage: FileStorage;
  secrets: StationSecrets;
}

const openApiTags = ['stations'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };
// Static paths (/stations/connectors-types-positions/ of connector-lookups.routes.ts, statuses, heat-map...) win over
// this parameter in the router, and ZIdParam answers 400 to anything but a positive integer.
const ID = ':id';
const ZIdentityParam = z.object({ identity: z.string().trim().min(1).max(48) });
const multipartNote =
  'multipart/form-data with indexed names: merchant (create only), identity, password (16-40 letters and digits, ' +
  'never answered), pic, name_ru|en|ky, address_ru|en|ky, latitude, longitude (up to 6 decimals), manufacturer, ' +
  'execution_type (wall|floor|mobile), is_gas_station, status (0|1), is_new, country, city, repeated `tags` and ' +
  '`environment`, schedule[i]day|start_time|end_time|is_break, files `avatar` (png/jpeg) and ' +
  '`media_files[i]content` (png/jpeg up to 2000 KB, mp4 up to 100 MB, judged by content; at most 10 per station).';

/** /api/v1/stations/: a merchant's charging stations with their EVSE modules, connectors and media. */
export const stationsRoutes = async (fastify: FastifyInstance, options: StationsRoutesOptions) => {
  await registerMultipart(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = options;
  const writes = createStationWrites(options);
  const queries = createStationQueries(db, storage);

  app.get(
    '/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags: openApiTags,
        summary:
          "A merchant's stations (the merchant detail table), newest first; search over names and identity; active=true|false",
        querystring: ZStationListQuery,
        response: { 200: ZStationPage, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => queries.list(request.query, request.language),
  );

  app.post(
    '/',
    {
      config: { permission: 'stations.create' },
      schema: {
        tags: openApiTags,
        summary:
          'Creates a station with its connectors (connectors[i]evse_id|connector_id|ocpp_16_id|evse_label|typo|position|power_kWh|cable_length|custom_fee|rate_id: a personal rate of its type) and media; at least one image',
        description: multipartNote,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBodySchema(STATION_CREATE_FORM, ZStationCreateFields, {
          required: [MEDIA_FIELD],
          notes: { [MEDIA_FIELD]: 'at least one image' },
        }),
        response: { 201: ZStation, ...errors, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request, reply) => {
      const form = await readStationCreateForm(request, storage);
      return reply
        .code(201)
        .send(await writes.create(form.body, form.uploads, currentAccount(request), request.language));
    },
  );

  bulkStatusRoute(fastify, {
    permission: 'stations.status',
    tags: openApiTags,
    summary: 'Activates or deactivates stations; answers the updated table rows.',
    record: ZStationRow,
    query: ZStationListQuery,
    byIds: (body, actor, language) => writes.setStatuses(body, actor, language),
    byFilter: (body, actor) => writes.setStatusesWhere(body, actor),
  });

  app.get(
    '/for-transaction/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags: openApiTags,
        summary: 'Every station, searchable, optionally of one merchant: the station filter of charges and payments',
        querystring: ZStationOptionQuery,
        response: { 200: ZStationOptionPage, ...errors },
      },
    },
    async (request) => queries.options(request.query, request.language, false),
  );

  app.get(
    '/for-promotion/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags: openApiTags,
        summary:
          'Active stations, searchable, optionally of one merchant: the station picker of promotions and banners',
        querystring: ZStationOptionQuery,
        response: { 200: ZStationOptionPage, ...errors },
      },
    },
    async (request) => queries.options(request.query, request.language, true),
  );

  app.get(
    '/connectors/:id/price/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags: openApiTags,
        summary:
          "A connector's tariff (its custom fee, its merchant's default rate of the type, else the network's), its prices " +
          'now (periods applied for this moment and its power) and over the next 24 hours in stretches of equal prices, ' +
          'and with kwh (up to 3 decimals) and minutes together an estimate of that energy delivered evenly from now, ' +
          'before any promotion (ZCostBreakdown). rate is null when no tariff applies (a charge there is refused)',
        params: ZIdParam,
        querystring: ZPriceQuery,
        response: { 200: ZPricePreview, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => connectorPrice(db, request.params.id, request.query),
  );

  app.get(
    '/heat-map/',
    {
      config: { permission: 'stations.view' },
      schema: {
        tags: openApiTags,
        summary:
          'Stations with charges in the period (period__from, period__to: YYYY-MM-DD, inclusive) as points weighted by ' +
          'metric (charges, energy in kWh or turnover in som), optionally of one merchant and with a connector type',
        querystring: ZHeatMapQuery,
        response: { 200: ZHeatMap, ...errors },
      },
    },
    async (request) => queries.heatMap(request.query, request.language),
  );

  app.post(
    '/reset/:identity/',
    {
      config: { permission: 'stations.reset' },
      schema: {
        tags: openApiTags,
        summary:
          'Asks the charge point to restart (Hard|Soft) with OCPP Reset.req: success true when it accepts; false when it rejects, times out or is not connected',
        params: ZIdentityParam,
        body: ZStationResetBody,
        response: { 200: ZStationResetResult, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => {
      const gateway = chargePointsOf(request.server);
      const result = await queries.reset(
        request.params.identity,
        request.body.reset_type,
        gateway,
        currentAccount(request).id,
      );
      return { success: result.success, detail: translateMessage(result.detail, request.language) };
    },
  );

  app.get(
    `/update/${ID}/`,
    {
      config: { permission: 'stations.view' },
      schema: {
        tags: openApiTags,
        summary: 'A station for the edit form (the same shape as GET /stations/{id}/)',
        params: ZIdParam,
        response: { 200: ZStation, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => loadStation(db, request.params.id, request.language, storage),
  );

  app.patch(
    `/update/${ID}/`,
    {
      config: { permission: 'stations.edit' },
      schema: {
        tags: openApiTags,
        summary:
          'Changes a station: only the fields sent change; tags/environment replace the lists (delete_tags/delete_environment=true empty them); deleted_media_ids[i] remove media; a new avatar file replaces the old one',
        description: multipartNote,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBodySchema(STATION_UPDATE_FORM, ZStationUpdateFields),
        params: ZIdParam,
        response: { 200: ZStation, ...errors, 404: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request) => {
      const form = await readStationUpdateForm(request, storage);
      return writes.update(request.params.id, form.body, form.uploads, currentAccount(request), request.language);
    },
  );

  app.patch(
    `/update/${ID}/connectors/`,
    {
      config: { permission: 'stations.edit' },
      schema: {
        tags: openApiTags,
        summary:
          'Edits (with id), creates (without) and removes (deleted_conns_ids) connectors, then renumbers modules and connectors from 1',
        params: ZIdParam,
        body: ZStationConnectorsBody,
        response: { 200: ZStation, ...errors, 404: ZErrorBody },
      },
    },
    async (request) =>
      changeStationConnectors(db, storage, request.params.id, request.body, currentAccount(request), request.language),
  );

  app.get(
    `/${ID}/`,
    {
      config: { permission: 'stations.view' },
      schema: {
        tags: openApiTags,
        summary: 'Everything about a station; the password only as has_password',
        params: ZIdParam,
        response: { 200: ZStation, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => loadStation(db, request.params.id, request.language, storage),
  );

  app.delete(
    `/${ID}/`,
    {
      config: { permission: 'stations.delete' },
      schema: {
        tags: openApiTags,
        summary:
          'Deletes an inactive station with its connectors and files; an active one answers 400 with an array of messages',
        params: ZIdParam,
        response: deleteWhenInactiveResponses,
      },
    },
    async (request, reply) => {
      await writes.remove(request.params.id, currentAccount(request));
      return reply.code(204).send(null);
    },
  );
};
