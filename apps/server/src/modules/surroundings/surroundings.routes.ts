import {
  ZCatalogueListQuery,
  ZErrorBody,
  ZIdParam,
  ZSurrounding,
  ZSurroundingFields,
  ZSurroundingPage,
  ZSurroundingUpdateFields,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import { registerMultipart } from '../../platform/multipart';
import { multipartBodySchema } from '../../platform/multipart-docs';
import { bulkStatusRoute, deleteWhenInactiveResponses } from '../../platform/route-schemas';
import { ICON_FIELD, readCreateForm, readUpdateForm, SURROUNDING_FORM } from './surroundings.form';
import type { SurroundingsService } from './surroundings.service';

export interface SurroundingsRoutesOptions {
  surroundings: SurroundingsService;
}

const openApiTags = ['infrastructure'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };
const multipartNote =
  'multipart/form-data: title_ru (required), title_en, title_ky, and the file `icon` (svg judged by its content, ' +
  'at most 256 KB, sanitised before it is stored)';

/** /api/v1/common/surroundings/: the infrastructure around stations (café, toilet, Wi-Fi...), each with an svg icon. */
export const surroundingsRoutes = async (fastify: FastifyInstance, options: SurroundingsRoutesOptions) => {
  await registerMultipart(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { surroundings } = options;

  app.get(
    '/',
    {
      config: { permission: 'infrastructure.view' },
      schema: {
        tags: openApiTags,
        summary:
          "Infrastructure, newest first; search over the titles (only `language`'s title when given); active=true|false",
        querystring: ZCatalogueListQuery,
        response: { 200: ZSurroundingPage, ...errors },
      },
    },
    async (request) => surroundings.list(request.query),
  );

  app.post(
    '/',
    {
      config: { permission: 'infrastructure.create' },
      schema: {
        tags: openApiTags,
        summary:
          'Creates an infrastructure item; it starts active (status 0, ready to be picked for stations) unless `status` is 1',
        description: `${multipartNote}; the icon is required.`,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBodySchema(SURROUNDING_FORM, ZSurroundingFields, { required: [ICON_FIELD] }),
        response: { 201: ZSurrounding, ...errors, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request, reply) => {
      const form = await readCreateForm(request);
      return reply.code(201).send(await surroundings.create(form.body, form.icon, currentAccount(request)));
    },
  );

  bulkStatusRoute(fastify, {
    permission: 'infrastructure.status',
    tags: openApiTags,
    summary: 'Activates or deactivates items; answers the updated items.',
    record: ZSurrounding,
    query: ZCatalogueListQuery,
    byIds: (body, actor) => surroundings.setStatuses(body, actor),
    byFilter: (body, actor) => surroundings.setStatusesWhere(body, actor),
  });

  app.patch(
    '/:id/',
    {
      config: { permission: 'infrastructure.edit' },
      schema: {
        tags: openApiTags,
        summary: 'Changes an item; only the fields sent change, a new icon replaces the old file',
        description: `${multipartNote}; every field is optional.`,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBodySchema(SURROUNDING_FORM, ZSurroundingUpdateFields),
        params: ZIdParam,
        response: { 200: ZSurrounding, ...errors, 404: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody },
      },
    },
    async (request) => {
      const form = await readUpdateForm(request);
      return surroundings.update(request.params.id, form.body, form.icon, currentAccount(request));
    },
  );

  app.delete(
    '/:id/',
    {
      config: { permission: 'infrastructure.delete' },
      schema: {
        tags: openApiTags,
        summary: 'Deletes an inactive item and its icon; an active one answers 400 with an array of messages',
        params: ZIdParam,
        response: deleteWhenInactiveResponses,
      },
    },
    async (request, reply) => {
      await surroundings.remove(request.params.id, currentAccount(request));
      return reply.code(204).send(null);
    },
  );
};
