import {
  ZBannerCreateFields,
  ZBannerItem,
  ZBannerListQuery,
  ZBannerLive,
  ZBannerLiveQuery,
  ZBannerPage,
  ZBannerUpdateFields,
  ZErrorBody,
  ZFullscreenCreateFields,
  ZFullscreenUpdateFields,
  ZIdParam,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAccount } from '../../http/auth';
import { registerMultipart } from '../../platform/multipart';
import { multipartBodySchema } from '../../platform/multipart-docs';
import { bulkStatusRoute, deleteWhenInactiveResponses } from '../../platform/route-schemas';
import { BANNER_FORM, IMAGE_FIELD, readCreateForm, readUpdateForm } from './banners.form';
import type { BannersService } from './banners.service';

export interface BannersRoutesOptions {
  banners: BannersService;
}

const tags = ['banners'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };
const multipartNote =
  'multipart/form-data. Both types: name, merchant (id, optional), status (0 active, 1 inactive), start_date and ' +
  'end_date (ISO date-time with offset, start strictly before end), and the file `image` (png or jpeg judged by its ' +
  'content, at most 256 KB). Banner: source_link (http or https), button_name, button_color (#RRGGBB), repeated ' +
  '`stations` of the merchant. Fullscreen: link, repeated `categories` (main, list, maps, stock, notifications), ' +
  'destination (browser, webview, merchant); its image is 9:19.5 within 1%, read from the file';

/** Fields of one type only: sent on the other, they answer 'unknown_field'. */
const typeNotes = {
  source_link: 'banner only',
  button_name: 'banner only',
  button_color: 'banner only',
  stations: 'banner only',
  link: 'fullscreen only',
  categories: 'fullscreen only',
  destination: 'fullscreen only',
};
const typeField = (note: string) => ({ type: 'string', enum: ['banner', 'fullscreen'], description: note });

/** /api/v1/ads/banners/: banners and fullscreens of the drivers' app. */
export const bannersRoutes = async (fastify: FastifyInstance, options: BannersRoutesOptions) => {
  await registerMultipart(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { banners } = options;

  app.get(
    '/',
    {
      config: { permission: 'banners.view' },
      schema: {
        tags,
        summary:
          'Banners (type=banner) or fullscreens (type=fullscreen), newest first; archive=true lists the ended or ' +
          'archived ones; search over the name; merchant, active and (fullscreens) category filters',
        querystring: ZBannerListQuery,
        response: { 200: ZBannerPage, ...errors },
      },
    },
    async (request) => banners.list(request.query),
  );

  app.get(
    '/live/',
    {
      config: { permission: 'banners.view' },
      schema: {
        tags,
        summary:
          "What the drivers' app shows now on one screen: the active banners and the active fullscreens of the " +
          'category; cached for at most 30 seconds',
        querystring: ZBannerLiveQuery,
        response: { 200: ZBannerLive, ...errors },
      },
    },
    async (request) => banners.live(request.query.category),
  );

  app.post(
    '/',
    {
      config: { permission: 'banners.create' },
      schema: {
        tags,
        summary: 'Creates a banner or a fullscreen (`type`); an active one needs an end still ahead',
        description: `${multipartNote}; type (banner or fullscreen) and the image are required.`,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBodySchema(BANNER_FORM, z.union([ZBannerCreateFields, ZFullscreenCreateFields]), {
          required: ['type', IMAGE_FIELD],
          notes: typeNotes,
          fields: { type: typeField('What is created; the fields of the other type are refused') },
        }),
        response: { 201: ZBannerItem, ...errors, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request, reply) => {
      const form = await readCreateForm(request);
      return reply.code(201).send(await banners.create(form.create, form.image, currentAccount(request)));
    },
  );

  bulkStatusRoute(fastify, {
    permission: 'banners.status',
    tags,
    summary: 'Activates or deactivates items; an item whose end has passed is never activated.',
    record: ZBannerItem,
    query: ZBannerListQuery,
    byIds: (body, actor) => banners.setStatuses(body, actor),
    byFilter: (body, actor) => banners.setStatusesWhere(body, actor),
  });

  app.get(
    '/:id/',
    {
      config: { permission: 'banners.view' },
      schema: {
        tags,
        summary: 'One banner or fullscreen',
        params: ZIdParam,
        response: { 200: ZBannerItem, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => banners.get(request.params.id),
  );

  app.patch(
    '/:id/',
    {
      config: { permission: 'banners.edit' },
      schema: {
        tags,
        summary: 'Changes a banner or a fullscreen; only the fields sent change, a new image replaces the old file',
        description: `${multipartNote}; every field is optional, the type cannot change.`,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBodySchema(BANNER_FORM, z.union([ZBannerUpdateFields, ZFullscreenUpdateFields]), {
          notes: typeNotes,
          fields: { type: typeField("The stored type, if sent: a banner's type cannot change") },
        }),
        params: ZIdParam,
        response: { 200: ZBannerItem, ...errors, 404: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request) => {
      const type = await banners.typeOf(request.params.id);
      const form = await readUpdateForm(request, type);
      return banners.update(request.params.id, form.update, form.image, currentAccount(request));
    },
  );

  app.delete(
    '/:id/',
    {
      config: { permission: 'banners.delete' },
      schema: {
        tags,
        summary: 'Deletes an inactive item and its image; an active one answers 400 with an array of messages',
        params: ZIdParam,
        response: deleteWhenInactiveResponses,
      },
    },
    async (request, reply) => {
      await banners.remove(request.params.id, currentAccount(request));
      return reply.code(204).send(null);
    },
  );
};
