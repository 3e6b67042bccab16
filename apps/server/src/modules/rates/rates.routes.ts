import {
  ZDefaultRateFeeList,
  ZErrorBody,
  ZIdParam,
  ZRate,
  ZRateCreateBody,
  ZRateListQuery,
  ZRatePage,
  ZRateStatusList,
  ZRateUpdateBody,
  ZRateVersion,
  ZRateVersionBody,
  ZRateVersionList,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentAccount } from '../../http/auth';
import { BULK_STATUS_NOTE, bulkStatusResponses, deleteWhenInactiveResponses } from '../../platform/route-schemas';
import type { RatesService } from './rates.service';

export interface RatesRoutesOptions {
  rates: RatesService;
}

const tags = ['payments'];
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody };

/** /api/v1/payments/: rates (tariffs), price per kWh in som for a connector type. */
export const ratesRoutes = async (fastify: FastifyInstance, options: RatesRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { rates } = options;

  // A static path: registered explicitly so that it is never read as an {id}.
  app.get(
    '/default-rates-fee/',
    {
      config: { permission: 'rates.view' },
      schema: {
        tags,
        summary: 'For every connector type: {typo, name, fee} with the fee of its active default rate, or null',
        response: { 200: ZDefaultRateFeeList, 401: ZErrorBody },
      },
    },
    async () => rates.listDefaultFees(),
  );

  app.get(
    '/',
    {
      config: { permission: 'rates.view' },
      schema: {
        tags,
        summary:
          'Rates, newest first; search over the name; active=true|false; default=true (default rates) or false (personal); typo=connector type key',
        querystring: ZRateListQuery,
        response: { 200: ZRatePage, ...errors },
      },
    },
    async (request) => rates.list(request.query),
  );

  app.post(
    '/',
    {
      config: { permission: 'rates.create' },
      schema: {
        tags,
        summary:
          'Creates a rate; it starts inactive (status 1) so that it can still be edited, and is activated through PATCH /payments/',
        body: ZRateCreateBody,
        response: { 201: ZRate, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await rates.create(request.body, currentAccount(request))),
  );

  app.patch(
    '/',
    {
      config: { permission: 'rates.status' },
      schema: {
        tags,
        summary: `Changes rate statuses: a list of {id, active}; answers the updated rates. At most one active default rate per connector type. ${BULK_STATUS_NOTE}`,
        body: ZRateStatusList,
        response: bulkStatusResponses(ZRate),
      },
    },
    async (request) => rates.setStatuses(request.body, currentAccount(request)),
  );

  app.get(
    '/:id/',
    {
      config: { permission: 'rates.view' },
      schema: { tags, summary: 'One rate', params: ZIdParam, response: { 200: ZRate, ...errors, 404: ZErrorBody } },
    },
    async (request) => rates.get(request.params.id),
  );

  app.patch(
    '/:id/',
    {
      config: { permission: 'rates.edit' },
      schema: {
        tags,
        summary: 'Changes an inactive rate; only the fields sent change. An active rate cannot be edited',
        params: ZIdParam,
        body: ZRateUpdateBody,
        response: { 200: ZRate, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => rates.update(request.params.id, request.body, currentAccount(request)),
  );

  app.get(
    '/:id/versions/',
    {
      config: { permission: 'rates.view' },
      schema: {
        tags,
        summary:
          "Every version of the rate's price, newest first: each in force from effective_from until the next one's",
        params: ZIdParam,
        response: { 200: ZRateVersionList, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => rates.listVersions(request.params.id),
  );

  app.post(
    '/:id/versions/',
    {
      config: { permission: 'rates.edit' },
      schema: {
        tags,
        summary:
          'A new price of the rate, active or not, in force from effective_from (now when absent; never in the past, effective_from_past). Components left out keep the values of the version in force then. Charges are priced by the versions in force while they ran',
        params: ZIdParam,
        body: ZRateVersionBody,
        response: { 201: ZRateVersion, ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await rates.addVersion(request.params.id, request.body, currentAccount(request))),
  );

  app.delete(
    '/:id/',
    {
      config: { permission: 'rates.delete' },
      schema: {
        tags,
        summary: 'Deletes an inactive rate; an active one is refused with a 400 whose body is a JSON array of messages',
        params: ZIdParam,
        response: deleteWhenInactiveResponses,
      },
    },
    async (request, reply) => {
      await rates.remove(request.params.id, currentAccount(request));
      return reply.code(204).send(null);
    },
  );
};
