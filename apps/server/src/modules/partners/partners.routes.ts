import {
  ZErrorBody,
  ZIdParam,
  ZRentalPartner,
  ZRentalPartnerCreateBody,
  ZRentalPartnerListQuery,
  ZRentalPartnerPage,
  ZRentalPartnerUpdateBody,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import { bulkStatusRoute } from '../../platform/route-schemas';
import type { PartnersService } from './partners.service';

export interface PartnersRoutesOptions {
  partners: PartnersService;
}

const tags = ['software-rental-partners'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };

/** /api/v1/software-rental-partners/: companies renting the network's software. */
export const partnersRoutes = async (fastify: FastifyInstance, options: PartnersRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { partners } = options;

  app.get(
    '/',
    {
      config: { permission: 'partners.view' },
      schema: {
        tags,
        summary:
          'Rental partners, newest first; search over name, legal entity and agreement number; active=true|false',
        querystring: ZRentalPartnerListQuery,
        response: { 200: ZRentalPartnerPage, ...errors },
      },
    },
    async (request) => partners.list(request.query),
  );

  app.post(
    '/',
    {
      config: { permission: 'partners.create' },
      schema: {
        tags,
        summary: 'Creates a rental partner (active); end_date, when given, is not before start_date',
        body: ZRentalPartnerCreateBody,
        response: { 201: ZRentalPartner, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await partners.create(request.body, currentAccount(request))),
  );

  bulkStatusRoute(fastify, {
    permission: 'partners.status',
    tags,
    summary: 'Activates or deactivates partners; answers the updated partners.',
    record: ZRentalPartner,
    query: ZRentalPartnerListQuery,
    byIds: (body, actor) => partners.setStatuses(body, actor),
    byFilter: (body, actor) => partners.setStatusesWhere(body, actor),
  });

  app.get(
    '/:id/',
    {
      config: { permission: 'partners.view' },
      schema: {
        tags,
        summary: 'One rental partner',
        params: ZIdParam,
        response: { 200: ZRentalPartner, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => partners.get(request.params.id),
  );

  app.patch(
    '/:id/',
    {
      config: { permission: 'partners.edit' },
      schema: {
        tags,
        summary: 'Changes a rental partner; only the fields sent change; the dates are checked against the stored ones',
        params: ZIdParam,
        body: ZRentalPartnerUpdateBody,
        response: { 200: ZRentalPartner, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => partners.update(request.params.id, request.body, currentAccount(request)),
  );
};
