import {
  ZErrorBody,
  ZIdParam,
  ZSavedView,
  ZSavedViewCreateBody,
  ZSavedViewListQuery,
  ZSavedViewUpdateBody,
  ZValidationErrorBody,
} from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAccount } from '../../http/auth';
import type { SavedViewsService } from './saved-views.service';

export interface SavedViewsRoutesOptions {
  savedViews: SavedViewsService;
}

const tags = ['saved views'];
// Signed in, then the list's own view permission (charges.view, users.view, balances.view), checked by the service.
const config = { permission: 'signed_in' } as const;
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** /api/v1/saved-views/ (docs/product/search.md#saved-views): named filters, sort and columns of a list. */
export const savedViewsRoutes = async (fastify: FastifyInstance, options: SavedViewsRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { savedViews } = options;

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: "A list's views the account may apply: its own (by name), then the others' shared ones (by name)",
        querystring: ZSavedViewListQuery,
        response: { 200: z.array(ZSavedView), ...errors },
      },
    },
    async (request) => savedViews.list(currentAccount(request), request.query.list),
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Saves a view of a list, private unless shared is true',
        body: ZSavedViewCreateBody,
        response: { 201: ZSavedView, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await savedViews.create(currentAccount(request), request.body)),
  );

  app.get(
    '/:id/',
    {
      config,
      schema: {
        tags,
        summary: "One view: the account's own or a shared one; another's private view answers 404",
        params: ZIdParam,
        response: { 200: ZSavedView, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => savedViews.get(currentAccount(request), request.params.id),
  );

  app.patch(
    '/:id/',
    {
      config,
      schema: {
        tags,
        summary: 'Renames, shares or unshares a view, or saves its state again; only its owner may (403 otherwise)',
        params: ZIdParam,
        body: ZSavedViewUpdateBody,
        response: { 200: ZSavedView, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => savedViews.update(currentAccount(request), request.params.id, request.body),
  );

  app.delete(
    '/:id/',
    {
      config,
      schema: {
        tags,
        summary: 'Deletes a view; only its owner may (403 otherwise)',
        params: ZIdParam,
        response: { 204: z.null(), ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await savedViews.remove(currentAccount(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
