import {
  ZCatalogueListQuery,
  ZErrorBody,
  ZIdParam,
  ZTag,
  ZTagCreateBody,
  ZTagPage,
  ZTagUpdateBody,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import { bulkStatusRoute, deleteWhenInactiveResponses } from '../../platform/route-schemas';
import type { TagsService } from './tags.service';

export interface TagsRoutesOptions {
  tags: TagsService;
}

const openApiTags = ['tags'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };

/** /api/v1/common/tags/: the tags stations are labelled with. */
export const tagsRoutes = async (fastify: FastifyInstance, options: TagsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { tags } = options;

  app.get(
    '/',
    {
      config: { permission: 'tags.view' },
      schema: {
        tags: openApiTags,
        summary: "Tags, newest first; search over the titles (only `language`'s title when given); active=true|false",
        querystring: ZCatalogueListQuery,
        response: { 200: ZTagPage, ...errors },
      },
    },
    async (request) => tags.list(request.query),
  );

  app.post(
    '/',
    {
      config: { permission: 'tags.create' },
      schema: {
        tags: openApiTags,
        summary: 'Creates a tag; it starts active (status 0, ready to be picked for stations) unless `status` is 1',
        body: ZTagCreateBody,
        response: { 201: ZTag, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await tags.create(request.body, currentAccount(request))),
  );

  bulkStatusRoute(fastify, {
    permission: 'tags.status',
    tags: openApiTags,
    summary: 'Activates or deactivates tags; answers the updated tags.',
    record: ZTag,
    query: ZCatalogueListQuery,
    byIds: (body, actor) => tags.setStatuses(body, actor),
    byFilter: (body, actor) => tags.setStatusesWhere(body, actor),
  });

  app.patch(
    '/:id/',
    {
      config: { permission: 'tags.edit' },
      schema: {
        tags: openApiTags,
        summary: 'Changes a tag; only the titles sent change',
        params: ZIdParam,
        body: ZTagUpdateBody,
        response: { 200: ZTag, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => tags.update(request.params.id, request.body, currentAccount(request)),
  );

  app.delete(
    '/:id/',
    {
      config: { permission: 'tags.delete' },
      schema: {
        tags: openApiTags,
        summary: 'Deletes an inactive tag; an active one answers 400 with an array of messages',
        params: ZIdParam,
        response: deleteWhenInactiveResponses,
      },
    },
    async (request, reply) => {
      await tags.remove(request.params.id, currentAccount(request));
      return reply.code(204).send(null);
    },
  );
};
