import {
  ZErrorBody,
  ZIdParam,
  ZMerchant,
  ZMerchantCreateBody,
  ZMerchantForUpdate,
  ZMerchantListQuery,
  ZMerchantOptionPage,
  ZMerchantPage,
  ZMerchantRow,
  ZMerchantUpdateBody,
  ZPageQuery,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import { bulkStatusRoute } from '../../platform/route-schemas';
import type { MerchantsService } from './merchants.service';

export interface MerchantsRoutesOptions {
  merchants: MerchantsService;
}

const openApiTags = ['merchants'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };
const withNotFound = { ...errors, 404: ZErrorBody };

/**
 * /api/v1/merchants/: the network's site owners. Static paths (statuses/, for-update/, for-promotion/) are matched
 * before `:id/` by the router, whatever the registration order.
 */
export const merchantsRoutes = async (fastify: FastifyInstance, options: MerchantsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { merchants } = options;

  app.get(
    '/',
    {
      config: { permission: 'merchants.view' },
      schema: {
        tags: openApiTags,
        summary:
          'Merchants, newest first, with station counts; search over name, agreement, legal entity, phone, email',
        querystring: ZMerchantListQuery,
        response: { 200: ZMerchantPage, ...errors },
      },
    },
    async (request) => merchants.list(request.query, request.language),
  );

  app.post(
    '/',
    {
      config: { permission: 'merchants.create' },
      schema: {
        tags: openApiTags,
        summary: 'Creates a merchant; country, city (of that country), tags and infrastructure must exist',
        body: ZMerchantCreateBody,
        response: { 201: ZMerchant, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await merchants.create(request.body, currentAccount(request), request.language)),
  );

  bulkStatusRoute(fastify, {
    permission: 'merchants.status',
    tags: openApiTags,
    summary: 'Activates or deactivates merchants; answers the updated rows.',
    record: ZMerchantRow,
    query: ZMerchantListQuery,
    byIds: (body, actor, language) => merchants.setStatuses(body, actor, language),
    byFilter: (body, actor) => merchants.setStatusesWhere(body, actor),
  });

  app.get(
    '/for-promotion/',
    {
      config: { permission: 'merchants.view' },
      schema: {
        tags: openApiTags,
        summary: 'Active merchants as {id, name}, by name, searchable: the promotion and banner pickers',
        querystring: ZPageQuery,
        response: { 200: ZMerchantOptionPage, ...errors },
      },
    },
    async (request) => merchants.listOptions(request.query),
  );

  app.get(
    '/for-update/:id/',
    {
      config: { permission: 'merchants.view' },
      schema: {
        tags: openApiTags,
        summary: 'A merchant as the edit form sends it back: ids for country, city, tags and infrastructure',
        params: ZIdParam,
        response: { 200: ZMerchantForUpdate, ...withNotFound },
      },
    },
    async (request) => merchants.getForUpdate(request.params.id),
  );

  app.get(
    '/:id/',
    {
      config: { permission: 'merchants.view' },
      schema: {
        tags: openApiTags,
        summary: 'A merchant with names in the request language, tags, infrastructure, schedule and station counts',
        params: ZIdParam,
        response: { 200: ZMerchant, ...withNotFound },
      },
    },
    async (request) => merchants.get(request.params.id, request.language),
  );

  app.patch(
    '/:id/',
    {
      config: { permission: 'merchants.edit' },
      schema: {
        tags: openApiTags,
        summary: 'Changes a merchant: only the fields sent; tags, environment and schedule replace the whole list',
        params: ZIdParam,
        body: ZMerchantUpdateBody,
        response: { 200: ZMerchant, ...withNotFound },
      },
    },
    async (request) => merchants.update(request.params.id, request.body, currentAccount(request), request.language),
  );
};
